package dev.boxoffice.bench.load;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.TreeMap;

/**
 * How the requests of a step ended; {@code sent} is always the sum of the next five once the step has drained. Every
 * error is one of three: refused (answered with a status the load did not expect, counted by status in
 * {@code refusedByStatus}), timed out, or its connection failed.
 *
 * @param httpErrors      refused: answered with a status other than 2xx or an expected 409
 * @param refusedByStatus the refusals by status (empty in runs recorded before they were counted so)
 */
public record Counts(long sent, long ok, long conflicts, long httpErrors, long transportErrors, long timeouts,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<Integer, Long> refusedByStatus) {

    public Counts {
        refusedByStatus = Collections.unmodifiableSortedMap(refusedByStatus == null ? new TreeMap<>() : new TreeMap<>(refusedByStatus));
    }

    /** Without refusals by status: none, or not counted. */
    public Counts(long sent, long ok, long conflicts, long httpErrors, long transportErrors, long timeouts) {
        this(sent, ok, conflicts, httpErrors, transportErrors, timeouts, Map.of());
    }

    public long errors() {
        return httpErrors + transportErrors + timeouts;
    }

    public long answered() {
        return ok + conflicts + httpErrors;
    }

    /**
     * The errors as every report names them: refused (by status), timed out, connection failed; "0" without any. A
     * refusal counted before statuses were is "refused N".
     */
    public String describeErrors() {
        if (errors() == 0) {
            return "0";
        }
        List<String> parts = new ArrayList<>();
        if (httpErrors > 0) {
            String byStatus = refusedByStatus.entrySet().stream()
                    .map(e -> e.getKey() + ": " + String.format(Locale.ROOT, "%,d", e.getValue())).collect(Collectors.joining(", "));
            parts.add(String.format(Locale.ROOT, "refused %,d", httpErrors) + (byStatus.isEmpty() ? "" : " (" + byStatus + ")"));
        }
        if (timeouts > 0) {
            parts.add(String.format(Locale.ROOT, "timed out %,d", timeouts));
        }
        if (transportErrors > 0) {
            parts.add(String.format(Locale.ROOT, "connection failed %,d", transportErrors));
        }
        return String.join("; ", parts);
    }

    /** The requests of both, counted together. */
    public Counts plus(Counts other) {
        Map<Integer, Long> byStatus = new TreeMap<>(refusedByStatus);
        other.refusedByStatus.forEach((status, count) -> byStatus.merge(status, count, Long::sum));
        return new Counts(sent + other.sent, ok + other.ok, conflicts + other.conflicts, httpErrors + other.httpErrors,
                transportErrors + other.transportErrors, timeouts + other.timeouts, byStatus);
    }
}
