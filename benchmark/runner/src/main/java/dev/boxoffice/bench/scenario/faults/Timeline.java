package dev.boxoffice.bench.scenario.faults;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.report.Chart;
import dev.boxoffice.bench.scenario.faults.FaultsResult.HistoryResult;
import dev.boxoffice.bench.scenario.faults.FaultsResult.Second;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/** A history's seconds as its clients saw them, and its chart with the fault windows named. */
final class Timeline {

    private Timeline() {
    }

    static List<Second> of(List<Operation> operations) {
        TreeMap<Integer, List<Operation>> bySecond = new TreeMap<>();
        for (Operation op : operations) {
            bySecond.computeIfAbsent((int) (op.returned() / 1_000_000_000L), s -> new ArrayList<>()).add(op);
        }
        List<Second> seconds = new ArrayList<>();
        bySecond.forEach((at, ops) -> {
            double[] latencies = ops.stream().filter(Operation::answered)
                    .mapToDouble(op -> (op.returned() - op.call()) / 1e6).sorted().toArray();
            seconds.add(new Second(at, latencies.length, (int) ops.stream().filter(op -> op.outcome().equals("failed")).count(),
                    (int) ops.stream().filter(op -> op.outcome().equals("unknown")).count(),
                    latencies.length == 0 ? Double.NaN : latencies[Math.min(latencies.length - 1, (int) Math.ceil(latencies.length * 0.99) - 1)]));
        });
        return seconds;
    }

    static String chart(HistoryResult history) {
        List<String> windows = history.faults().stream().map(f -> f.kind() + " " + f.target() + " " + num(f.start() / 1e9, 0)
                + "-" + num(f.end() / 1e9, 0) + " s").toList();
        return Chart.line(history.file() + ": operations per second (faults: " + String.join(", ", windows) + ")",
                "seconds since the history began", "per second", List.of(
                        series("answered (done or refused)", history.timeline(), Second::answered),
                        series("unknown outcome", history.timeline(), Second::unknown),
                        series("refused before done (overload)", history.timeline(), Second::failed),
                        series("p99 of the answered, ms", history.timeline(), Second::p99)), false, Double.NaN, "");
    }

    private static Chart.Series series(String name, List<Second> seconds, ToDoubleFunction<Second> y) {
        return new Chart.Series(name, seconds.stream().map(s -> new double[] {s.at(), y.applyAsDouble(s)}).toList());
    }
}
