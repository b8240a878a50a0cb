package dev.boxoffice.line;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Arrival numbers from blocks the show records: none given twice, none called or drawn, none drawn after the draw. */
class LineNumbersTest {

    private static final UUID SHOW = UUID.randomUUID();

    /** A show that records blocks: numbered so far, and whether its draw is made. */
    private static final class Show implements LineNumbers.Blocks {
        long numbered;
        boolean drawn;
        long drawCount;
        final List<Integer> sizes = new ArrayList<>();

        @Override
        public Future<LineNumbers.Progress> reserve(UUID showId, int size) {
            sizes.add(size);
            numbered += size;
            return Future.succeededFuture(progress());
        }

        LineNumbers.Progress progress() {
            return new LineNumbers.Progress(numbered, drawn ? drawCount : 0, drawn);
        }

        void draw() {
            drawn = true;
            drawCount = numbered;
        }
    }

    @Test
    void numbersComeFromRecordedBlocksAndNoneIsGivenTwice() {
        Show show = new Show();
        LineNumbers numbers = new LineNumbers(show);
        List<Long> taken = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            taken.add(numbers.take(SHOW, show.progress(), false).result());
        }
        assertThat(taken).doesNotHaveDuplicates().allMatch(number -> number < show.numbered);
        assertThat(show.sizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(show.numbered);
    }

    @Test
    void afterTheDrawANumberComesFromABlockRecordedAfterIt() {
        Show show = new Show();
        LineNumbers numbers = new LineNumbers(show);
        long beforeTheDraw = numbers.take(SHOW, show.progress(), false).result();
        show.draw();
        int blocks = show.sizes.size();

        long afterTheDraw = numbers.take(SHOW, show.progress(), true).result();

        assertThat(show.sizes).as("a new block, though the first had numbers left").hasSize(blocks + 1);
        assertThat(afterTheDraw).as("its own place, behind every number drawn").isGreaterThanOrEqualTo(show.drawCount)
                .isGreaterThan(beforeTheDraw);
        assertThat(numbers.take(SHOW, show.progress(), true).result()).isEqualTo(afterTheDraw + 1);
    }

    @Test
    void aNumberCalledAlreadyIsNeverHandedOut() {
        Show show = new Show();
        LineNumbers numbers = new LineNumbers(show);
        numbers.take(SHOW, show.progress(), false);
        LineNumbers.Progress calledAhead = new LineNumbers.Progress(show.numbered, 3, true);

        assertThat(numbers.take(SHOW, calledAhead, false).result()).isGreaterThanOrEqualTo(3);
    }

    @Test
    void beforeTheDrawABlockHoldsExactlyTheArrivalsGatheredForIt() {
        Show show = new Show();
        List<Runnable> due = new ArrayList<>();
        List<Long> waits = new ArrayList<>();
        LineNumbers numbers = new LineNumbers(show, (millis, action) -> {
            waits.add(millis);
            due.add(action);
        });
        List<Future<Long>> first = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            first.add(numbers.take(SHOW, show.progress(), false));
        }
        assertThat(show.sizes).as("nothing recorded while arrivals gather").isEmpty();
        due.removeFirst().run();
        assertThat(show.sizes).as("one block of the seven who waited").containsExactly(7);
        assertThat(first).allMatch(Future::succeeded);
        assertThat(first.stream().map(Future::result)).containsExactlyInAnyOrder(0L, 1L, 2L, 3L, 4L, 5L, 6L);

        List<Future<Long>> next = List.of(numbers.take(SHOW, show.progress(), false), numbers.take(SHOW, show.progress(), false));
        assertThat(waits.getLast()).as("the next gathered up to a block's target after the first").isBetween(1L, 250L);
        due.removeFirst().run();
        assertThat(show.sizes).containsExactly(7, 2);
        assertThat(show.numbered).as("every number recorded before the draw handed out: the draw places no one absent")
                .isEqualTo(9);
        assertThat(next.stream().map(Future::result)).containsExactlyInAnyOrder(7L, 8L);
    }
}
