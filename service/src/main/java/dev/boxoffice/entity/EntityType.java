package dev.boxoffice.entity;

import dev.boxoffice.domain.Decider;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * Everything the runtime needs to know of one kind of aggregate.
 *
 * @param streamPrefix prefixed to an entity id to name its stream, for example {@code "show-"}
 * @param exists       false for the initial state: such entities are dropped from memory once idle
 * @param bytesOfState an estimate of the bytes a state holds, for the memory budget
 */
public record EntityType<C, E, S>(
        String streamPrefix,
        Decider<C, E, S> decider,
        EventCodec<E> events,
        StateCodec<S> snapshots,
        Predicate<S> exists,
        ToLongFunction<S> bytesOfState) {

    String streamId(String entityId) {
        return streamPrefix + entityId;
    }
}
