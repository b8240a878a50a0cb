package dev.boxoffice.eventstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.boxoffice.support.TestPostgres;
import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * What only PostgreSQL's store does: the whole log read in commit order, durability, the snapshots' write buffer. The
 * ports' contract, which it keeps as the store in memory does, is EventStoreContract.
 */
class PostgresEventStoreTest {

    private final Pool pool = TestPostgres.pool();
    private final PostgresEventStore store = TestPostgres.eventStore();
    private final PostgresSnapshotStore snapshots = new PostgresSnapshotStore(pool, TestPostgres.liveness(), 1 << 20);

    @Test
    void readAllNeverPassesAnEventWhoseTransactionCommitsLate() throws Exception {
        StreamName early = newStream();
        StreamName late = newStream();
        LogPosition start = lastPosition();
        try (Connection held = jdbc()) {
            held.setAutoCommit(false);
            // A transaction takes a lower position, then stays open while another commits a higher one.
            try (PreparedStatement insert = held.prepareStatement(
                    "INSERT INTO events (stream_id, version, event_type, schema_version, payload) VALUES (?, 1, 'Test', 1, ?)")) {
                insert.setString(1, early.value());
                insert.setBytes(2, "held".getBytes());
                insert.executeUpdate();
            }
            append(late, 0, "committed");

            assertThat(ours(store.readAll(start, 1000).toCompletionStage().toCompletableFuture().join(), early, late))
                    .as("nothing is read past the open transaction").isEmpty();

            held.commit();
        }
        List<RecordedEvent> afterCommit = ours(store.readAll(start, 1000).toCompletionStage().toCompletableFuture().join(), early, late);
        assertThat(afterCommit).extracting(RecordedEvent::stream).containsExactly(early, late);
        assertThat(afterCommit.get(0).position()).isLessThan(afterCommit.get(1).position());
    }

    @Test
    void anAppendTheDatabaseDoesNotAnswerIsAnsweredOnceItHasAnsweredNothingForTheTimeout() throws Exception {
        var store = new PostgresEventStore(TestPostgres.vertx(), pool, new EventStoreSettings(1, 1000, Duration.ofMillis(300)));
        StreamName stalled = newStream();
        StreamName behind = newStream();
        try (Connection held = jdbc()) {
            held.setAutoCommit(false);
            // The append's row waits for this transaction's lock on the same version, as it would for a lost primary.
            try (PreparedStatement insert = held.prepareStatement(
                    "INSERT INTO events (stream_id, version, event_type, schema_version, payload) VALUES (?, 1, 'Test', 1, ?)")) {
                insert.setString(1, stalled.value());
                insert.setBytes(2, "held".getBytes());
                insert.executeUpdate();
            }
            long started = System.nanoTime();
            var sent = store.append(stalled, ExpectedVersion.of(0), List.of(event("sent"))).toCompletionStage().toCompletableFuture();
            var waiting = store.append(behind, ExpectedVersion.of(0), List.of(event("waiting"))).toCompletionStage().toCompletableFuture();

            assertThat(failureOf(sent)).isInstanceOfSatisfying(DatabaseUnresponsiveException.class,
                    timeout -> assertThat(timeout.outcomeUnknown()).as("its statement was sent").isTrue());
            assertThat(failureOf(waiting)).isInstanceOfSatisfying(DatabaseUnresponsiveException.class,
                    timeout -> assertThat(timeout.outcomeUnknown()).as("it never left the queue").isFalse());
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
            held.rollback();
        }
        // The lock gone, the statement sent commits after all: an outcome unknown may be a commit.
        await().atMost(Duration.ofSeconds(5)).until(() -> !read(stalled).isEmpty());
        assertThat(read(behind)).as("what never left the queue was not written").isEmpty();
    }

    private List<RecordedEvent> read(StreamName stream) {
        return store.readStream(stream, 0).toCompletionStage().toCompletableFuture().join();
    }

    private static Throwable failureOf(CompletableFuture<?> future) {
        assertThatThrownBy(future::join).isInstanceOf(java.util.concurrent.CompletionException.class);
        return future.handle((value, failure) -> failure).join();
    }

    @Test
    void tailReadsArrivingTogetherShareStatementsAndEachGetsItsOwnTail() {
        List<StreamName> streams = IntStream.range(0, 40).mapToObj(i -> newStream()).toList();
        for (int i = 0; i < streams.size(); i++) {
            for (int version = 0; version < i % 4; version++) {
                append(streams.get(i), version, "e" + version);
            }
        }
        String[] long1200 = IntStream.range(0, 1_200).mapToObj(i -> "x").toArray(String[]::new);
        StreamName longTail = newStream();
        append(longTail, 0, long1200); // more than a shared statement reads of one stream

        List<Future<List<RecordedEvent>>> reads = new ArrayList<>();
        for (StreamName stream : streams) {
            reads.add(store.readTail(stream, 0));
            reads.add(store.readTail(stream, 1)); // the same stream twice, from another version
        }
        reads.add(store.readTail(longTail, 0));
        Future.all(reads).toCompletionStage().toCompletableFuture().join();

        for (int i = 0; i < streams.size(); i++) {
            int events = i % 4;
            assertThat(reads.get(2 * i).result()).extracting(RecordedEvent::version)
                    .containsExactlyElementsOf(LongStream.rangeClosed(1, events).boxed().toList());
            assertThat(reads.get(2 * i + 1).result()).extracting(RecordedEvent::version)
                    .containsExactlyElementsOf(LongStream.rangeClosed(2, events).boxed().toList());
        }
        assertThat(reads.get(reads.size() - 1).result()).hasSize(1_200);
    }

    @Test
    void readAllPagesInCommitOrderAndResumesFromAPosition() {
        LogPosition start = lastPosition();
        StreamName stream = newStream();
        for (int version = 0; version < 7; version++) {
            append(stream, version, "e" + version);
        }
        List<RecordedEvent> seen = new ArrayList<>();
        LogPosition position = start;
        List<RecordedEvent> page;
        while (!(page = store.readAll(position, 3).toCompletionStage().toCompletableFuture().join()).isEmpty()) {
            assertThat(page.size()).isLessThanOrEqualTo(3);
            seen.addAll(page);
            position = page.get(page.size() - 1).logPosition();
        }
        assertThat(ours(seen, stream)).extracting(RecordedEvent::version).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L);
    }

    @Test
    void snapshotsSavedAtOnceAreWrittenTogetherAndTheNewestOfAStreamWins() {
        List<StreamName> streams = IntStream.range(0, 50).mapToObj(i -> newStream()).toList();
        List<Future<Void>> saved = new ArrayList<>();
        for (StreamName stream : streams) {
            saved.add(snapshots.save(new Snapshot(stream, 100, 1, "old".getBytes())));
            saved.add(snapshots.save(new Snapshot(stream, 200, 1, "new".getBytes())));
        }
        Future.all(saved).toCompletionStage().toCompletableFuture().join();

        for (StreamName stream : streams) {
            Snapshot loaded = snapshots.load(stream).toCompletionStage().toCompletableFuture().join().orElseThrow();
            assertThat(loaded.version()).isEqualTo(200);
            assertThat(new String(loaded.payload())).isEqualTo("new");
        }
        assertThat(snapshots.bufferedBytes()).isZero();
    }

    @Test
    void aSnapshotThatFindsTheBufferFullIsSkipped() {
        PostgresSnapshotStore small = new PostgresSnapshotStore(pool, TestPostgres.liveness(), 8);
        StreamName first = newStream();
        StreamName second = newStream();
        StreamName third = newStream();

        // All three in one task on a Vert.x context: the first write's completion comes back to that context, so it
        // cannot end (and empty the buffer) between two saves, however slow the host.
        CompletableFuture<Future<?>> saves = new CompletableFuture<>();
        TestPostgres.vertx().getOrCreateContext().runOnContext(v -> saves.complete(Future.all(
                small.save(new Snapshot(first, 1, 1, "12345678".getBytes())), // written at once
                small.save(new Snapshot(second, 1, 1, "12345678".getBytes())), // fills the buffer
                small.save(new Snapshot(third, 1, 1, "1".getBytes())))));
        saves.join().toCompletionStage().toCompletableFuture().join();

        assertThat(small.skippedSnapshots()).isEqualTo(1);
        assertThat(small.load(second).toCompletionStage().toCompletableFuture().join()).isPresent();
        assertThat(small.load(third).toCompletionStage().toCompletableFuture().join()).isEmpty();
    }

    @Test
    void refusesMeaninglessAppends() {
        assertThatThrownBy(() -> ExpectedVersion.of(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new StreamName(" ")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theDatabaseRunsWithFullDurability() {
        var rows = pool.query("SELECT current_setting('fsync'), current_setting('synchronous_commit')")
                .execute().toCompletionStage().toCompletableFuture().join();
        var row = rows.iterator().next();
        assertThat(row.getString(0)).isEqualTo("on");
        assertThat(row.getString(1)).isEqualTo("on");
    }

    @Test
    void onlyTheTransactionThatAsksCommitsWithoutFlush() {
        // One connection, so the pool cannot hide a setting that outlives its transaction.
        var settings = pool.withConnection(connection -> connection.begin().compose(transaction ->
                        dev.boxoffice.database.DerivedWrites.commitWithoutFlush(connection)
                                .compose(v -> connection.query("SELECT current_setting('synchronous_commit')").execute())
                                .compose(inside -> transaction.commit().map(inside)))
                        .compose(inside -> connection.query("SELECT current_setting('synchronous_commit')").execute()
                                .map(after -> List.of(inside.iterator().next().getString(0), after.iterator().next().getString(0)))))
                .toCompletionStage().toCompletableFuture().join();

        assertThat(settings).containsExactly("off", "on");
    }

    private AppendResult append(StreamName stream, long expectedVersion, String... payloads) {
        List<NewEvent> events = java.util.Arrays.stream(payloads).map(PostgresEventStoreTest::event).toList();
        return store.append(stream, ExpectedVersion.of(expectedVersion), events).toCompletionStage().toCompletableFuture().join();
    }

    private static NewEvent event(String payload) {
        return new NewEvent("Test", 1, payload.getBytes(StandardCharsets.UTF_8), "corr-1");
    }

    private LogPosition lastPosition() {
        LogPosition position = LogPosition.START;
        List<RecordedEvent> page;
        while (!(page = store.readAll(position, 10_000).toCompletionStage().toCompletableFuture().join()).isEmpty()) {
            position = page.get(page.size() - 1).logPosition();
        }
        return position;
    }

    private static List<RecordedEvent> ours(List<RecordedEvent> events, StreamName... streams) {
        List<StreamName> wanted = List.of(streams);
        return events.stream().filter(e -> wanted.contains(e.stream())).toList();
    }

    @Test
    void readAllWalksTheCommitOrderIndexWhateverTheLogsLength() throws Exception {
        // The plan every page of every projection uses; a sort of the whole log per page would grow with the log.
        try (Connection connection = jdbc(); var statement = connection.createStatement()) {
            statement.execute("SET plan_cache_mode = force_generic_plan");
            statement.execute("PREPARE read_all(text, bigint, int) AS " + PostgresEventStore.READ_ALL_SQL);
            try (var plan = statement.executeQuery("EXPLAIN EXECUTE read_all('0', 0, 500)")) {
                StringBuilder text = new StringBuilder();
                while (plan.next()) {
                    text.append(plan.getString(1)).append('\n');
                }
                assertThat(text).contains("Index Scan using events_commit_order").doesNotContain("Sort");
            }
        }
    }

    private static StreamName newStream() {
        return StreamName.of("test", UUID.randomUUID());
    }

    private static Connection jdbc() throws Exception {
        return TestPostgres.jdbc();
    }
}
