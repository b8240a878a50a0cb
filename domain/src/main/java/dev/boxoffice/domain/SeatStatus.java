package dev.boxoffice.domain;

public enum SeatStatus {
    AVAILABLE,
    HELD,
    RESERVED
}
