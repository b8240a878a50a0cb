package dev.boxoffice.http;

import java.util.Optional;

/**
 * What the HTTP layer is configured with, handed over by the composition root.
 *
 * @param maxInFlight          API requests in flight at most
 * @param cancellationHeadroom seat changes let in past {@code maxInFlight} if they turn out to be cancellations
 * @param maxHallBytes         bytes of answers listing a whole hall, being built and sent at once
 * @param adminToken           the bearer token of /admin; empty: admin endpoints are disabled
 * @param maxSeatsPerRequest   seats one hold or reservation may name at most
 */
public record HttpSettings(int maxInFlight, int cancellationHeadroom, long maxHallBytes, Optional<String> adminToken,
        int maxSeatsPerRequest) {
}
