package dev.boxoffice.domain;

/** What became of a hold: still held, confirmed into reservations, released by its buyer, or run out. */
public enum HoldStatus {
    HELD,
    CONFIRMED,
    RELEASED,
    EXPIRED
}
