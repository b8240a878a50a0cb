package dev.boxoffice.bench.scenario.connections;

/**
 * What holding many idle connections cost and how the service answered them.
 *
 * @param asked          connections opened, each sending one request
 * @param held           answered 2xx and held open, idle
 * @param refused        answered 503 (past the service's connection bound), then closed by the service
 * @param noAnswer       closed, refused or timed out without an answer
 * @param bound          the service's bound on open connections (its metric), or NaN where it has none
 * @param heapBeforeMiB  the service's heap after a full GC before the connections were opened
 * @param heapHeldMiB    the same with every held connection open
 * @param openAfterClose connections the service still counted once the generator had closed them all
 */
public record ConnectionsResult(int asked, long held, long refused, long noAnswer, double bound, double heapBeforeMiB,
        double heapHeldMiB, double openAfterClose) {

    /** Heap per held connection, in bytes: what the service holds for an idle client. */
    public double bytesPerConnection() {
        return held == 0 ? Double.NaN : (heapHeldMiB - heapBeforeMiB) * 1024 * 1024 / held;
    }
}
