package dev.boxoffice.bench.load;

/** How the requests of a step ended; {@code sent} is always the sum of the other five once the step has drained. */
public record Counts(long sent, long ok, long conflicts, long httpErrors, long transportErrors, long timeouts) {

    public long errors() {
        return httpErrors + transportErrors + timeouts;
    }

    public long answered() {
        return ok + conflicts + httpErrors;
    }
}
