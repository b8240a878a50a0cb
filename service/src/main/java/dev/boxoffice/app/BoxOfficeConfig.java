package dev.boxoffice.app;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/** The service's own settings (prefix {@code boxoffice.}); every one is documented in README.md. */
@ConfigMapping(prefix = "boxoffice")
public interface BoxOfficeConfig {

    Entities entities();

    EventStore eventStore();

    EmbeddedPostgres embeddedPostgres();

    Projections projections();

    Admin admin();

    Admission admission();

    Holds holds();

    WaitingRoom waitingRoom();

    Idempotency idempotency();

    Streams streams();

    Connections connections();

    Http http();

    interface Entities {
        /** Shows untouched this long are dropped from memory and rebuilt from the store when next used. */
        @WithDefault("10m")
        Duration idleTimeout();

        /**
         * The estimated bytes of all shows in memory; past it the least recently used are dropped. Default: 30 % of
         * the maximum heap, which leaves the rest to requests in flight, batches and the framework.
         */
        Optional<MemorySize> memoryBudget();

        /**
         * A request is refused (503 OVERLOADED) when the oldest request queued for its show has waited this long. Above
         * the stalls of a shared host (100-600 ms at worst, measured), which should delay requests, not refuse them:
         * the bound is there so that one show its single writer cannot keep up with does not hold the whole in-flight
         * bound.
         */
        @WithDefault("500ms")
        Duration maxQueueDelay();

        /** A snapshot is stored every this many events of a show (0: never). */
        @WithDefault("100")
        int snapshotEvery();

        /** How often a command is decided again after another instance changed the same show. */
        @WithDefault("10")
        int maxConflictRetries();

        /** Commands of one show decided together while its previous append is in flight. */
        @WithDefault("64")
        int maxBatch();
    }

    interface EventStore {
        /**
         * Append statements in flight at once; further appends are grouped into the next statement. Fewer statements
         * mean bigger ones and fewer commits (each waits for a WAL flush); 1 measured best since appends became one
         * plain INSERT (docs/decisions/0002-group-commit.md).
         */
        @WithDefault("1")
        int maxConcurrentStatements();

        /** Events in one append statement at most. */
        @WithDefault("1000")
        int maxEventsPerStatement();

        /**
         * An append, or a show's load, waiting this long is given up on once the database has not been heard for as
         * long, neither answering a statement nor the heartbeat (SELECT 1 on a thread of its own, every eighth of
         * this): a request never waits longer on a database that stopped answering (a primary lost before its
         * replacement takes writes). It gets 503 within a second, its show is read again from the log, and the
         * client retries (with its Idempotency-Key, safely). A database that answers late (this process's CPU
         * exhausted, a busy server) keeps its requests, up to four times this. Checked a tenth of it apart.
         */
        @WithDefault("800ms")
        Duration timeout();

        /**
         * Snapshots waiting to be written, in payload bytes at most: they are written one statement at a time, behind
         * no append; one that finds the buffer full is skipped (it only shortens a replay).
         */
        @WithDefault("4M")
        MemorySize snapshotBuffer();
    }

    interface Http {
        /**
         * Whether a well-formed seat change, and a hold's confirmation or release, is answered by a route of its own,
         * before the REST layer (docs/decisions/0034). Off, every request goes through the resources, as in the
         * benchmark's variants, so that they differ in their execution model and commit alone.
         */
        @WithDefault("true")
        boolean hotWritesOnTheRouter();
    }

    interface Projections {
        /**
         * Events applied per transaction; bounds memory however long the log is. Above what a busy node commits in one
         * {@code min-batch-interval}, so that a caught-up runner stays spaced instead of catching up page after page.
         */
        @WithDefault("4000")
        int batchSize();

        /** Fallback poll when no commit notification arrives (the connection for LISTEN may be down). */
        @WithDefault("1s")
        Duration pollInterval();

        /**
         * Least time between two read-model transactions while caught up; batches commits under load. A page of 100 ms
         * touches each busy show's row once for many sales (docs/decisions/0037-read-models-every-100-ms.md).
         */
        @WithDefault("100ms")
        Duration minBatchInterval();
    }

    interface Admission {
        /**
         * How long the oldest API request in flight may have waited; past it a new request is refused at once (503
         * OVERLOADED): the service is already behind by more than this, so the new one could not be answered within it.
         */
        @WithDefault("250ms")
        Duration maxWait();

        /**
         * The same bound while the service warms up: a cold JVM serves its first requests many times slower while its
         * JIT compiles, and a burst or a steady load it will serve within seconds must not be refused for that
         * (measured: docs/decisions/0001-admission-control.md).
         */
        @WithDefault("2s")
        Duration maxWaitWarmingUp();

        /** How long after start the service counts as warming up. */
        @WithDefault("30s")
        Duration warmUp();

        /**
         * The same bound once warm while the CPU quota throttles the service in most periods (a container's CPU limit):
         * it is then at its capacity, and a request kept waiting longer is served no sooner; seat changes get no
         * cancellation headroom then either (measured: docs/decisions/0001-admission-control.md).
         */
        @WithDefault("50ms")
        Duration maxWaitThrottled();

        /**
         * The CPU quota's counters (a cgroup's cpu.stat) that tell whether the service is throttled. Default: its own
         * cgroup's, found from /proc/self/cgroup. A file that cannot be read: the service is never taken for throttled.
         */
        Optional<Path> cpuStat();

        /**
         * How much longer than max-wait seat changes are still let in, for cancellations only: a cancellation frees a
         * seat, and refusing it under a surge leaves the seat taken until the client retries, which turns a hot
         * show's surge into 409s.
         */
        @WithDefault("500ms")
        Duration cancellationHeadroom();

        /**
         * Estimated bytes the API requests in flight may hold (4 KiB each plus its body); past it a request is refused
         * at once (503 OVERLOADED). Default: 5 % of the maximum heap.
         */
        Optional<MemorySize> memoryBudget();

        /**
         * Bytes of answers that list a whole hall (a show with every seat) being built and sent at once; past it such
         * a request is refused at once (503 OVERLOADED). A count of requests alone does not bound them: one hall of
         * 10,000 seats is about half a megabyte of JSON. Default: 5 % of the maximum heap.
         */
        Optional<MemorySize> maxHallBytes();
    }

    interface WaitingRoom {
        /**
         * The key (base64, at least 32 bytes) that signs the waiting rooms' tickets and admission tokens, the same on
         * every node; without it, a key made by the first node and kept in the database.
         */
        Optional<String> signingKey();

        /** How often a line on sale is moved: the granularity of its admission. */
        @WithDefault("250ms")
        Duration tick();

        /** How often a node takes and renews its leases on the lines it moves. */
        @WithDefault("1s")
        Duration leaseRenewal();

        /** How long a lease keeps other nodes off a line: a lost node's lines move again within about this. */
        @WithDefault("3s")
        Duration lease();
    }

    interface Holds {
        /** Seats one hold or reservation may name at most. */
        @WithDefault("100")
        int maxSeatsPerRequest();

        /**
         * The longest time between two looks of an instance for holds whose time is up. It looks when each hold it
         * placed comes due, and at start; this bounds the lag of an expiry it was not told of (a hold placed on an
         * instance since lost), plus a load.
         */
        @WithDefault("2s")
        Duration expiryPollInterval();

        /** Due holds claimed and released at once, at most: what the expiry keeps in memory. */
        @WithDefault("200")
        int expiryBatch();

        /** Batches of due holds being released at once, at most: a slow show load then holds up only its own batch. */
        @WithDefault("4")
        int expiryBatchesInFlight();

        /** How long an instance's claim on due holds keeps the others off them; after it, another may take them over. */
        @WithDefault("10s")
        Duration expiryLease();
    }

    interface Idempotency {
        /** How long an answer is remembered under its Idempotency-Key; after it, the key may be used again. */
        @WithDefault("24h")
        Duration keyTtl();

        /** How often each instance purges expired keys. */
        @WithDefault("1m")
        Duration purgeInterval();

        /** Expired keys deleted by one statement, at most: a purge never holds a connection for long. */
        @WithDefault("1000")
        int purgeBatch();
    }

    interface Streams {
        /**
         * Bytes that all open seat-map streams may hold at once: a fixed cost per open stream (its connection's and
         * its own objects) and the frames its client has not taken yet. Past it a new stream is refused (503
         * OVERLOADED) and a stream whose frames would not fit is dropped. Default: 20 % of the maximum heap, room for
         * ten thousand streams at 8 KB each with the default 512 MB heap.
         */
        Optional<MemorySize> memoryBudget();

        /** Bytes one stream's client may leave untaken; past it the stream ends (event end, SLOW_READER). */
        @WithDefault("64K")
        MemorySize maxPendingBytes();

        /**
         * Time between keep-alive comments on a quiet stream: below the idle timeouts of the server (2 minutes) and of
         * proxies (the HAProxy configuration's 15 s server timeout).
         */
        @WithDefault("10s")
        Duration heartbeat();

        /** Events read per followed show by one statement at most; more are read by the next, at once. */
        @WithDefault("500")
        int eventsPerRead();
    }

    interface Connections {
        /**
         * Heap that open HTTP connections may hold: a connection counts {@code 4K} (an idle keep-alive connection holds
         * about 3.2 KB, measured). Past it a request on a new connection is answered 503 OVERLOADED with Retry-After,
         * and that connection closed. Default: 16 % of the maximum heap, room for 20,000 idle clients with the default
         * 512 MB heap; never more connections than fit below the open-files limit.
         */
        Optional<MemorySize> memoryBudget();
    }

    interface Admin {
        /** Bearer token for /admin endpoints; while unset they answer 403 ADMIN_DISABLED. */
        Optional<String> token();
    }

    /** Read before Quarkus starts (see DatabaseBootstrap); listed here so they are validated and documented. */
    interface EmbeddedPostgres {
        /** Where the embedded server keeps its data; default {@code data/postgres} in the working directory. */
        Optional<String> dataDir();

        /** Its port; default: a free one. */
        OptionalInt port();
    }
}
