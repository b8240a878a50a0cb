package dev.boxoffice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A node paused with SIGSTOP (a long GC pause, a frozen VM) while the edge sends its shows to the other node, then
 * resumed and taken back into the ring: the shows it still holds in memory were written behind its back, and what it
 * answers must be what the log says, not its copy.
 */
class PausedNodeIT {

    private static final int SHOWS = 40;
    private static final Pattern TAIL_READS = Pattern.compile("(?m)^boxoffice_tail_reads_total ([0-9.E]+)$");
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private static Cluster cluster;
    private static List<String> shows;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = TestClusters.start("paused-node-it", 2);
        shows = ReservationLog.createShows(cluster, SHOWS, 10);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aResumedNodeAnswersWhatTheLogSaysNotItsCopy() throws Exception {
        ServiceNode paused = cluster.node(1);
        for (String show : shows) {
            assertThat(ReservationLog.reservedSeatsOf(cluster, show)).isEmpty(); // each show now in its node's memory
        }
        double tailReadsBefore = tailReads(paused);

        signal("STOP", paused);
        List<String> acknowledged = new ArrayList<>();
        try {
            Thread.sleep(2_000); // two failed checks 500 ms apart take it out of the ring
            for (String show : shows) {
                HttpResponse<String> reserved = HTTP.send(ReservationLoad.reservation(cluster.frontUrl(), show, 0,
                        show + "/0"), HttpResponse.BodyHandlers.ofString());
                assertThat(reserved.statusCode()).as("seat 0 of %s while %s is paused: %s", show, paused.name(),
                        reserved.body()).isEqualTo(200);
                acknowledged.add(show);
            }
        } finally {
            signal("CONT", paused);
        }
        Thread.sleep(2_500); // two passed checks bring it back, and its shows with it

        List<String> stale = new ArrayList<>();
        for (String show : acknowledged) {
            if (!ReservationLog.reservedSeatsOf(cluster, show).contains("0")) {
                stale.add(show);
            }
        }
        assertThat(stale).as("shows read without the seat acknowledged while %s was paused", paused.name()).isEmpty();
        assertThat(tailReads(paused)).as("%s answered reads of the shows it held", paused.name())
                .isGreaterThan(tailReadsBefore);
    }

    private static void signal(String signal, ServiceNode node) throws IOException, InterruptedException {
        assertThat(new ProcessBuilder("kill", "-" + signal, Long.toString(node.pid())).inheritIO().start().waitFor())
                .isZero();
    }

    private static double tailReads(ServiceNode node) throws IOException, InterruptedException {
        String metrics = HTTP.send(HttpRequest.newBuilder(URI.create(node.baseUrl() + "/q/metrics")).GET()
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString()).body();
        Matcher matcher = TAIL_READS.matcher(metrics);
        assertThat(matcher.find()).as("boxoffice_tail_reads_total in the metrics of %s", node.name()).isTrue();
        return Double.parseDouble(matcher.group(1));
    }
}
