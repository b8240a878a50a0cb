package dev.boxoffice.bench.scenario.connections;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.client.ServiceMetrics;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.report.Table;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import dev.boxoffice.bench.system.JavaService;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Idle keep-alive clients: many connections, each answered once and then held open, as browsers and pools hold them.
 * What each costs the service's heap, and whether the service answers every one, past its connection bound too (a
 * 503), rather than closing any without an answer.
 */
public final class ConnectionsScenario extends Scenario<ConnectionsResult> {

    /** A request the service answers from memory: what the connections cost is the point, not the database. */
    private static final String PATH = "/shows";

    public ConnectionsScenario() {
        super("connections", "idle keep-alive connections held open: heap per connection, answers past the bound"
                + " (only when named)", ConnectionsResult.class, ConnectionsOptions.class, Target.SERVICE, false);
    }

    @Override
    public double plannedSeconds(Selection selection) {
        ConnectionsOptions options = selection.options(ConnectionsOptions.class);
        return options.connections() / options.rate() + 15;
    }

    @Override
    public ConnectionsResult run(Run run) {
        ConnectionsOptions options = run.options(ConnectionsOptions.class);
        long servicePid = run.tier() == null ? 0 : run.tier().directPid().orElse(0L);
        double heapBefore = heapMiB(run, servicePid);
        try (IdleConnections connections = new IdleConnections(run.bench().vertx(), URI.create(run.baseUrl()))) {
            connections.open("OPTIONS", PATH, options.connections(), options.rate()).toCompletionStage().toCompletableFuture()
                    .orTimeout((long) (options.connections() / options.rate()) + 120, TimeUnit.SECONDS).join();
            run.bench().progress().info("connections: " + connections.held() + " held, " + connections.refused()
                    + " refused with an answer, " + connections.noAnswer() + " without an answer");
            double heapHeld = heapMiB(run, servicePid);
            double bound = ServiceMetrics.values(run.baseUrl()).getOrDefault("boxoffice_connections_bound", Double.NaN);
            ConnectionsResult partial = new ConnectionsResult(options.connections(), connections.held(),
                    connections.refused(), connections.noAnswer(), bound, heapBefore, heapHeld, Double.NaN);
            connections.close();
            JavaService.sleep(1000); // the service sees the closes
            double openAfter = ServiceMetrics.values(run.baseUrl()).getOrDefault("boxoffice_connections_open", Double.NaN);
            return new ConnectionsResult(partial.asked(), partial.held(), partial.refused(), partial.noAnswer(),
                    partial.bound(), partial.heapBeforeMiB(), partial.heapHeldMiB(), openAfter);
        }
    }

    private static double heapMiB(Run run, long servicePid) {
        return ServiceMetrics.heapMiB(ServiceMetrics.afterFullCollection(run.baseUrl(), servicePid, run.bench().progress()));
    }

    @Override
    public List<SummaryRow> summary(ConnectionsResult result, RunResult run) {
        return List.of(new SummaryRow("Idle keep-alive connections", result.held() + " held of " + result.asked()
                + ", " + result.refused() + " refused with a 503, " + result.noAnswer() + " without an answer; "
                + num(result.bytesPerConnection() / 1024, 1) + " KiB of heap each", "bound " + num(result.bound(), 0)));
    }

    @Override
    public List<Section> sections(ConnectionsResult result, RunResult run) {
        Table table = new Table("Opened", "Held (2xx)", "Refused (503)", "Without an answer", "Service's bound",
                "Heap before MiB", "Heap held MiB", "Heap per connection KiB", "Counted open after closing");
        table.row(Integer.toString(result.asked()), Long.toString(result.held()), Long.toString(result.refused()),
                Long.toString(result.noAnswer()), num(result.bound(), 0), num(result.heapBeforeMiB(), 1),
                num(result.heapHeldMiB(), 1), num(result.bytesPerConnection() / 1024, 2), num(result.openAfterClose(), 0));
        String text = "Keep-alive connections opened at a constant rate, each sending one OPTIONS " + PATH + " and, if "
                + "answered 2xx, held open and idle. The service bounds open connections by its memory: past the bound a "
                + "request is answered 503 and its connection closed. Heap per connection: the service's heap after a "
                + "full GC with every held connection open, less before, over the connections held.";
        return List.of(new Section("Idle connections", text, List.of(table)));
    }

    @Override
    public Map<String, Double> figures(ConnectionsResult result) {
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("connections held", (double) result.held());
        figures.put("connections without an answer", (double) result.noAnswer());
        figures.put("connections heap per connection KiB", result.bytesPerConnection() / 1024);
        return figures;
    }
}
