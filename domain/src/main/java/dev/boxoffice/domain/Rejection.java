package dev.boxoffice.domain;

import java.util.List;
import java.util.Objects;

/**
 * A command the domain refuses, with a stable code for machines, a sentence for people, and the seats it is about
 * when a command names several (every seat that was not free, or not in the hall).
 */
public record Rejection(Code code, String message, List<Integer> seats) {

    public enum Code {
        SHOW_ALREADY_EXISTS,
        SHOW_NOT_FOUND,
        SEAT_NOT_FOUND,
        SEAT_NOT_AVAILABLE,
        SEAT_NOT_RESERVED,
        SEATS_OUT_OF_RANGE,
        SEATS_NOT_AVAILABLE,
        HOLD_ALREADY_EXISTS,
        CATEGORY_NOT_FOUND,
        NO_SEATS_TOGETHER,
        HOLD_NOT_FOUND,
        HOLD_EXPIRED,
        HOLD_RELEASED,
        HOLD_ALREADY_CONFIRMED,
        NO_WAITING_ROOM,
        WAITING_ROOM_EXISTS,
        NOT_ON_SALE_YET,
        NOT_CALLED_YET,
        WAITING_ROOM_FULL,
        ADMISSION_EXPIRED,
        ADMISSION_REQUIRED,
        SOLD_OUT,
        LINE_CLOSED
    }

    public Rejection {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
        seats = List.copyOf(seats);
    }

    public Rejection(Code code, String message) {
        this(code, message, List.of());
    }
}
