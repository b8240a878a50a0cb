package dev.boxoffice.eventstore;

import java.util.Objects;

/** An event to append: its type name, its encoded payload and the request it came from (may be null). */
public record NewEvent(String type, byte[] payload, String correlationId) {

    public NewEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(payload, "payload");
    }
}
