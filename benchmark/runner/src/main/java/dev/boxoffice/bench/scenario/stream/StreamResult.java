package dev.boxoffice.bench.scenario.stream;

import dev.boxoffice.bench.load.Latency;
import dev.boxoffice.bench.measure.StepResult;

/**
 * What the stream scenario measured.
 *
 * @param viewers        streams asked for
 * @param opened         streams that began (a 200 and a snapshot)
 * @param refused        streams refused (any other answer, or no connection)
 * @param dropped        streams the service ended (an end event)
 * @param changes        reservations acknowledged while the streams were open: each is one event for every stream
 * @param delivered      seat changes the streams received
 * @param delivery       from the event's recording in the database to its arrival at a stream, milliseconds
 * @param heapBeforeMiB  the service's heap after a full GC before the streams were opened
 * @param heapOpenMiB    the same with every stream open
 * @param chargedMiB     what the service charged to its streams' memory budget with every stream open
 * @param budgetMiB      that budget
 * @param reservations   the reservations' step (rate, latency, CPU)
 */
public record StreamResult(int viewers, int opened, int refused, long dropped, long changes, long delivered,
        Latency delivery, double heapBeforeMiB, double heapOpenMiB, double chargedMiB, double budgetMiB,
        StepResult reservations) {

    /** Heap per open stream, in bytes. */
    public double bytesPerStream() {
        return opened == 0 ? Double.NaN : (heapOpenMiB - heapBeforeMiB) * 1024 * 1024 / opened;
    }

    /** Changes every open stream should have received. */
    public long expected() {
        return changes * opened;
    }
}
