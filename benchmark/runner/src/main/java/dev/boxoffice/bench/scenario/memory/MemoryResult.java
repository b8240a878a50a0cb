package dev.boxoffice.bench.scenario.memory;

import dev.boxoffice.bench.measure.StepResult;

import java.util.List;

/**
 * Shows created far past the service's memory budget, then reservations across all of them.
 *
 * @param largeCreated   shows of {@code largeSeats} created (some refused creations are retried, backing off)
 * @param smallCreated   shows of {@code smallSeats} created
 * @param steps          large shows, small shows, reservations across them (with the reservation of each new show)
 * @param heap           the service's heap after a full collection, before and after each step
 * @param sampled        shows whose acknowledged reservations were compared with what the service serves at the end
 * @param mismatches     sampled shows whose seats did not match (must be 0)
 * @param outOfMemory    whether the service's log mentions an OutOfMemoryError
 */
public record MemoryResult(int largeSeats, int smallSeats, long largeCreated, long smallCreated, List<StepResult> steps, List<HeapReading> heap, int sampled,
        int mismatches, boolean outOfMemory) {

    /**
     * @param heapUsedMiB      heap in use right after a full garbage collection
     * @param showsInMemory    shows the service held in memory then
     * @param residentMiB      their estimated bytes, as counted against the budget
     * @param budgetMiB        the budget
     * @param evicted          shows dropped from memory so far to stay within the budget
     */
    public record HeapReading(String when, double heapUsedMiB, double showsInMemory, double residentMiB, double budgetMiB,
            double evicted) {
    }

    /**
     * Measured bytes per show in memory: the heap's growth from {@code before} to {@code after} divided by the growth
     * in shows held. After the small shows, the large ones have all been dropped (least recently used first), so
     * from the start to then the growth is the small shows'.
     */
    public double measuredBytesPerShow(String before, String after) {
        HeapReading a = reading(before);
        HeapReading b = reading(after);
        if (a == null || b == null) {
            return Double.NaN;
        }
        double held = Double.isNaN(a.showsInMemory()) ? 0 : a.showsInMemory(); // no gauge yet: no show loaded
        return b.showsInMemory() > held
                ? (b.heapUsedMiB() - a.heapUsedMiB()) * 1024 * 1024 / (b.showsInMemory() - held) : Double.NaN;
    }

    public HeapReading reading(String when) {
        return heap.stream().filter(r -> r.when().equals(when)).findFirst().orElse(null);
    }
}
