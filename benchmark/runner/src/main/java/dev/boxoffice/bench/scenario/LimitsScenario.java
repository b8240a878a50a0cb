package dev.boxoffice.bench.scenario;

import dev.boxoffice.bench.BenchOptions;
import dev.boxoffice.bench.load.ClosedLoop;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.result.LimitsResult;
import dev.boxoffice.bench.result.StepResult;
import dev.boxoffice.bench.system.Database;
import dev.boxoffice.bench.system.JavaService;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Tuple;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The ceilings every other figure is judged against, measured in the same run on the same cores: the disk's flush
 * latency (what every durable commit waits for), PostgreSQL appending event rows shaped like the service's (one row
 * per commit from several clients, then many rows per commit), and the HTTP layer serving the trivial event-loop
 * endpoint.
 */
public final class LimitsScenario {

    private static final String DATABASE = "boxoffice_limits";
    private static final int PAYLOAD_BYTES = 50; // a SeatReserved event is about this size
    private static final int WAL_PAGE_BYTES = 8192;
    private static final double FLUSHES_PER_SECOND = 1000; // the commit rate of the first serial step
    private static final int WARM_UP_FLUSHES = 500;

    private final Bench bench;
    private final HelloService hello;

    public LimitsScenario(Bench bench, HelloService hello) {
        this.bench = bench;
        this.hello = hello;
    }

    public LimitsResult run(Database database) {
        BenchOptions options = bench.options();
        LimitsResult.Append single = null;
        LimitsResult.Append multi = null;
        StepResult flush = database == null ? null : database.dataDirectory().map(this::diskFlush).orElse(null);
        if (database != null) {
            Pool pool = connect(database, options.limits().clients());
            try {
                single = append(pool, "single-row commits", 1);
                multi = append(pool, options.limits().batch() + "-row commits", options.limits().batch());
            } finally {
                pool.close().toCompletionStage().toCompletableFuture().join();
            }
        }
        StepResult http;
        try (JavaService service = hello.start("event-loop")) {
            bench.resources().service(service.pid());
            http = hello.maxThroughput(service, "limits", "event-loop");
        } finally {
            bench.resources().noService();
        }
        return new LimitsResult(flush, single, multi, http);
    }

    /**
     * One writer rewriting an 8 kB page next to the database's WAL and flushing it (fdatasync), as a commit does,
     * once per millisecond (the commit rate of the first serial step): how long a lone durable commit waits for
     * the disk at low load, and that wait's tail (a virtual disk's flushes stall now and then). The latency recorded
     * is each flush's own duration: the writer does not catch up after a stall, so no queueing is added.
     */
    private StepResult diskFlush(Path directory) {
        Path file = directory.resolve("boxoffice-flush-probe");
        double seconds = bench.options().limits().seconds();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ByteBuffer page = ByteBuffer.allocateDirect(WAL_PAGE_BYTES);
            syncFileSystems(); // the database's creation leaves dirty pages whose write-back would be measured too
            for (int i = 0; i < WARM_UP_FLUSHES; i++) { // allocates the page on disk (WAL segments are preallocated too)
                flush(channel, page);
            }
            AtomicBoolean stopped = new AtomicBoolean();
            AtomicReference<Thread> probe = new AtomicReference<>();
            StepResult step = bench.step("limits", "disk flush", FLUSHES_PER_SECOND, 1, seconds,
                    recorder -> probe.set(startProbe(channel, page, recorder, stopped)));
            stopped.set(true);
            probe.get().join(); // before the file is closed and deleted
            return step;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (IOException e) {
            bench.progress().info("disk flush not measured: " + e.getMessage());
            return null;
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                bench.progress().info("could not delete " + file + ": " + e.getMessage());
            }
        }
    }

    /**
     * Flushes once per period on a thread of its own (flushes block) until {@code stopped}, and records each flush's
     * duration on the calling context, the recorder's; a flush that ends after the step is left out.
     */
    private static Thread startProbe(FileChannel channel, ByteBuffer page, StepRecorder recorder, AtomicBoolean stopped) {
        Context loop = Vertx.currentContext();
        long period = (long) (1e9 / FLUSHES_PER_SECOND);
        return Thread.ofPlatform().name("disk-flush-probe").start(() -> {
            for (long next = System.nanoTime(); !stopped.get(); next = Math.max(next + period, System.nanoTime())) {
                LockSupport.parkNanos(next - System.nanoTime());
                long started = System.nanoTime();
                boolean flushed = flush(channel, page);
                long took = System.nanoTime() - started;
                loop.runOnContext(v -> {
                    if (recorder.closing()) {
                        stopped.set(true);
                        return;
                    }
                    recorder.sent();
                    if (flushed) {
                        recorder.answered(System.nanoTime() - took, 200, false); // latency = took
                    } else {
                        recorder.failed(System.nanoTime() - took, false);
                    }
                });
            }
        });
    }

    private void syncFileSystems() {
        try {
            new ProcessBuilder("sync").inheritIO().start().waitFor();
        } catch (IOException e) {
            bench.progress().info("sync failed (" + e.getMessage() + "); the disk flush may include write-back");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static boolean flush(FileChannel channel, ByteBuffer page) {
        try {
            page.clear();
            channel.write(page, 0);
            channel.force(false);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private LimitsResult.Append append(Pool pool, String label, int rows) {
        int clients = bench.options().limits().clients();
        String run = UUID.randomUUID().toString().substring(0, 8);
        long[] versions = new long[clients];
        String sql = rows == 1
                ? "INSERT INTO limit_events (stream_id, version, event_type, payload) VALUES ($1, $2, $3, $4)"
                : "INSERT INTO limit_events (stream_id, version, event_type, payload)"
                        + " SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bytea[])";
        StepResult step = bench.step("limits", label, Double.NaN, clients, bench.options().limits().seconds(),
                recorder -> ClosedLoop.start(clients, recorder, (worker, intended, next) -> {
                    recorder.sent();
                    String stream = "limits-" + run + "-" + worker;
                    pool.preparedQuery(sql).execute(rows == 1 ? oneRow(stream, ++versions[worker]) : manyRows(stream, versions, worker, rows))
                            .onComplete(result -> {
                                if (result.succeeded()) {
                                    recorder.answered(intended, 200, false);
                                } else {
                                    recorder.failed(intended, false);
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
        PgConnectOptions admin = PgConnectOptions.fromUri(database.url());
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

    /** The version of the server, for the report. */
    public static String serverVersion(Bench bench, Database database) {
        Pool pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(1)).connectingTo(PgConnectOptions.fromUri(database.url()))
                .using(bench.vertx()).build();
        try {
            return join(pool.query("SHOW server_version").execute()).iterator().next().getString(0);
        } finally {
            join(pool.close());
        }
    }
}
