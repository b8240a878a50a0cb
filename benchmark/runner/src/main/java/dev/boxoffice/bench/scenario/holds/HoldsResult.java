package dev.boxoffice.bench.scenario.holds;

import dev.boxoffice.bench.measure.Buckets;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import java.util.List;

/**
 * Buyers holding seats at rising rates (offered rates in buyers per second), each step's holds, confirmations and
 * expiries; then pending holds over many shows, their memory, and how late they were released.
 *
 * @param buyers  each step's own figures, by label
 * @param pending the pending holds' measurement; null if it did not run
 */
public record HoldsResult(SteppedResult stepped, int seatsPerHold, double expirePercent, int ttlSeconds, double thinkMs,
        List<Buyers> buyers, Pending pending) {

    /**
     * One step's buyers: holds placed (201) and refused because a seat was taken (409), confirmations (200), and the
     * expiries the service recorded during the step with their lag.
     */
    public record Buyers(String label, double buyersPerSecond, long held, long refused, long confirmed, Lag expiryLag) {
    }

    /**
     * How long after its expiry each expired hold's release was recorded (the service's histogram, between two scrapes).
     *
     * @param count released holds counted
     */
    public record Lag(double count, double p50Millis, double p99Millis) {

        static Lag of(Buckets seconds) {
            return new Lag(seconds.count(), seconds.quantile(0.5) * 1000, seconds.quantile(0.99) * 1000);
        }
    }

    /**
     * Pending holds spread over many shows, their expiries spread over a window starting once the shows had time to
     * leave memory.
     *
     * @param placed             holds acknowledged (201)
     * @param heapShowsMiB       the service's heap after a full collection with the shows in memory, before the holds
     * @param heapHoldsMiB       the same with the holds placed, their shows still in memory
     * @param estimateShowsMiB   the service's own estimate of the shows in memory, before the holds
     * @param estimateHoldsMiB   the same with the holds placed
     * @param inMemoryAtExpiry   shows in memory just before the first expiry was due
     * @param releaseEvents      HoldReleased events in those shows' streams, counted in the database at the end
     * @param lag                the releases recorded from the first expiry on, and their lag
     * @param steps              creating the shows, placing the holds, and the expiry window (no requests: the
     *                           service's own work)
     */
    public record Pending(int shows, long placed, double idleSeconds, double windowSeconds, double heapShowsMiB,
            double heapHoldsMiB, double heapMaxMiB, double estimateShowsMiB, double estimateHoldsMiB,
            double inMemoryAfterPlacing, double inMemoryAtExpiry, long releaseEvents, Lag lag, List<StepResult> steps) {

        /** Heap per pending hold (its show in memory), measured. */
        public double measuredBytesPerHold() {
            return (heapHoldsMiB - heapShowsMiB) * 1024 * 1024 / placed;
        }

        /** The service's own estimate per pending hold, which its memory budget counts. */
        public double estimatedBytesPerHold() {
            return (estimateHoldsMiB - estimateShowsMiB) * 1024 * 1024 / placed;
        }
    }

    /** The step that sets the capacity's figures, else the first step's. */
    public Buyers atCapacity() {
        StepResult step = stepped.capacityStep();
        String label = step != null ? step.label() : stepped.steps().isEmpty() ? null : stepped.steps().get(0).label();
        return buyers.stream().filter(b -> b.label().equals(label)).findFirst().orElse(null);
    }
}
