package dev.boxoffice.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class TurnsTest {

    private final Turns turns = new Turns();
    private final List<String> log = Collections.synchronizedList(new ArrayList<>());

    @RepeatedTest(200) // the order must hold every time, not only when the threads happen to wake in time
    void tasksTakeTurnsRoundRobinInTheOrderGivenAndTheShorterOnesLeaveTheRound() {
        List<Integer> results = turns.run(List.of("a", "b", "c"), List.of(steps("a", 3), steps("b", 1), steps("c", 2)));

        assertThat(log).containsExactly("a", "b", "c", "a", "c", "a");
        assertThat(results).containsExactly(3, 1, 2);
    }

    @Test
    void neverTwoTasksAtOnce() {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        Supplier<Integer> task = () -> {
            for (int i = 0; i < 50; i++) {
                mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
                Thread.yield();
                running.decrementAndGet();
                turns.pass();
            }
            return 0;
        };

        turns.run(List.of("a", "b", "c", "d"), List.of(task, task, task, task));

        assertThat(mostAtOnce).hasValue(1);
    }

    @Test
    void aFailureStopsEveryOtherTaskAtItsNextTurnAndIsThrown() {
        Supplier<Integer> failing = () -> {
            log.add("x");
            throw new IllegalStateException("the variant's JVM died");
        };

        assertThatThrownBy(() -> turns.run(List.of("a", "x", "b"), List.of(steps("a", 5), failing, steps("b", 5))))
                .isInstanceOf(IllegalStateException.class).hasMessage("the variant's JVM died");
        assertThat(log).containsExactly("a", "x"); // b's first turn came after the failure, a's second too
    }

    private Supplier<Integer> steps(String name, int count) {
        return () -> {
            for (int i = 0; i < count; i++) {
                log.add(name);
                turns.pass();
            }
            return count;
        };
    }
}
