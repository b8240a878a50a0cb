package dev.boxoffice.http;

import java.time.Duration;

/**
 * Bounds and timings of the seat-map streams, handed over by the composition root.
 *
 * @param memoryBudget    bytes all open streams may hold at once (their fixed cost and their unsent frames)
 * @param maxPendingBytes bytes one stream's client may leave untaken before the stream is dropped
 * @param heartbeat       time between keep-alive comments on a quiet stream
 * @param eventsPerRead   events read per followed show by one statement at most
 * @param minReadInterval least time between two reads of the followed shows
 */
public record StreamSettings(long memoryBudget, long maxPendingBytes, Duration heartbeat, int eventsPerRead,
        Duration minReadInterval) {
}
