package dev.boxoffice.entity;

import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.Decider;
import dev.boxoffice.domain.Decision;
import dev.boxoffice.eventstore.KeyedRecord;
import dev.boxoffice.eventstore.NewEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Commands decided one after another against the state each leaves, to be appended together: one round trip for
 * all of them. {@code state} is the state once every accepted command's events are committed.
 */
record Batch<C, E, S>(List<Decided<C, E, S>> decided, S state) {

    /** A command decided against the pending state; {@code state} is the state after it (unchanged if rejected). */
    record Decided<C, E, S>(Work.Command<C, S> work, Decision<E> decision, S state) {

        List<E> events() {
            return decision instanceof Decision.Accepted<E> accepted ? accepted.events() : List.of();
        }

        /** Sent under an idempotency key and accepted with events: its answer goes into the append. */
        boolean keyed() {
            return work.keyedAnswer() != null && !events().isEmpty();
        }

        CommandOutcome<S> outcome(long versionAfter) {
            return switch (decision) {
                case Decision.Accepted<E> accepted -> new CommandOutcome.Accepted<>(state, versionAfter);
                case Decision.Rejected<E> rejected -> new CommandOutcome.Rejected<>(rejected.rejection());
            };
        }
    }

    /**
     * Takes up to {@code max} commands from the head of {@code queue}, deciding each against the state the previous
     * one leaves; stops at a read, which sees only committed state and so waits for the commands before it.
     */
    static <C, E, S> Batch<C, E, S> decide(ArrayDeque<Work<C, S>> queue, Decider<C, E, S> decider, S committed, int max) {
        List<Decided<C, E, S>> decided = new ArrayList<>();
        S pending = committed;
        while (decided.size() < max && queue.peekFirst() instanceof Work.Command<C, S> command) {
            queue.pollFirst();
            Decision<E> decision = decider.decide(command.command(), pending);
            if (decision instanceof Decision.Accepted<E> accepted) {
                for (E event : accepted.events()) {
                    pending = decider.evolve(pending, event);
                }
            }
            decided.add(new Decided<>(command, decision, pending));
        }
        return new Batch<>(List.copyOf(decided), pending);
    }

    int eventCount() {
        int count = 0;
        for (Decided<C, E, S> d : decided) {
            count += d.events().size();
        }
        return count;
    }

    List<NewEvent> newEvents(EventCodec<E> codec) {
        List<NewEvent> events = new ArrayList<>(eventCount());
        for (Decided<C, E, S> d : decided) {
            for (E event : d.events()) {
                events.add(codec.toNewEvent(event, d.work().correlationId()));
            }
        }
        return events;
    }

    /** The records to commit with the events: the answers of keyed commands accepted with events. */
    List<KeyedRecord> keyedAnswers() {
        List<KeyedRecord> answers = new ArrayList<>();
        for (Decided<C, E, S> d : decided) {
            if (d.keyed()) {
                answers.add(d.work().keyedAnswer().decidedAgainst(d.state()));
            }
        }
        return answers;
    }

    /**
     * After an append refused for {@code takenKeys}: fails the commands under those keys (answered before), and
     * returns the others, in order, to be decided again.
     */
    List<Work.Command<C, S>> withoutTakenKeys(Set<String> takenKeys) {
        List<Work.Command<C, S>> again = new ArrayList<>();
        for (Decided<C, E, S> d : decided) {
            if (d.keyed() && takenKeys.contains(d.work().keyedAnswer().key())) {
                d.work().fail(new IdempotencyKeyTakenException(d.work().keyedAnswer().key()));
            } else {
                again.add(d.work());
            }
        }
        return again;
    }

    /** Answers every command once the batch's events are committed right after {@code versionBefore}. */
    void complete(long versionBefore) {
        long version = versionBefore;
        for (Decided<C, E, S> d : decided) {
            version += d.events().size();
            if (d.keyed()) {
                d.work().keyedAnswer().commit();
            }
            d.work().promise().complete(d.outcome(version));
        }
    }

    /** Whether every command of the batch arrived before {@code nanos} (a {@link System#nanoTime()}). */
    boolean arrivedBefore(long nanos) {
        for (Decided<C, E, S> d : decided) {
            if (d.work().enqueuedNanos() >= nanos) {
                return false;
            }
        }
        return true;
    }

    /** Puts the batch's commands back at the head of {@code queue}, undecided, in their order. */
    void requeue(ArrayDeque<Work<C, S>> queue) {
        for (int i = decided.size() - 1; i >= 0; i--) {
            queue.addFirst(decided.get(i).work());
        }
    }

    void fail(Throwable failure) {
        decided.forEach(d -> d.work().fail(failure));
    }
}
