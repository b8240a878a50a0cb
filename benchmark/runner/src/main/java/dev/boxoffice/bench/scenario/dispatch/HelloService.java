package dev.boxoffice.bench.scenario.dispatch;

import dev.boxoffice.bench.load.ClosedLoop;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.system.JavaService;
import dev.boxoffice.bench.system.Pinning;
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The benchmark-only hello service (module benchmark/hello-service): {@code GET /hello/{variant}/{name}} with the
 * variants event-loop, worker and virtual-thread. Each measurement starts it afresh on the service's cores.
 */
public final class HelloService {

    static final List<String> VARIANTS = List.of("event-loop", "worker", "virtual-thread");
    private static final double WARMUP_SECONDS = 5; // at most; also warms up the generator's own JIT before the first ceiling

    private final Bench bench;
    private final Path jar;
    private final Pinning pinning;
    private final DispatchOptions options;

    public HelloService(Run run) {
        this.bench = run.bench();
        this.jar = run.repository().resolve("benchmark/hello-service/target/quarkus-app/quarkus-run.jar");
        this.pinning = run.pinning();
        this.options = run.options(DispatchOptions.class);
    }

    public JavaService start(String variant) {
        return JavaService.start("hello-" + variant, jar, List.of(), Map.of(), Map.of(), pinning.servicePrefix(),
                bench.logDirectory(), "/hello/" + variant + "/world");
    }

    /** Closed-loop maximum throughput of one variant, after an unreported warm-up. */
    public StepResult maxThroughput(JavaService hello, String scenario, String variant) {
        int connections = options.connections();
        String path = "/hello/" + variant + "/benchmark";
        try (LoadClient client = bench.client(hello.baseUrl(), connections)) {
            Consumer<StepRecorder> greetings = recorder -> ClosedLoop.start(connections, recorder, (worker, intended, next) ->
                    client.send(HttpMethod.GET, path, null, intended, recorder, false, reply -> next.run()));
            double warmup = Math.min(WARMUP_SECONDS, options.seconds());
            bench.step(scenario, variant + " warm-up", Double.NaN, connections, warmup, greetings);
            return bench.step(scenario, variant, Double.NaN, connections, options.seconds(), greetings);
        }
    }

    /** True when a blank name is refused with 400: the validation is really part of the work. */
    static boolean rejectsBlankName(JavaService hello, String variant) {
        try {
            HttpResponse<Void> response = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(hello.baseUrl() + "/hello/" + variant + "/%20")).build(),
                    HttpResponse.BodyHandlers.discarding());
            return response.statusCode() == 400;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
