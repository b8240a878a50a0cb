package dev.boxoffice.entity;

import dev.boxoffice.domain.Decider;
import dev.boxoffice.eventstore.StreamName;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * Everything the runtime needs to know of one kind of aggregate.
 *
 * @param category     names the streams of this type: {@code category-entityId}, for example {@code show-<uuid>}
 * @param exists       false for the initial state: such entities are dropped from memory once idle
 * @param bytesOfState an estimate of the bytes a state holds, for the memory budget
 */
public record EntityType<C, E, S>(
        String category,
        Decider<C, E, S> decider,
        EventCodec<E> events,
        StateCodec<S> snapshots,
        Predicate<S> exists,
        ToLongFunction<S> bytesOfState) {

    public StreamName streamOf(String entityId) {
        return StreamName.of(category, entityId);
    }
}
