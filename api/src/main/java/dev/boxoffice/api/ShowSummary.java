package dev.boxoffice.api;

import java.time.OffsetDateTime;
import java.util.UUID;

/** A show as the {@code show_view} read model has it. */
public record ShowSummary(UUID showId, String title, int totalSeats, int availableSeats, OffsetDateTime updatedAt) {
}
