package dev.boxoffice.bench.report;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import dev.boxoffice.bench.load.Counts;
import dev.boxoffice.bench.measure.StepResult;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;

/** steps.csv: one line per measured step of every scenario, for spreadsheets and scripts. */
public final class Csv {

    /** Quotes only a value that needs it (a comma, a quote, a line break), not every one with a space. */
    private static final CsvMapper MAPPER = CsvMapper.builder().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING).build();

    /** One step; numbers as text with the decimals a reader needs, NaN where not measured. */
    @JsonPropertyOrder({"scenario", "label", "offered_rps", "connections", "seconds", "sent", "ok", "conflicts",
            "http_errors", "refused_by_status", "transport_errors", "timeouts", "achieved_rps", "p50_ms", "p95_ms", "p99_ms", "p999_ms", "max_ms",
            "mean_ms", "cpu_service_pct", "cpu_postgres_pct", "cpu_loadgen_pct", "service_rss_mib", "histogram_log",
            "read_model_lag_p50_ms", "read_model_lag_p99_ms", "max_core_steal_pct"})
    record Row(String scenario, String label, String offered_rps, int connections, String seconds, long sent, long ok,
            long conflicts, long http_errors, String refused_by_status, long transport_errors, long timeouts, String achieved_rps, String p50_ms,
            String p95_ms, String p99_ms, String p999_ms, String max_ms, String mean_ms, String cpu_service_pct,
            String cpu_postgres_pct, String cpu_loadgen_pct, String service_rss_mib, String histogram_log,
            String read_model_lag_p50_ms, String read_model_lag_p99_ms, String max_core_steal_pct) {

        static Row of(StepResult s) {
            var c = s.counts();
            var l = s.latency();
            return new Row(s.scenario(), s.label(), f(1, s.offeredRps()), s.connections(), f(3, s.seconds()), c.sent(), c.ok(),
                    c.conflicts(), c.httpErrors(), byStatus(c), c.transportErrors(), c.timeouts(), f(1, s.achievedRps()), f(3, l.p50()),
                    f(3, l.p95()), f(3, l.p99()), f(3, l.p999()), f(3, l.max()), f(3, l.mean()), f(1, s.cpu().service()),
                    f(1, s.cpu().database()), f(1, s.cpu().loadGenerator()), f(1, s.serviceRssMiB()), s.histogramLog(),
                    f(1, s.readModelLag() == null ? Double.NaN : s.readModelLag().p50Millis()),
                    f(1, s.readModelLag() == null ? Double.NaN : s.readModelLag().p99Millis()), f(1, s.cpu().maxSteal()));
        }

        /** The refusals by status, as "503:12 400:1"; empty without any. */
        private static String byStatus(Counts counts) {
            return String.join(" ", counts.refusedByStatus().entrySet().stream().map(e -> e.getKey() + ":" + e.getValue()).toList());
        }

        private static String f(int decimals, double value) {
            return String.format(Locale.ROOT, "%." + decimals + "f", value);
        }
    }

    private Csv() {
    }

    public static String steps(List<StepResult> steps) {
        try {
            return MAPPER.writer(MAPPER.schemaFor(Row.class).withHeader()).writeValueAsString(steps.stream().map(Row::of).toList());
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
