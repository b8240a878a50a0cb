package dev.boxoffice.domain;

import java.util.Objects;

/** A seat as people name it: its section, its row's label, and its number in the row from 1. */
public record SeatLabel(String section, String row, int seat) {

    public SeatLabel {
        Objects.requireNonNull(section, "section");
        Objects.requireNonNull(row, "row");
    }

    @Override
    public String toString() {
        return section + ", row " + row + ", seat " + seat;
    }
}
