package dev.boxoffice.api;

import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One page of the show listing; {@code next} is the cursor of the following page, or null on the last one. */
public record ShowPage(List<ShowSummary> items, @Schema(nullable = true, implementation = String.class, format = "uuid") UUID next) {
}
