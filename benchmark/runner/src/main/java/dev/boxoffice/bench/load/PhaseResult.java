package dev.boxoffice.bench.load;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * The requests of one phase of an arrival schedule (by their intended send time): how each ended, and p50 / p99
 * latency in milliseconds of each kind of answer (NaN when there was none of that kind), and p99 of all answers (null
 * in runs recorded before it was).
 */
public record PhaseResult(String name, double offeredRps, double seconds, Map<AnswerKind, Long> counts,
        Map<AnswerKind, Double> p50, Map<AnswerKind, Double> p99, @JsonInclude(JsonInclude.Include.NON_NULL) Double p99AllAnswers) {

    public long count(AnswerKind kind) {
        return counts.getOrDefault(kind, 0L);
    }

    /** Requests per second that ended as {@code kind}. */
    public double perSecond(AnswerKind kind) {
        return count(kind) / seconds;
    }
}
