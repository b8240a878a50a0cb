package dev.boxoffice.domain;

import java.util.Objects;

/** A command the domain refuses, with a stable code for machines and a sentence for people. */
public record Rejection(Code code, String message) {

    public enum Code {
        SHOW_ALREADY_EXISTS,
        SHOW_NOT_FOUND,
        SEAT_NOT_FOUND,
        SEAT_NOT_AVAILABLE,
        SEAT_NOT_RESERVED
    }

    public Rejection {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
    }
}
