package dev.boxoffice.bench.scenario.onsale;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.report.Table;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import dev.boxoffice.bench.run.Edge;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The on-sale crowd ({@link OnsaleLoad}): buyers arriving faster than the service can serve them, each on a new
 * connection, retrying every failure at once or politely; what gets completed, and what the retries cost. Meant for
 * a service under a CPU quota ({@code --service-cpus}), so that the crowd overloads the service and not the generator.
 */
public final class OnsaleScenario extends Scenario<OnsaleResult> {

    public OnsaleScenario() {
        super("onsale", "an on-sale crowd of new buyers on new connections, retrying every failure (only when named;"
                + " best with --service-cpus)", OnsaleResult.class, OnsaleOptions.class, Target.SERVICE, false);
    }

    @Override
    public double plannedSeconds(Selection selection) {
        OnsaleOptions options = selection.options(OnsaleOptions.class);
        return (options.throughEdge() ? 2 : 1) * options.rates().size() * Buyer.Client.values().length * (options.seconds() + 5) + 10;
    }

    @Override
    public OnsaleResult run(Run run) {
        OnsaleOptions options = run.options(OnsaleOptions.class);
        // The service's own counters, read from the node itself (with --target: whatever answers there).
        String metricsUrl = run.tier() != null && run.tier().nodeUrls().size() == 1 ? run.tier().nodeUrls().getFirst() : run.baseUrl();
        List<OnsaleResult.Step> steps = new ArrayList<>(new OnsaleLoad(run.bench(), run.baseUrl(), metricsUrl, null, options).run().steps());
        if (options.throughEdge()) {
            Edge.inFront(run, name()).ifPresent(edge -> {
                try (edge) {
                    steps.addAll(new OnsaleLoad(run.bench(), edge.baseUrl(), metricsUrl, edge, options).run().steps());
                }
            });
        }
        return new OnsaleResult(steps);
    }

    @Override
    public List<StepResult> steps(OnsaleResult onsale) {
        return onsale.steps().stream().map(OnsaleResult.Step::answers).toList();
    }

    @Override
    public List<SummaryRow> summary(OnsaleResult onsale, RunResult run) {
        return onsale.steps().stream().map(step -> new SummaryRow("On-sale crowd, " + step.answers().label(),
                num(step.completedPerSecond(), 0) + " buyers completed/s of " + num(step.answers().offeredRps(), 0)
                        + " arriving; " + num(step.attemptsPerIntent(), 1) + " requests per buyer; " + step.noAnswer()
                        + " without an answer; p99 of all answers " + num(step.answers().latency().p99(), 0) + " ms"
                        + (Double.isNaN(step.answeringAgainMillis()) ? "; **not answering a minute after the crowd**" : ""),
                "")).toList();
    }

    @Override
    public List<Section> sections(OnsaleResult onsale, RunResult run) {
        Table table = new Table("Buyers/s", "Clients", "Buyers", "Completed", "Completed/s", "Requests per buyer",
                "503/429", "Refused by: in flight / queue delay / connections / edge", "No answer", "p50 ms (answers)", "p99 ms (answers)", "p50 ms (completed)",
                "p99 ms (completed)", "Answering again after ms", "CPU service %", "CPU load generator %");
        for (OnsaleResult.Step step : onsale.steps()) {
            StepResult answers = step.answers();
            table.row(num(answers.offeredRps(), 0), step.client().name().toLowerCase(), Long.toString(step.intents()),
                    Long.toString(step.completed()), num(step.completedPerSecond(), 0), num(step.attemptsPerIntent(), 2),
                    Long.toString(step.refusals()), num(step.refusedBy().inFlight(), 0) + " / "
                            + num(step.refusedBy().queueDelay(), 0) + " / " + num(step.refusedBy().connections(), 0) + " / "
                            + (step.edge() == null ? "–" : step.edge().refusedByEdge() + step.edge().rateLimited()),
                    Long.toString(step.noAnswer()), num(answers.latency().p50(), 1),
                    num(answers.latency().p99(), 1), num(step.completion().p50(), 1), num(step.completion().p99(), 1),
                    Double.isNaN(step.answeringAgainMillis()) ? "**not within 1 min**" : num(step.answeringAgainMillis(), 0),
                    num(answers.cpu().service(), 0), num(answers.cpu().loadGenerator(), 0));
        }
        String text = "Buyers arrive at a constant rate (open model), each on a connection of its own; most go for one of "
                + "a few hot shows. A buyer reserves a random seat and then cancels it, and on any failure (a 409 for a "
                + "seat taken meanwhile, a 503 or 429, no answer) tries again with the same connection, or a new one if it "
                + "was closed, up to its retries: impatient clients at once, ignoring Retry-After (as many real clients "
                + "do), polite ones after Retry-After and up to a second of jitter. Completed: reservation and "
                + "cancellation both answered 200. Answers: every request, first tries and retries; completed: from a "
                + "buyer's arrival to its cancellation's answer. Answering again: from the crowd's end (its last buyer done) "
                + "until a list of shows, asked every 100 ms, was answered 200. Steps marked through the edge sent the same "
                + "buyers to HAProxy (deploy/haproxy/haproxy.cfg) in front of the same service, outside its CPU quota: "
                + "the edge queues what the service cannot take at once and refuses, by its own count, what waited past "
                + "its queue timeout."
                + (run.pinning().serviceQuota() == null ? " The service had no CPU quota: on a small machine the "
                + "generator needs the same cores, and the crowd may overload it before the service (--service-cpus)."
                : " The service was limited to " + run.pinning().serviceQuota().describe() + ".");
        return List.of(new Section("On-sale crowd", text, List.of(table)));
    }

    @Override
    public Map<String, Double> figures(OnsaleResult onsale) {
        Map<String, Double> figures = new LinkedHashMap<>();
        for (OnsaleResult.Step step : onsale.steps()) {
            figures.put("onsale completed/s, " + step.answers().label(), step.completedPerSecond());
        }
        return figures;
    }
}
