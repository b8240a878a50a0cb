package dev.boxoffice.eventstore;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.pgclient.PgException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A caller is given up on when the database stops answering, not when it answers late. */
class DatabaseLivenessTest {

    private static final long MS = 1_000_000;

    private final AtomicLong clock = new AtomicLong(1_000 * MS);
    private final DatabaseLiveness liveness = new DatabaseLiveness(null, Duration.ofMillis(800), clock::get);

    @Test
    void aCallerIsGivenUpOnOnceTheDatabaseHasAnsweredNothingForTheTimeout() {
        long since = clock.get();
        liveness.owe(Promise.<Void>promise().future()); // never answered: a primary that died
        advance(700);
        assertThat(liveness.givesUp(since, clock.get())).isFalse();
        advance(101);
        assertThat(liveness.givesUp(since, clock.get())).isTrue();
    }

    @Test
    void aDatabaseThatKeepsAnsweringKeepsItsSlowCallersUpToTheLastResort() {
        long since = clock.get();
        liveness.owe(Promise.<Void>promise().future()); // slow: behind a lock, or answered by a starved process
        for (int waited = 100; waited < 800 * DatabaseLiveness.LAST_RESORT; waited += 100) {
            advance(100);
            liveness.owe(Future.succeededFuture()); // others are answered meanwhile
            assertThat(liveness.givesUp(since, clock.get())).as("after %d ms", waited).isFalse();
        }
        advance(101);
        assertThat(liveness.givesUp(since, clock.get())).as("past four times the timeout").isTrue();
    }

    @Test
    void aDatabaseHeardOtherwiseIsNotSilent() {
        long since = clock.get();
        liveness.owe(Promise.<Void>promise().future());
        for (int waited = 100; waited <= 1_500; waited += 100) {
            advance(100);
            liveness.heard(); // the heartbeat's answer, while this process reads none of its statements' answers
        }
        assertThat(liveness.givesUp(since, clock.get())).isFalse();
    }

    @Test
    void aFailedConnectionIsNotTheDatabaseHeardButItsErrorIs() {
        long since = clock.get();
        liveness.owe(Promise.<Void>promise().future()); // stuck on a connection to a primary that died
        advance(500);
        liveness.owe(Future.failedFuture(new java.io.IOException("Connection refused"))); // the proxy has no server
        advance(301);
        assertThat(liveness.givesUp(since, clock.get())).as("connections failing are silence").isTrue();
        liveness.owe(Future.failedFuture(new PgException("duplicate key", "ERROR", "23505", null)));
        assertThat(liveness.givesUp(since, clock.get())).as("the server's own error is an answer").isFalse();
    }

    @Test
    void nothingNewIsSentWhileTheDatabaseIsSilent() {
        liveness.owe(Promise.<Void>promise().future());
        advance(801);
        assertThat(liveness.silent(clock.get())).isTrue();
        boolean[] sent = {false};
        var read = liveness.bounded(() -> {
            sent[0] = true;
            return Future.succeededFuture("rows");
        });
        assertThat(read.failed()).isTrue();
        assertThat(read.cause()).isInstanceOf(DatabaseUnresponsiveException.class);
        assertThat(sent[0]).as("not sent").isFalse();
        liveness.heard();
        assertThat(liveness.silent(clock.get())).isFalse();
    }

    @Test
    void silenceCountsOnlyWhileSomethingIsOwed() {
        advance(60_000); // idle for a minute: nothing was asked, so nothing was refused
        long since = clock.get();
        liveness.owe(Promise.<Void>promise().future());
        advance(500);
        assertThat(liveness.givesUp(since, clock.get())).isFalse();
        advance(400);
        assertThat(liveness.givesUp(since, clock.get())).isTrue();
    }

    @Test
    void aCallerIsNeverGivenUpOnBeforeItHasWaitedTheTimeout() {
        liveness.owe(Promise.<Void>promise().future());
        advance(5_000); // the database has been silent for long
        long since = clock.get(); // a caller that has just arrived
        advance(500);
        assertThat(liveness.givesUp(since, clock.get())).isFalse();
    }

    private void advance(long millis) {
        clock.addAndGet(millis * MS);
    }
}
