package dev.boxoffice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two packaged nodes on PostgreSQL replicated under pg_auto_failover (a primary and two standbys, synchronous
 * replication) behind its proxy, under a load of reservations: the primary's PostgreSQL and keeper killed with kill -9,
 * as when its machine is lost. Every acknowledged reservation must be in the new primary's log and no seat reserved
 * twice; writes resume within seconds, and no request waits much more than the event store's timeout meanwhile.
 */
class DatabaseFailoverIT {

    private static final int SHOWS = 20;
    private static final int SEATS = 500;
    private static final int THREADS = 6;

    private static Cluster cluster;
    private static ReplicatedDatabase database;
    private static List<String> shows;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = TestClusters.start("database-failover-it", 2, 2);
        database = cluster.database().replicas().orElseThrow();
        shows = ReservationLog.createShows(cluster, SHOWS, SEATS);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aLostPrimaryIsReplacedWithinSecondsAndNothingAcknowledgedIsLost() throws Exception {
        String primary = database.primary().orElseThrow();
        long killedAt;
        try (ReservationLoad load = new ReservationLoad(cluster.frontUrl(), shows, SEATS, THREADS)) {
            Thread.sleep(2_000);
            killedAt = System.nanoTime();
            database.kill(primary);
            awaitNewPrimary(primary);
            Thread.sleep(3_000);
            load.close();

            Long resumed = load.answeredAtNanos.ceiling(killedAt + TimeUnit.MILLISECONDS.toNanos(1_500));
            System.out.printf("kill -9 of %s: %d acknowledged, %d refused (seat taken), %d failed; answers again %d ms"
                            + " after it; slowest answer %d ms; new primary %s%n", primary, load.acknowledged.size(),
                    load.refused.size(), load.failedAtNanos.size(), resumed == null ? -1 : TimeUnit.NANOSECONDS.toMillis(resumed - killedAt),
                    TimeUnit.NANOSECONDS.toMillis(load.slowestNanos.get()), database.primary().orElse("none"));
            assertThat(resumed).as("reservations answered again after the kill").isNotNull();
            // Bounds with room for a slower machine than the one measured (7-12 s, 850-930 ms here; 1.56 s once on
            // a CI host building an image beside the tests): a regression to pg_auto_failover's default timings (20 s
            // to call a server unhealthy, then 30 s), or to waiting on a dead connection (3 s and more), fails them.
            assertThat(Duration.ofNanos(resumed - killedAt)).as("writes resume").isLessThan(Duration.ofSeconds(20));
            assertThat(Duration.ofNanos(load.slowestNanos.get())).as("the longest wait for an answer").isLessThan(Duration.ofMillis(2_500));
            ReservationLog.assertAgrees(cluster, shows, load);
        }
    }

    private static void awaitNewPrimary(String old) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (database.primary().filter(primary -> !primary.equals(old)).isEmpty()) {
            assertThat(System.nanoTime()).as("another server is primary: %s", database.states()).isLessThan(deadline);
            Thread.sleep(100);
        }
    }
}
