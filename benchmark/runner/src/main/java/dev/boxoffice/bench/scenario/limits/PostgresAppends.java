package dev.boxoffice.bench.scenario.limits;

import dev.boxoffice.bench.load.ClosedLoop;
import dev.boxoffice.bench.load.Failure;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.system.Database;
import dev.boxoffice.postgres.PostgresUrl;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Tuple;
import java.util.Arrays;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * PostgreSQL appending event rows shaped like the service's, in a scratch database beside it: one row per commit from
 * several clients, then many rows per commit. Every commit waits for its WAL flush.
 */
record PostgresAppends(Bench bench, LimitsOptions options) {

    private static final String DATABASE = "boxoffice_limits";
    private static final int PAYLOAD_BYTES = 50; // a SeatReserved event is about this size

    /** Single-row commits, then multi-row commits of --limits-batch rows. */
    LimitsResult.Append[] measure(Database database) {
        Pool pool = connect(database, options.clients());
        try {
            return new LimitsResult.Append[] {append(pool, "single-row commits", 1),
                    append(pool, options.batch() + "-row commits", options.batch())};
        } finally {
            pool.close().toCompletionStage().toCompletableFuture().join();
        }
    }

    private LimitsResult.Append append(Pool pool, String label, int rows) {
        int clients = options.clients();
        String run = UUID.randomUUID().toString().substring(0, 8);
        long[] versions = new long[clients];
        String sql = rows == 1
                ? "INSERT INTO limit_events (stream_id, version, event_type, payload) VALUES ($1, $2, $3, $4)"
                : "INSERT INTO limit_events (stream_id, version, event_type, payload)"
                        + " SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bytea[])";
        StepResult step = bench.step("limits", label, Double.NaN, clients, options.seconds(),
                recorder -> ClosedLoop.start(clients, recorder, (worker, intended, next) -> {
                    recorder.sent();
                    String stream = "limits-" + run + "-" + worker;
                    pool.preparedQuery(sql).execute(rows == 1 ? oneRow(stream, ++versions[worker]) : manyRows(stream, versions, worker, rows))
                            .onComplete(result -> {
                                if (result.succeeded()) {
                                    recorder.answered(intended, 200, false);
                                } else {
                                    recorder.failed(intended, Failure.of(result.cause()));
                                    bench.progress().info("append failed: " + result.cause().getMessage());
                                }
                                next.run();
                            });
                }));
        return new LimitsResult.Append(label, clients, rows, step);
    }

    private static Tuple oneRow(String stream, long version) {
        return Tuple.of(stream, version, "SeatReserved", payload());
    }

    private static Tuple manyRows(String stream, long[] versions, int worker, int rows) {
        String[] streams = new String[rows];
        Long[] numbers = new Long[rows];
        String[] types = new String[rows];
        Buffer[] payloads = new Buffer[rows];
        Arrays.fill(streams, stream);
        Arrays.fill(types, "SeatReserved");
        for (int i = 0; i < rows; i++) {
            numbers[i] = ++versions[worker];
            payloads[i] = payload();
        }
        return Tuple.of(streams, numbers, types, payloads);
    }

    private static Buffer payload() {
        byte[] bytes = new byte[PAYLOAD_BYTES];
        ThreadLocalRandom.current().nextBytes(bytes);
        return Buffer.buffer(bytes);
    }

    /** A scratch database next to the service's, with an events table like the service's event store. */
    private Pool connect(Database database, int clients) {
        PgConnectOptions admin = PostgresUrl.parse(database.url()).pgConnectOptions();
        Pool adminPool = PgBuilder.pool().with(new PoolOptions().setMaxSize(1)).connectingTo(admin).using(bench.vertx()).build();
        try {
            boolean exists = join(adminPool.query("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'").execute()).size() > 0;
            if (!exists) {
                join(adminPool.query("CREATE DATABASE " + DATABASE).execute());
            }
        } finally {
            join(adminPool.close());
        }
        PgConnectOptions scratch = new PgConnectOptions(admin).setDatabase(DATABASE).setCachePreparedStatements(true);
        Pool pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(clients)).connectingTo(scratch).using(bench.vertx()).build();
        join(pool.query("""
                CREATE TABLE IF NOT EXISTS limit_events (
                    position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    stream_id text NOT NULL,
                    version bigint NOT NULL,
                    event_type text NOT NULL,
                    payload bytea NOT NULL,
                    recorded_at timestamptz NOT NULL DEFAULT now(),
                    transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
                    UNIQUE (stream_id, version))""").execute());
        join(pool.query("CREATE INDEX IF NOT EXISTS limit_events_commit_order ON limit_events (transaction_id, position)").execute());
        join(pool.query("TRUNCATE limit_events").execute());
        return pool;
    }

    private static <T> T join(Future<T> future) {
        return future.toCompletionStage().toCompletableFuture().join();
    }
}
