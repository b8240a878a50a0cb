package dev.boxoffice.eventstore;

import java.util.Objects;

/**
 * An event to append: its type name, the schema version its payload is encoded in, the payload, and the request it
 * came from (may be null).
 */
public record NewEvent(String type, int schemaVersion, byte[] payload, String correlationId) {

    public NewEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(payload, "payload");
        if (schemaVersion < 1) {
            throw new IllegalArgumentException("schema versions start at 1: " + schemaVersion);
        }
    }
}
