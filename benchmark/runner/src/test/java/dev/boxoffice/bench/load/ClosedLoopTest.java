package dev.boxoffice.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Workers that each send their next request once the previous one is answered, until the step closes. */
class ClosedLoopTest {

    @Test
    void eachWorkerSendsItsNextRequestOnceThePreviousIsAnsweredUntilTheStepCloses(@TempDir Path logs) {
        StepRecorder recorder = new StepRecorder(logs.resolve("closed.hlog"), System.nanoTime());
        List<Integer> sentBy = new ArrayList<>();
        List<Runnable> answers = new ArrayList<>();
        ClosedLoop.start(3, recorder, (worker, intended, next) -> {
            sentBy.add(worker);
            answers.add(next); // answered later
        });
        assertThat(sentBy).as("one request a worker, none before its answer").containsExactly(0, 1, 2);

        answers.remove(1).run(); // worker 1 answered: it sends its next
        assertThat(sentBy).containsExactly(0, 1, 2, 1);

        recorder.close();
        answers.forEach(Runnable::run); // answered after the step closed: nothing more
        assertThat(sentBy).hasSize(4);
    }
}
