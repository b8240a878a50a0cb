package dev.boxoffice.entity;

import dev.boxoffice.eventstore.NewEvent;
import dev.boxoffice.eventstore.RecordedEvent;
import java.util.List;

/**
 * Turns an aggregate's events into stored (type, schema version, bytes) and back. A codec writes the current shape of
 * each type and reads every shape ever written: older ones are upcast (see {@link Upcasters}) before they are
 * decoded, so that the domain only ever sees its current events.
 */
public interface EventCodec<E> {

    String typeOf(E event);

    /** The schema version events of {@code type} are written in now. */
    int schemaVersion(String type);

    byte[] encode(E event);

    /** The domain events a stored one stands for: one, or several if the event was split since it was written. */
    List<E> decode(String type, int schemaVersion, byte[] payload);

    default NewEvent toNewEvent(E event, String correlationId) {
        String type = typeOf(event);
        return new NewEvent(type, schemaVersion(type), encode(event), correlationId);
    }

    default List<E> decode(RecordedEvent event) {
        return decode(event.type(), event.schemaVersion(), event.payload());
    }
}
