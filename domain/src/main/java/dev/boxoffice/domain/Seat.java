package dev.boxoffice.domain;

import java.math.BigDecimal;
import java.util.Objects;

public record Seat(int number, SeatStatus status, BigDecimal price) {

    public Seat {
        if (number < 0) {
            throw new IllegalArgumentException("seat number must not be negative: " + number);
        }
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(price, "price");
    }

    public boolean isAvailable() {
        return status == SeatStatus.AVAILABLE;
    }

    Seat withStatus(SeatStatus newStatus) {
        return new Seat(number, newStatus, price);
    }
}
