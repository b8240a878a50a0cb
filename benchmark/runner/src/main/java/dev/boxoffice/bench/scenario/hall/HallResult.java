package dev.boxoffice.bench.scenario.hall;

import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import java.util.List;

/**
 * An on-sale of stadium halls two ways in one run (buyers naming their seats, buyers asking for the best available),
 * the best-available buyers at half their capacity, and 100,000-seat stadiums weighed and loaded again.
 *
 * @param halfCapacity a step of best-available buyers at half their capacity; null when there was no capacity
 * @param stadiums     null when it did not run (against a service the run did not start)
 * @param decisions    best available decided in the domain alone, one entry per count of seats together
 */
public record HallResult(int hallSeats, int seatsPerBuyer, SteppedResult named, SteppedResult best,
        StepResult halfCapacity, List<Buyers> buyers, Stadium stadiums, List<Decisions> decisions) {

    /**
     * One step's buyers: holds placed (201), refused because their seats were taken or none were together (409), and
     * confirmed (200).
     */
    public record Buyers(String label, String choice, double buyersPerSecond, long held, long refused, long confirmed) {
    }

    /**
     * Stadiums on a service of their own, weighed with the shows in memory and again once they had left it.
     *
     * @param inMemory          shows in memory when weighed in
     * @param leftInMemory      shows in memory when weighed out (0)
     * @param heapInMiB         the service's heap after a full collection, the stadiums sold and in memory
     * @param heapOutMiB        the same once they had left memory
     * @param estimateInMiB     the service's own estimate of its shows in memory, then
     * @param estimateOutMiB    the same, after
     * @param loads             loads of a stadium into memory counted by the service's histogram, warm-up round excepted
     * @param steps             the sale, then each round of reads, every show out of memory before it
     */
    public record Stadium(int shows, int seats, long soldSeats, double inMemory, double leftInMemory, double heapInMiB,
            double heapOutMiB, double estimateInMiB, double estimateOutMiB, double loads, double loadP50Millis,
            double loadP99Millis, List<StepResult> steps) {

        public double measuredKiBPerShow() {
            return (heapInMiB - heapOutMiB) * 1024 / shows;
        }

        public double estimatedKiBPerShow() {
            return (estimateInMiB - estimateOutMiB) * 1024 / shows;
        }
    }

    /**
     * Best available for {@code together} seats decided in the domain alone ({@link DomainDecisions}) on a stadium of
     * {@code seats}, {@code soldPercent} sold as {@code hall} says: {@code samples} decisions timed, in microseconds.
     */
    public record Decisions(String hall, int together, int seats, int soldPercent, long samples, double p50Micros,
            double p99Micros, double p999Micros, double maxMicros) {

        boolean soldAtRandom() {
            return hall.equals(DomainDecisions.SOLD_AT_RANDOM);
        }
    }

    /** The slowest p99 of the decisions on a hall sold at random (the target's case), in microseconds; NaN if none. */
    public double decisionP99Micros() {
        return decisions.stream().filter(Decisions::soldAtRandom).mapToDouble(Decisions::p99Micros).max().orElse(Double.NaN);
    }

    /** Best-available buyers per second against named-seat buyers per second, at their capacities. */
    public double bestOverNamed() {
        return named.capacityRps() > 0 ? best.capacityRps() / named.capacityRps() : Double.NaN;
    }
}
