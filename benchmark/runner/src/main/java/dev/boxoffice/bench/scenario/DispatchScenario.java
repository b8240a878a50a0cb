package dev.boxoffice.bench.scenario;

import dev.boxoffice.bench.result.DispatchResult;
import dev.boxoffice.bench.result.StepResult;
import dev.boxoffice.bench.system.JavaService;
import java.util.ArrayList;
import java.util.List;

/**
 * The experiment of "Quarkus: an IO thread and a worker thread walk into a bar": the same trivial validated endpoint
 * on the event loop, dispatched to a worker thread, and on a virtual thread; per variant a fresh JVM, its start time
 * to first request, RSS, and closed-loop max throughput.
 */
public final class DispatchScenario {

    private final Bench bench;
    private final HelloService hello;

    public DispatchScenario(Bench bench, HelloService hello) {
        this.bench = bench;
        this.hello = hello;
    }

    public DispatchResult run() {
        List<DispatchResult.Variant> variants = new ArrayList<>();
        for (String variant : HelloService.VARIANTS) {
            try (JavaService service = hello.start(variant)) {
                bench.resources().service(service.pid());
                JavaService.sleep(1000);
                double idleRss = bench.resources().serviceRssMiB();
                boolean validates = HelloService.rejectsBlankName(service, variant);
                StepResult load = hello.maxThroughput(service, "dispatch", variant);
                bench.progress().info(String.format("%s: start %.0f ms, idle RSS %.0f MiB, max RSS %.0f MiB",
                        variant, service.startMillis(), idleRss, load.serviceRssMiB()));
                variants.add(new DispatchResult.Variant(variant, service.startMillis(), idleRss, load.serviceRssMiB(),
                        validates, load));
            } finally {
                bench.resources().noService();
            }
        }
        return new DispatchResult(variants);
    }
}
