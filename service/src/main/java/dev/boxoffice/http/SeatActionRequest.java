package dev.boxoffice.http;

import jakarta.validation.constraints.NotNull;

public record SeatActionRequest(@NotNull Action action) {

    public enum Action {
        RESERVE,
        CANCEL_RESERVATION
    }
}
