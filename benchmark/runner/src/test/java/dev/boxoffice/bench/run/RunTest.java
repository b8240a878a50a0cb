package dev.boxoffice.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.boxoffice.bench.load.Counts;
import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.Progress;
import dev.boxoffice.bench.measure.StepOptions;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.scenario.contention.ContentionScenario;
import dev.boxoffice.bench.system.Pinning;
import dev.boxoffice.bench.system.Resources;
import dev.boxoffice.bench.system.Resources.CpuShare;
import dev.boxoffice.cluster.HaProxy;
import io.vertx.core.http.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a scenario sees of its run: its options, the results before it, the notes, the service it is measured against. */
class RunTest {

    /** A scenario's options, as the command line would have set them. */
    record EchoOptions(String word) {
    }

    static final class Echo extends Scenario<String> {
        Echo(String name) {
            super(name, "says its word", String.class, EchoOptions.class, Target.OWN, false);
        }

        @Override
        public double plannedSeconds(Selection selection) {
            return 1;
        }

        @Override
        public String run(Run run) {
            return run.options(EchoOptions.class).word();
        }

        @Override
        public List<Section> sections(String result, RunResult run) {
            return List.of();
        }
    }

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final RunOptions runOptions = new RunOptions();
    private final StepOptions stepOptions = StepOptions.parse();
    private final Echo echo = new Echo("echo");
    private final Selection selection = new Selection(List.of(echo), runOptions, stepOptions,
            Map.of(EchoOptions.class, new EchoOptions("hello")), Map.of("echo-word", "hello"));
    private final Map<String, Object> earlier = new HashMap<>();
    private final List<String> notes = new ArrayList<>();
    @TempDir
    Path folder;
    private Bench bench;
    private Run run;

    @BeforeEach
    void start() {
        bench = new Bench(stepOptions, new Resources(), folder, new Progress(new PrintStream(console, true, StandardCharsets.UTF_8), 60));
        run = new Run(selection, bench, folder, Pinning.disabled(), null, null, () -> {
            throw new AssertionError("no database is started unless a scenario asks for one");
        }, earlier, notes, new AtomicReference<>());
    }

    @AfterEach
    void stop() {
        bench.close();
    }

    @Test
    void aSelectionKnowsItsScenariosAndHandsOutEachOnesOptions() {
        assertThat(selection.names()).containsExactly("echo");
        assertThat(selection.runs("echo")).isTrue();
        assertThat(selection.runs("serial")).isFalse();
        assertThat(selection.options(EchoOptions.class).word()).isEqualTo("hello");
        assertThat(selection.options(RunOptions.class)).isSameAs(runOptions);
        assertThat(selection.options(StepOptions.class)).isSameAs(stepOptions);
        assertThatThrownBy(() -> selection.options(String.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no options of type String");
    }

    @Test
    void aScenarioReadsItsOptionsThroughItsRun() {
        assertThat(echo.run(run)).isEqualTo("hello");
        assertThat(run.options(EchoOptions.class)).isSameAs(selection.options(EchoOptions.class));
        assertThat(run.runOptions()).isSameAs(runOptions);
        assertThat(run.progress()).isSameAs(bench.progress());
    }

    @Test
    void anEarlierResultIsThereOnlyWhenItRanAndIsOfTheTypeAsked() {
        earlier.put("serial", "a result");
        assertThat(run.earlier("serial", String.class)).isEqualTo("a result");
        assertThat(run.earlier("serial", SteppedResult.class)).as("of another type").isNull();
        assertThat(run.earlier("contention", String.class)).as("not run").isNull();
    }

    @Test
    void aNoteGoesToTheReportAndToTheConsole() {
        run.note("the edge was skipped");
        assertThat(notes).containsExactly("the edge was skipped");
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("the edge was skipped");
    }

    @Test
    void theSameRunAgainstAnotherServiceSharesItsNotesAndResults() {
        Run against = run.against(null, "http://127.0.0.1:9");
        assertThat(against.baseUrl()).isEqualTo("http://127.0.0.1:9");
        assertThat(run.baseUrl()).isNull();
        against.note("measured through the edge");
        earlier.put("serial", "a result");
        assertThat(run.notes()).containsExactly("measured through the edge");
        assertThat(against.earlier("serial", String.class)).isEqualTo("a result");
        assertThat(against.selection()).isSameAs(selection);
        assertThat(against.bench()).isSameAs(bench);
        assertThat(against.pinning()).isEqualTo(run.pinning());
        assertThat(against.postgres()).isSameAs(run.postgres());
        assertThat(against.repository()).isEqualTo(folder);
        assertThat(against.database()).isSameAs(run.database());
    }

    @Test
    void theServiceStartsFromThisCheckoutsJarWithItsJvmOptionsItsGcLogAndTheRunsOverrides() throws Exception {
        Files.createDirectories(folder.resolve("service"));
        Files.writeString(folder.resolve("service/jvm.options"), "# a comment\n-XX:+UseSerialGC\n\n-Xmx512m\n");
        new picocli.CommandLine(runOptions).parseArgs("--service-jvm-options", "-Xmx1g");
        assertThat(run.serviceJar()).isEqualTo(folder.resolve("service/target/quarkus-app/quarkus-run.jar").toAbsolutePath());
        assertThat(run.serviceJvmOptions(folder, "node-1")).containsExactly("-XX:+UseSerialGC", "-Xmx512m",
                "-Xlog:gc:file=\"" + bench.logDirectory().resolve("node-1-gc.log").toAbsolutePath() + "\":time,uptime", "-Xmx1g");
    }

    @Test
    void withoutAServiceItStartedTheEdgeIsSkippedWithANoteSayingWhy() {
        assertThat(Edge.inFront(run, "surge")).isEmpty();
        assertThat(notes).singleElement().asString().startsWith("surge: the load through the edge was skipped: the run's"
                + " service is not one node it started");
    }

    @Test
    void theEdgeIsHaProxyInFrontOfTheNodeAsDeployed() throws Exception {
        assumeTrue(HaProxy.binary().isPresent(), "HAProxy is installed (./boxoffice test installs it)");
        AtomicInteger atNode = new AtomicInteger();
        HttpServer node = bench.vertx().createHttpServer()
                .requestHandler(request -> {
                    if (!request.path().startsWith("/q/health")) {
                        atNode.incrementAndGet();
                    }
                    request.response().end("ok");
                })
                .listen(0).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        Run deployed = new Run(selection, bench, Path.of("../..").toAbsolutePath().normalize(), Pinning.disabled(), null,
                null, run.database(), earlier, notes, run.postgres());
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        String edgeUrl;
        try (Edge edge = Edge.start(deployed, node.actualPort(), 0)) {
            edgeUrl = edge.baseUrl();
            HttpRequest show = HttpRequest.newBuilder(URI.create(edgeUrl + "/shows/1")).build();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            HttpResponse<String> answer = client.send(show, HttpResponse.BodyHandlers.ofString());
            while (answer.statusCode() != 200 && System.nanoTime() < deadline) { // until its first health check passed
                Thread.sleep(100);
                answer = client.send(show, HttpResponse.BodyHandlers.ofString());
            }
            assertThat(answer.body()).isEqualTo("ok");
            int before = atNode.get();
            for (int i = 0; i < 5; i++) {
                assertThat(client.send(show, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
            }
            assertThat(atNode.get() - before).isEqualTo(5);
            assertThat(edge.stats().requests()).as("every request counted at the edge").isGreaterThanOrEqualTo(6);
            assertThat(edge.stats().fromNodes()).as("answered by the node").isPositive();
            assertThat(edge.lineServices()).isZero();
            assertThat(edge.lineCpuSeconds()).isZero();
            assertThat(edge.firstLine()).isEmpty();
            assertThat(bench.logDirectory().resolve("haproxy-edge.cfg")).content().contains("127.0.0.1:" + node.actualPort());
        }
        HttpRequest afterwards = HttpRequest.newBuilder(URI.create(edgeUrl + "/shows/1")).build();
        assertThatThrownBy(() -> client.send(afterwards, HttpResponse.BodyHandlers.ofString()))
                .as("closed, the edge listens no more").isInstanceOf(java.net.ConnectException.class);
    }

    @Test
    void aRunsResultsAreFoundByScenarioAndType() {
        SteppedResult serial = new SteppedResult("serial", "serial reservations", 50, null, List.of(), List.of(), 1000);
        RunResult result = new RunResult("2026-12-06T10:00:00Z", 60, null, Pinning.defaults(2), Map.of(), null,
                Map.of("serial", serial), List.of(new TopologyResult("1 node, direct", 1, 3500, Map.of("serial", serial), 0)),
                List.of());
        assertThat(result.result("serial", SteppedResult.class)).isSameAs(serial);
        assertThat(result.result("serial", String.class)).isNull();
        assertThat(result.result("contention", SteppedResult.class)).isNull();
        assertThat(result.topologies().getFirst().of("serial")).isSameAs(serial);
        assertThat(result.topologies().getFirst().of("contention")).isNull();
    }

    @Test
    void theMachineIsDescribedFromTheKernelsOwnFiles() throws Exception {
        Machine machine = Machine.describe("PostgreSQL 17.6");
        assertThat(machine.cpus()).isGreaterThanOrEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(machine.memoryGiB()).as("GiB, from MemTotal's kB").isBetween(0.25, 65536.0);
        assertThat(machine.cpuModel()).isNotBlank().isNotEqualTo("unknown");
        assertThat(Files.readAllLines(Path.of("/proc/cpuinfo"))).anyMatch(line -> line.startsWith("model name")
                && line.endsWith(": " + machine.cpuModel()));
        assertThat(machine.kernel()).startsWith("Linux ");
        assertThat(machine.jdk()).contains(Runtime.version().toString());
        assertThat(machine.postgres()).isEqualTo("PostgreSQL 17.6");
    }

    @Test
    void aScenarioWithoutChecksSummaryRowsOrFiguresHasNone() {
        echo.check(selection);
        assertThat(echo.summary(null, null)).isEmpty();
        assertThat(echo.figures("hello")).isEmpty();
        assertThat(echo.name()).isEqualTo("echo");
        assertThat(echo.summary()).isEqualTo("says its word");
        assertThat(echo.resultType()).isEqualTo(String.class);
        assertThat(echo.optionsType()).isEqualTo(EchoOptions.class);
        assertThat(echo.target()).isEqualTo(Target.OWN);
        assertThat(echo.runsByDefault()).isFalse();
        assertThat(echo.steps("hello")).as("no step of its own").isEmpty();
    }

    @Test
    void aSteppedScenariosStepsAreEveryAttemptTheRepeatedOnesToo() {
        StepResult met = step(1000), missed = step(2000), missedAgain = step(2000);
        SteppedResult result = new SteppedResult("contention", "hot shows", 50, null, List.of(met, missedAgain),
                List.of(missed), 1000);
        assertThat(new ContentionScenario().steps(result)).containsExactlyInAnyOrder(met, missed, missedAgain)
                .isEqualTo(result.attempts());
    }

    private static StepResult step(double rate) {
        Latency latency = new Latency(1000, 1, 2, 3, 3, 3, 1);
        return new StepResult("contention", "step", rate, 64, 10, new Counts(1000, 1000, 0, 0, 0, 0), rate, latency,
                new CpuShare(50, Double.NaN, 20, 10, new double[] {60, 40}, new double[] {1, 2}), 200, List.of(), "", null,
                List.of());
    }
}
