package dev.boxoffice.bench.scenario.journeys;

import dev.boxoffice.bench.scenario.journeys.JourneysResult.Figures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/** Latency and outcome counts under names (a journey, a request type); used on the generator's event loop only. */
final class NamedStats {

    private static final long MAX_MICROS = TimeUnit.SECONDS.toMicros(120);

    private final Map<String, Entry> entries = new LinkedHashMap<>();

    private static final class Entry {
        final Histogram latency = new Histogram(MAX_MICROS, 2);
        long ok;
        long conflicts;
        long errors;
    }

    /** Fixes the order in which names are reported. */
    NamedStats(List<String> names) {
        names.forEach(name -> entries.put(name, new Entry()));
    }

    /** {@code outcome}: 0 ok, 1 an expected conflict, 2 an error. */
    void record(String name, long micros, int outcome) {
        Entry entry = entries.computeIfAbsent(name, n -> new Entry());
        entry.latency.recordValue(Math.max(1, Math.min(micros, MAX_MICROS)));
        switch (outcome) {
            case 0 -> entry.ok++;
            case 1 -> entry.conflicts++;
            default -> entry.errors++;
        }
    }

    List<Figures> figures() {
        List<Figures> figures = new ArrayList<>();
        entries.forEach((name, e) -> figures.add(new Figures(name, e.latency.getTotalCount(), e.ok, e.conflicts, e.errors,
                e.latency.getValueAtPercentile(50) / 1000.0, e.latency.getValueAtPercentile(99) / 1000.0)));
        return figures;
    }
}
