package dev.boxoffice.eventstore;

/**
 * Told after every append statement commits, on the thread that saw the commit: keep it short. A statement carries
 * the appends of several streams (group commit).
 */
@FunctionalInterface
public interface CommitListener {

    /**
     * @param appends appends (one per stream) the statement committed
     * @param events  events it committed
     * @param nanos   time from sending the statement to its commit
     */
    void committed(int appends, int events, long nanos);
}
