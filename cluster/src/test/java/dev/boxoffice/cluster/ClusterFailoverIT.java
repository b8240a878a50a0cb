package dev.boxoffice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Three packaged nodes on one embedded PostgreSQL behind HAProxy, under a load of reservations that contend for seats:
 * a node killed with kill -9, then a rolling restart of every node. Every acknowledged reservation must be in the
 * event log, no seat may be reserved twice, and what the shows say must be what the log says.
 */
class ClusterFailoverIT {

    private static final int SHOWS = 30;
    private static final int SEATS = 200;
    private static final int THREADS = 6;
    private static final Pattern APPENDED = Pattern.compile("(?m)^boxoffice_events_appended_total ([0-9.E]+)$");

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static Cluster cluster;
    private static List<String> shows;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = TestClusters.start("failover-it", 3);
        shows = ReservationLog.createShows(cluster, SHOWS, SEATS);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aKilledNodesShowsAreServedByTheOthersAndNothingAcknowledgedIsLost() throws Exception {
        ServiceNode victim = cluster.node(2);
        long killedAt;
        try (ReservationLoad load = new ReservationLoad(cluster.frontUrl(), shows, SEATS, THREADS)) {
            sleep(2_000);
            long before = load.answered();
            killedAt = System.nanoTime();
            victim.kill();
            sleep(8_000);
            assertThat(load.answered()).as("reservations answered while a node is down").isGreaterThan(before + 100);
            load.close();
            report("kill -9 of " + victim.name(), load, killedAt);

            // Only requests caught on the dying node fail, and soon after the kill; then every request is answered again.
            assertThat(load.failedAtNanos.values()).allSatisfy(at -> assertThat(at - killedAt)
                    .isBetween(0L, TimeUnit.SECONDS.toNanos(5)));
            assertThat(load.failedAtNanos.size()).as("failures: %s", load.failedAtNanos.keySet()).isLessThanOrEqualTo(2 * THREADS);
            load.assertRarelyOverloaded();
            assertThat(load.lastSuccessNanos.get() - killedAt).isGreaterThan(TimeUnit.SECONDS.toNanos(7));
            ReservationLog.assertAgrees(cluster, shows, load);
        }

        // The node comes back: its shows move back to it, and it writes again.
        victim.restart().awaitReady(Duration.ofSeconds(120));
        try (ReservationLoad load = new ReservationLoad(cluster.frontUrl(), shows, SEATS, THREADS)) {
            awaitAppends(victim);
            load.close();
            assertThat(load.failedAtNanos).isEmpty();
            load.assertRarelyOverloaded();
            ReservationLog.assertAgrees(cluster, shows, load);
        }
    }

    @Test
    void aRollingRestartUnderLoadLosesAndDoublesNothing() throws Exception {
        for (ServiceNode node : cluster.nodes()) {
            if (!node.isAlive()) {
                node.restart().awaitReady(Duration.ofSeconds(120));
            }
        }
        try (ReservationLoad load = new ReservationLoad(cluster.frontUrl(), shows, SEATS, THREADS)) {
            for (ServiceNode node : cluster.nodes()) {
                node.close(); // graceful: not ready at once, served for the drain delay, then stopped
                node.restart().awaitReady(Duration.ofSeconds(120));
                awaitAppends(node);
            }
            load.close();
            report("rolling restart", load, 0);
            assertThat(load.failedAtNanos).as("a drained node is out of the ring before it stops").isEmpty();
            load.assertRarelyOverloaded();
            ReservationLog.assertAgrees(cluster, shows, load);
        }
    }

    private static void report(String what, ReservationLoad load, long since) {
        System.out.printf("%s: %d acknowledged, %d refused (seat taken), %d refused as overloaded, %d failed%s%n", what,
                load.acknowledged.size(), load.refused.size(), load.overloaded.size(), load.failedAtNanos.size(), load.failedAtNanos.isEmpty() || since == 0 ? ""
                        : ", the last " + TimeUnit.NANOSECONDS.toMillis(load.failedAtNanos.values().stream().mapToLong(at -> at - since).max().orElse(0))
                                + " ms after it: " + load.failedAtNanos.keySet());
    }

    /** Waits until {@code node} commits events again: HAProxy has it back in the ring and its shows have moved back. */
    private static void awaitAppends(ServiceNode node) throws IOException, InterruptedException {
        double start = appended(node);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (appended(node) <= start) {
            assertThat(System.nanoTime()).as("%s receives its shows' requests again", node.name()).isLessThan(deadline);
            sleep(100);
        }
    }

    private static double appended(ServiceNode node) throws IOException, InterruptedException {
        Matcher matcher = APPENDED.matcher(send(HttpRequest.newBuilder(URI.create(node.baseUrl() + "/q/metrics")).GET()).body());
        return matcher.find() ? Double.parseDouble(matcher.group(1)) : 0;
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return HTTP.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void sleep(long millis) throws InterruptedException {
        Thread.sleep(millis);
    }
}
