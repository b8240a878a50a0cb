package dev.boxoffice.bench.scenario.stream;

import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.measure.StepResult;
import java.util.List;

/**
 * What the stream scenario measured.
 *
 * @param viewers       streams asked for
 * @param opened        streams that began (a 200 and a snapshot)
 * @param refused       answers other than a stream (a 503 is tried again after its Retry-After, as the page does)
 * @param failed        streams that never began
 * @param dropped       streams the service ended (an end event)
 * @param heapBeforeMiB the service's heap after a full GC before the streams were opened
 * @param heapOpenMiB   the same with every stream open
 * @param chargedMiB    what the service charged to its streams' memory budget with every stream open
 * @param budgetMiB     that budget
 * @param steps         one per rate of reservations
 */
public record StreamResult(int viewers, int opened, int refused, int failed, long dropped, double heapBeforeMiB, double heapOpenMiB,
        double chargedMiB, double budgetMiB, List<Step> steps) {

    /**
     * One rate of reservations while every stream is open.
     *
     * @param warmup       whether it warmed the service's stream path up (its JIT) rather than measured it
     * @param changes      reservations acknowledged: each is one change for every stream
     * @param delivered    changes the streams received
     * @param delivery     from the event's recording in the database to its arrival at a stream, milliseconds
     * @param reservations the reservations (rate, latency, CPU)
     */
    public record Step(boolean warmup, long changes, long delivered, long expected, Latency delivery, StepResult reservations) {
    }

    /** Heap per open stream, in bytes. */
    public double bytesPerStream() {
        return opened == 0 ? Double.NaN : (heapOpenMiB - heapBeforeMiB) * 1024 * 1024 / opened;
    }
}
