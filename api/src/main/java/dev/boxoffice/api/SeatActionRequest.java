package dev.boxoffice.api;

import jakarta.validation.constraints.NotNull;

public record SeatActionRequest(@NotNull Action action) {

    public enum Action {
        RESERVE,
        CANCEL_RESERVATION
    }
}
