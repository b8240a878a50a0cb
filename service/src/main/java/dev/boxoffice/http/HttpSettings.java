package dev.boxoffice.http;

import java.time.Duration;
import java.util.Optional;

/**
 * What the HTTP layer is configured with, handed over by the composition root.
 *
 * @param maxWait              how long the oldest request in flight may have waited before new ones are refused
 * @param maxWaitWarmingUp     the same bound while the service warms up (its JIT compiling)
 * @param maxWaitThrottled     the same bound once warm while the CPU quota throttles the service (at its capacity)
 * @param warmUp               how long after start the service counts as warming up
 * @param cancellationHeadroom how much longer seat changes are still let in, if they turn out to be cancellations
 * @param memoryBudget         estimated bytes the requests in flight may hold
 * @param maxHallBytes         bytes of answers listing a whole hall, being built and sent at once
 * @param adminToken           the bearer token of /admin; empty: admin endpoints are disabled
 * @param maxSeatsPerRequest   seats one hold or reservation may name at most
 */
public record HttpSettings(Duration maxWait, Duration maxWaitWarmingUp, Duration maxWaitThrottled, Duration warmUp, Duration cancellationHeadroom, long memoryBudget, long maxHallBytes,
        Optional<String> adminToken, int maxSeatsPerRequest) {
}
