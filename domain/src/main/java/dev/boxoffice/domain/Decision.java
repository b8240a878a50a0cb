package dev.boxoffice.domain;

import java.util.List;

/** What {@link Decider#decide} concluded: the events to append (none when nothing needs to change), or why the command is refused. */
public sealed interface Decision<E> {

    record Accepted<E>(List<E> events) implements Decision<E> {
        public Accepted {
            events = List.copyOf(events);
        }
    }

    record Rejected<E>(Rejection rejection) implements Decision<E> {
    }

    static <E> Decision<E> accept(E event) {
        return new Accepted<>(List.of(event));
    }

    static <E> Decision<E> accept(List<E> events) {
        return new Accepted<>(events);
    }

    /** Nothing to change: the command's effect is there already (a confirmation sent twice). */
    static <E> Decision<E> unchanged() {
        return new Accepted<>(List.of());
    }

    static <E> Decision<E> reject(Rejection.Code code, String message) {
        return new Rejected<>(new Rejection(code, message));
    }

    static <E> Decision<E> reject(Rejection.Code code, String message, List<Integer> seats) {
        return new Rejected<>(new Rejection(code, message, seats));
    }
}
