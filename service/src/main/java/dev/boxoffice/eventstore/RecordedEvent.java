package dev.boxoffice.eventstore;

import java.time.OffsetDateTime;

/**
 * An event as stored: where it sits in its stream ({@code version}) and in the whole log ({@code position}), and the
 * shape of its payload ({@code schemaVersion} of its {@code type}).
 */
public record RecordedEvent(
        StreamName stream,
        long version,
        long position,
        long transactionId,
        String type,
        int schemaVersion,
        byte[] payload,
        String correlationId,
        OffsetDateTime recordedAt) {

    /** The point in the whole log just after this event, for resuming a read of all streams. */
    public LogPosition logPosition() {
        return new LogPosition(transactionId, position);
    }
}
