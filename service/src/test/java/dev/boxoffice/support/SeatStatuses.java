package dev.boxoffice.support;

import org.hamcrest.Description;
import org.hamcrest.Matcher;
import org.hamcrest.TypeSafeMatcher;

/** Reads a show's seats as the API writes them, one letter per seat ({@code AHR}), by the statuses' names. */
public final class SeatStatuses {

    private SeatStatuses() {
    }

    /** AVAILABLE, HELD or RESERVED: the status of seat {@code seat} in {@code letters}. */
    public static String status(String letters, int seat) {
        return switch (letters.charAt(seat)) {
            case 'A' -> "AVAILABLE";
            case 'H' -> "HELD";
            case 'R' -> "RESERVED";
            default -> throw new AssertionError("not a seat's letter: " + letters.charAt(seat));
        };
    }

    /** Matches the seats' letters when seat {@code seat} has the status named. */
    public static Matcher<String> seatIs(int seat, String status) {
        return new TypeSafeMatcher<>() {
            @Override
            protected boolean matchesSafely(String letters) {
                return seat < letters.length() && status(letters, seat).equals(status);
            }

            @Override
            public void describeTo(Description description) {
                description.appendText("seat " + seat + " " + status);
            }
        };
    }
}
