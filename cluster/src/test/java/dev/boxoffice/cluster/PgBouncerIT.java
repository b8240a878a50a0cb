package dev.boxoffice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A node and a line service through PgBouncer in transaction pooling (SCRAM over TLS on both of its sides), as most
 * deployments run it: without the direct URL the node stops at start saying why; with it, it serves reservations
 * from several clients with every acknowledged one in the log and no seat twice, its read models follow (LISTEN over
 * the direct URL), and it is ready.
 */
class PgBouncerIT {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final Path WORK = TestClusters.REPO.resolve("cluster/target/pgbouncer-it");

    static ClusterDatabase server;
    static PgBouncer pooler;
    static Cluster cluster;

    @BeforeAll
    static void start() throws Exception {
        server = ClusterDatabase.embedded(Files.createTempDirectory("boxoffice-pgbouncer-"), true);
        pooler = PgBouncer.start(server.url(), Ports.freeBlock(1), Files.createDirectories(WORK.resolve("pgbouncer")));
        cluster = Cluster.start(new Cluster.Settings(TestClusters.REPO, 1, 1, Ports.freeBlock(6), Routing.HASH,
                Optional.of(pooler.url()), Optional.of(server.url()), 0, 0, WORK.resolve("data"), true, WORK,
                List.of("@" + TestClusters.REPO.resolve("service/jvm.options")),
                ProcessBuilder.Redirect.appendTo(WORK.resolve("haproxy.log").toFile()), false));
    }

    @AfterAll
    static void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
        if (pooler != null) {
            pooler.close();
        }
        server.close();
    }

    @Test
    void withoutTheDirectUrlTheNodeStopsSayingWhy() throws Exception {
        Path log = WORK.resolve("no-direct-url.log");
        ProcessBuilder node = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"),
                "@" + TestClusters.REPO.resolve("service/jvm.options"), "-Dquarkus.http.port=0", "-jar",
                TestClusters.REPO.resolve("service/target/quarkus-app/quarkus-run.jar").toString())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        node.environment().put("DATABASE_URL", pooler.url());
        node.environment().remove("DATABASE_DIRECT_URL");
        Process process = node.start();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(Files.readAllLines(log).stream().filter(line -> line.startsWith("boxoffice: ")))
                .singleElement().asString().contains("goes through a pooler in transaction mode").contains("DATABASE_DIRECT_URL");
    }

    @Test
    void reservationsFromSeveralClientsGoThroughThePoolerAndTheLogAgrees() throws Exception {
        List<String> shows = ReservationLog.createShows(cluster, 6, 40);
        try (ReservationLoad load = new ReservationLoad(cluster.frontUrl(), shows, 40, 8)) {
            Thread.sleep(4_000);
            load.close();
            assertThat(load.failedAtNanos).as("failed requests").isEmpty();
            assertThat(load.acknowledged).isNotEmpty();
            ReservationLog.assertAgrees(cluster, shows, load);
        }
        // The listing is a read model: it follows the log through LISTEN on the direct URL, or the poll
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        String listing = get("/shows?limit=100");
        while (!shows.stream().allMatch(listing::contains) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            listing = get("/shows?limit=100");
        }
        for (String show : shows) {
            assertThat(listing).contains(show);
        }
        assertThat(get("/q/health/ready")).contains("\"status\": \"UP\"");
    }

    @Test
    void aHoldIsPlacedAndConfirmedThroughThePooler() throws Exception {
        String show = ReservationLog.createShows(cluster, 1, 10).get(0);
        HttpResponse<String> hold = HTTP.send(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + "/shows/" + show + "/holds"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[1,2]}"))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(hold.statusCode()).as(hold.body()).isEqualTo(201);
        String location = hold.headers().firstValue("Location").orElseThrow();
        HttpResponse<String> confirmed = HTTP.send(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + location + "/confirm"))
                .POST(HttpRequest.BodyPublishers.noBody()).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(confirmed.statusCode()).as(confirmed.body()).isEqualTo(200);
    }

    private static String get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(cluster.frontUrl() + path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }
}
