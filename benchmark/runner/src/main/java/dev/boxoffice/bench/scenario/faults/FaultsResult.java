package dev.boxoffice.bench.scenario.faults;

import java.util.List;

/**
 * The histories a faults run recorded, and the checker's verdict on each.
 *
 * @param cluster what the histories ran against
 */
public record FaultsResult(String cluster, int seatsPerShow, int clients, double rate, List<HistoryResult> histories) {

    /**
     * One history: its fault kind, its file (under the run's faults/ folder), its length, the faults injected, the
     * checker's verdict, and its seconds as the clients saw them.
     */
    public record HistoryResult(String kind, String file, double seconds, List<Fault> faults, Checker.Verdict verdict,
            List<Second> timeline) {
    }

    /**
     * One second of a history: operations answered (done or refused), refused before anything was done, with an
     * unknown outcome; and the 99th percentile of the answered ones' latency, in ms.
     */
    public record Second(int at, int answered, int failed, int unknown, double p99) {
    }

    public long operations() {
        return histories.stream().mapToLong(h -> h.verdict().operations()).sum();
    }

    public long unknown() {
        return histories.stream().mapToLong(h -> h.verdict().unknown()).sum();
    }

    public long withAnomalies() {
        return histories.stream().filter(h -> !h.verdict().clean()).count();
    }
}
