package dev.boxoffice.projection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowCommand.CreateShow;
import dev.boxoffice.domain.ShowCommand.ReserveSeat;
import dev.boxoffice.domain.ShowCommand.CancelSeatReservation;
import dev.boxoffice.eventstore.CommitListener;
import dev.boxoffice.eventstore.LogPosition;
import dev.boxoffice.eventstore.PostgresEventStore;
import dev.boxoffice.eventstore.SqlEventLog;
import dev.boxoffice.eventstore.StreamName;
import dev.boxoffice.eventstore.RecordedEvent;
import dev.boxoffice.shows.ShowService;
import dev.boxoffice.shows.ShowViewProjection;
import dev.boxoffice.domain.ShowEvent;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.entity.EntityRuntime;
import dev.boxoffice.entity.EntitySettings;
import dev.boxoffice.eventstore.PostgresSnapshotStore;
import dev.boxoffice.support.TestPostgres;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.pgclient.pubsub.PgSubscriber;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The projection runner against the real event log: it never passes over an event whose transaction commits late,
 * and a runner that dies mid-batch leaves a read model that, once resumed, equals a fresh rebuild.
 * Each test projects into a table and checkpoint of its own, next to the service's live show_view.
 */
class ProjectionRunnerTest {

    private final Vertx vertx = TestPostgres.vertx();
    private final Pool pool = TestPostgres.pool();
    private final PostgresEventStore store = TestPostgres.eventStore();
    private final EntityRuntime<ShowCommand, ShowEvent, ShowState> runtime = new EntityRuntime<>(vertx, store, new PostgresSnapshotStore(pool, TestPostgres.liveness(), 1 << 20),
            ShowService.entityType(), new EntitySettings(Duration.ofMinutes(5), 64L << 20, Duration.ofSeconds(10), 0, 5, 64));
    private final ShowService shows = new ShowService(runtime);

    @AfterEach
    void closeRuntime() {
        runtime.close();
    }

    @Test
    void waitsForATransactionThatCommitsLateThenAppliesBothInOrder() throws Exception {
        Projection projection = scratchProjection("late");
        UUID early = UUID.randomUUID();
        UUID late = UUID.randomUUID();
        try (Connection held = jdbc()) {
            held.setAutoCommit(false);
            // Takes the lower position, then stays open...
            long heldPosition = insertShowCreated(held, early, "held open");
            // ...while a later append commits with a higher position.
            shows.handle(new CreateShow(late, "committed first", 3), null).toCompletionStage().toCompletableFuture().join();
            long committedPosition = positionOf("show-" + late);
            assertThat(committedPosition).isGreaterThan(heldPosition);

            try (ProjectionRunner runner = runner(projection, 100)) {
                runner.start();
                Thread.sleep(600); // a dozen polls: none may pass the open transaction
                assertThat(rows(projection)).doesNotContain(early.toString(), late.toString());

                held.commit();
                await().atMost(Duration.ofSeconds(10)).until(() -> rows(projection).containsAll(
                        List.of(early.toString(), late.toString())));
            }
        }
        assertThat(countRows(projection.name() + "_1")).isEqualTo(countCommittedShows());
    }

    @Test
    void aRunnerKilledMidBatchResumesToTheSameReadModelAsAFreshRebuild() throws Exception {
        for (int i = 0; i < 12; i++) {
            UUID show = UUID.randomUUID();
            shows.handle(new CreateShow(show, "show " + i, 5), null).toCompletionStage().toCompletableFuture().join();
            for (int seat = 0; seat < i % 5; seat++) {
                shows.handle(new ReserveSeat(show, seat), null).toCompletionStage().toCompletableFuture().join();
            }
            if (i % 3 == 0) {
                shows.handle(new CancelSeatReservation(show, 0), null).toCompletionStage().toCompletableFuture().join();
            }
        }
        Projection real = scratchProjection("crash");
        AtomicInteger batches = new AtomicInteger();
        // Dies in the middle of every batch after the first: the read model is written, the checkpoint is not, no commit.
        Projection dying = new Delegating(real) {
            @Override
            public Future<Void> apply(SqlConnection connection, String table, List<RecordedEvent> events) {
                return real.apply(connection, table, events).compose(v -> batches.incrementAndGet() >= 2
                        ? Future.failedFuture(new IllegalStateException("killed mid-batch"))
                        : Future.succeededFuture());
            }
        };
        try (ProjectionRunner runner = runner(dying, 7)) {
            runner.start();
            await().atMost(Duration.ofSeconds(10)).until(() -> runner.lastFailure() != null);
        }
        long appliedBeforeTheCrash = appliedEvents(real.name());
        assertThat(appliedBeforeTheCrash).isEqualTo(7);

        try (ProjectionRunner resumed = runner(real, 7)) {
            resumed.start();
            await().atMost(Duration.ofSeconds(20)).until(() -> lagOf(resumed, real) == 0);
        }
        Projection fresh = scratchProjection("fresh");
        ProjectionRunner.catchUp(pool, store, fresh, fresh.name(), 1000).toCompletionStage().toCompletableFuture().join();

        assertThat(appliedEvents(real.name())).isEqualTo(appliedEvents(fresh.name())).isEqualTo(countEvents());
        assertThat(tableContents(real.name() + "_1")).isEqualTo(tableContents(fresh.name() + "_1")).isNotEmpty();
    }

    @Test
    void wakesOnAnotherInstancesNotificationWithoutPolling() throws Exception {
        Projection projection = scratchProjection("notify");
        try (ProjectionRunner runner = new ProjectionRunner(vertx, pool, store, projection,
                new ProjectionSettings(1000, Duration.ofMinutes(10), Duration.ofMillis(5)), events -> { })) {
            runner.start();
            await().atMost(Duration.ofSeconds(10)).until(() -> lagOf(runner, projection) == 0);
            PgSubscriber subscriber = PgSubscriber.subscriber(vertx, TestPostgres.connectOptions());
            subscriber.channel("boxoffice_events").handler(payload -> runner.wake());
            subscriber.connect().toCompletionStage().toCompletableFuture().join();
            try {
                UUID show = UUID.randomUUID();
                try (Connection other = jdbc()) { // another instance's append: this process raises no commit signal
                    insertShowCreated(other, show, "from elsewhere");
                }
                Thread.sleep(300);
                assertThat(rows(projection)).doesNotContain(show.toString()); // no poll, no signal: nothing happens

                new CommitNotifier(vertx, pool, "boxoffice_events", Duration.ofMillis(5)).committed(); // what that instance sends
                await().atMost(Duration.ofSeconds(5)).until(() -> rows(projection).contains(show.toString()));
            } finally {
                subscriber.close();
            }
        }
    }

    @Test
    void aGroupReadsEachPageOnceAndAppliesEachProjectionFromItsOwnCheckpoint() throws Exception {
        for (int i = 0; i < 5; i++) {
            shows.handle(new CreateShow(UUID.randomUUID(), "before " + i, 3), null).toCompletionStage().toCompletableFuture().join();
        }
        Projection ahead = scratchProjection("ahead");
        ProjectionRunner.catchUp(pool, store, ahead, ahead.name(), 1000).toCompletionStage().toCompletableFuture().join();
        for (int i = 0; i < 5; i++) {
            shows.handle(new CreateShow(UUID.randomUUID(), "after " + i, 3), null).toCompletionStage().toCompletableFuture().join();
        }
        Projection behind = scratchProjection("behind");
        AtomicInteger reads = new AtomicInteger();
        SqlEventLog countingLog = new CountingReads(store, reads);
        Map<String, Integer> applied = new ConcurrentHashMap<>();
        try (ProjectionRunner group = new ProjectionRunner(vertx, pool, countingLog, List.of(ahead, behind),
                new ProjectionSettings(1_000_000, Duration.ofMinutes(10), Duration.ofMillis(5)),
                (projection, events) -> applied.merge(projection.name(), events.size(), Integer::sum))) {
            group.start();
            await().atMost(Duration.ofSeconds(20)).until(() -> lagOf(group, ahead) == 0 && lagOf(group, behind) == 0);
        }
        assertThat(reads).as("pages read: one for both projections").hasValue(1);
        assertThat(applied.get(behind.name())).as("the one behind applies the whole log").isEqualTo((int) countEvents());
        assertThat(applied.get(ahead.name())).as("the one ahead only what came after its checkpoint")
                .isLessThan(applied.get(behind.name())).isPositive();
        assertThat(appliedEvents(ahead.name())).isEqualTo(appliedEvents(behind.name())).isEqualTo(countEvents());
        assertThat(tableContents(ahead.name() + "_1")).isEqualTo(tableContents(behind.name() + "_1")).isNotEmpty();
    }

    // ---- helpers

    private ProjectionRunner runner(Projection projection, int batchSize) {
        return new ProjectionRunner(vertx, pool, store, projection, new ProjectionSettings(batchSize, Duration.ofMillis(50), Duration.ofMillis(5)),
                events -> { });
    }

    /** The show_view projection, under a name (checkpoint) and table of its own, starting at the beginning of the log. */
    private Projection scratchProjection(String label) throws Exception {
        ShowViewProjection showView = new ShowViewProjection();
        String name = "test_" + label + "_" + UUID.randomUUID().toString().substring(0, 8);
        try (Connection connection = jdbc(); var statement = connection.createStatement()) {
            String live;
            try (ResultSet row = statement.executeQuery("SELECT target_table FROM projections WHERE name = 'show_view'")) {
                row.next();
                live = row.getString(1); // defined by the migration, perhaps since rebuilt
            }
            statement.execute("CREATE TABLE " + name + "_1 (LIKE " + live + " INCLUDING ALL)");
            statement.execute("INSERT INTO projections (name, target_table) VALUES ('" + name + "', '" + name + "_1')");
        }
        return new Delegating(showView) {
            @Override
            public String name() {
                return name;
            }
        };
    }

    private static long lagOf(ProjectionRunner runner, Projection projection) {
        return runner.status(projection.name()).toCompletionStage().toCompletableFuture().join().lagEvents();
    }

    private static long insertShowCreated(Connection connection, UUID show, String title) throws Exception {
        byte[] payload = dev.boxoffice.shows.proto.ShowCreated.newBuilder().setShowId(show.toString()).setTitle(title)
                .setSeatCount(10).setSeatPrice("100").build().toByteArray();
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO events (stream_id, version, event_type, schema_version, payload) VALUES (?, 1, 'ShowCreated', 2, ?)"
                        + " RETURNING position")) {
            insert.setString(1, "show-" + show);
            insert.setBytes(2, payload);
            try (ResultSet result = insert.executeQuery()) {
                result.next();
                return result.getLong(1);
            }
        }
    }

    private static List<String> rows(Projection projection) throws Exception {
        return query("SELECT show_id::text FROM " + projection.name() + "_1");
    }

    private static long countRows(String table) throws Exception {
        return Long.parseLong(query("SELECT count(*) FROM " + table).get(0));
    }

    private static long countCommittedShows() throws Exception {
        return Long.parseLong(query("SELECT count(*) FROM events WHERE event_type = 'ShowCreated' AND stream_id LIKE 'show-%'").get(0));
    }

    private static long countEvents() throws Exception {
        return Long.parseLong(query("SELECT count(*) FROM events").get(0));
    }

    private static long positionOf(String stream) throws Exception {
        return Long.parseLong(query("SELECT position FROM events WHERE stream_id = '" + stream + "'").get(0));
    }

    private static long appliedEvents(String projection) throws Exception {
        return Long.parseLong(query("SELECT events_applied FROM projections WHERE name = '" + projection + "'").get(0));
    }

    private static List<String> tableContents(String table) throws Exception {
        return query("SELECT show_id || '|' || title || '|' || total_seats || '|' || available_seats || '|' || updated_at FROM "
                + table + " ORDER BY show_id");
    }

    private static List<String> query(String sql) throws Exception {
        try (Connection connection = jdbc(); var statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            List<String> values = new ArrayList<>();
            while (result.next()) {
                values.add(result.getString(1));
            }
            return values;
        }
    }

    private static Connection jdbc() throws Exception {
        return TestPostgres.jdbc();
    }

    /** The store's log, counting the pages read of the whole log. */
    private record CountingReads(PostgresEventStore store, AtomicInteger reads) implements SqlEventLog {

        @Override
        public Future<List<RecordedEvent>> readAll(SqlClient transaction, LogPosition after, int limit) {
            reads.incrementAndGet();
            return store.readAll(transaction, after, limit);
        }

        @Override
        public Future<List<RecordedEvent>> readAll(LogPosition after, int limit) {
            reads.incrementAndGet();
            return store.readAll(after, limit);
        }

        @Override
        public Future<List<RecordedEvent>> readStreamTails(List<StreamName> streams, long[] afterVersions, int limitPerStream) {
            return store.readStreamTails(streams, afterVersions, limitPerStream);
        }

        @Override
        public Future<OptionalLong> positionOf(StreamName stream, long version) {
            return store.positionOf(stream, version);
        }

        @Override
        public Future<OptionalLong> versionAt(StreamName stream, long position) {
            return store.versionAt(stream, position);
        }

        @Override
        public void onCommit(CommitListener listener) {
            store.onCommit(listener);
        }
    }

    /** A projection that forwards to another; tests override what they change. */
    private static class Delegating implements Projection {
        private final Projection delegate;

        Delegating(Projection delegate) {
            this.delegate = delegate;
        }

        @Override
        public String name() {
            return delegate.name();
        }

        @Override
        public Future<Void> apply(SqlConnection connection, String table, List<RecordedEvent> events) {
            return delegate.apply(connection, table, events);
        }
    }
}
