package dev.boxoffice.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.Request;
import dev.boxoffice.bench.system.Resources;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A measured step: as long as asked or until it is finished, then every request in flight waited for, and its figures. */
class BenchTest {

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private Vertx server;
    private HttpServer http;
    private Bench bench;
    @TempDir
    Path runFolder;

    @BeforeEach
    void start() throws Exception {
        server = Vertx.vertx();
        http = server.createHttpServer().requestHandler(request -> {
            if (request.path().equals("/slow")) {
                server.setTimer(700, t -> request.response().end());
            } else {
                request.response().setStatusCode(request.path().equals("/busy") ? 503 : 200).end();
            }
        }).listen(0).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        bench = new Bench(StepOptions.parse("--timeout-ms", "2000"), new Resources(), runFolder,
                new Progress(new PrintStream(console, true, StandardCharsets.UTF_8), 60));
    }

    @AfterEach
    void stop() throws Exception {
        bench.close();
        server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void aStepOffersItsLoadForItsSecondsAndCountsWhatCameBack() throws Exception {
        try (LoadClient client = bench.client("http://localhost:" + http.actualPort(), 4)) {
            AtomicInteger arrivals = new AtomicInteger();
            StepResult step = bench.step("ping", "100 req/s", 100, 4, 1.2, recorder ->
                    OpenLoop.start(bench.vertx(), 100, recorder, intended -> client.send(
                            Request.get(arrivals.incrementAndGet() % 10 == 0 ? "/busy" : "/ok"), intended, recorder, false)));

            assertThat(step.counts().sent()).isBetween(110L, 130L);
            assertThat(step.counts().ok() + step.counts().httpErrors()).isEqualTo(step.counts().sent());
            assertThat(step.counts().refusedByStatus()).containsExactly(java.util.Map.entry(503, (long) arrivals.get() / 10));
            assertThat(step.seconds()).isBetween(1.2, 3.0);
            assertThat(step.achievedRps()).isEqualTo(step.counts().ok() / step.seconds());
            assertThat(step.latency().count()).isEqualTo(step.counts().sent());
            assertThat(step.histogramLog()).isEqualTo("hlog/ping-100-req-s.hlog");
            assertThat(runFolder.resolve(step.histogramLog())).isNotEmptyFile();
            assertThat(step.serviceRssMiB()).as("no service known to this bench").isNaN();
            assertThat(console.toString(StandardCharsets.UTF_8)).contains("ping 100 req/s: done", "refused");
        }
    }

    @Test
    void aStepEndsOnceFinishedAndWaitsForWhatIsInFlight() throws Exception {
        try (LoadClient client = bench.client("http://localhost:" + http.actualPort(), 2)) {
            AtomicInteger sent = new AtomicInteger();
            long start = System.nanoTime();
            StepResult step = bench.step("ping", "slow", 0, 2, 30, recorder -> {
                sent.incrementAndGet();
                client.send(Request.get("/slow"), System.nanoTime(), recorder, false);
            }, () -> sent.get() > 0);
            double took = (System.nanoTime() - start) / 1e9;

            assertThat(took).as("finished after the first second's check, not 30 s").isLessThan(5);
            assertThat(step.counts().ok()).as("the slow answer was waited for").isEqualTo(1);
        }
    }

    @Test
    void aViewOfTheBenchForAVariantWritesItsLogsApartAndNamesItsLines() throws Exception {
        Bench worker = bench.forVariant("worker", null);
        StepResult step = worker.step("serial", "idle", 0, 0, 0.2, recorder -> { });

        assertThat(step.histogramLog()).isEqualTo("hlog/worker/serial-idle.hlog");
        assertThat(runFolder.resolve(step.histogramLog())).exists();
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("worker: serial idle: done");
        assertThat(worker.warmupSeconds()).isEqualTo(60);
        bench.serviceJvms(3);
        assertThat(bench.warmupSeconds()).isEqualTo(180);
        bench.warmupRate(500);
        assertThat(bench.warmupRate()).isEqualTo(500);
    }
}
