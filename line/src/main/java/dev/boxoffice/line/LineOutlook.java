package dev.boxoffice.line;

import dev.boxoffice.domain.SeatSupply;

/**
 * What every waiting ticket of a room is told beyond its own place: whether seats are on sale, the rate its wait is
 * estimated at, and whether the line is paused. Nodes and line services look at it every 250 ms for the rooms whose
 * tickets they stream, and ask every stream of a room again when it changed: a sell-out, a pause or a new rate reaches
 * the streams within a look, not at their next (up to 10 s).
 */
public record LineOutlook(SeatSupply seats, int admitPerSecond, boolean paused) {
}
