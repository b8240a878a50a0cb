package dev.boxoffice.api;

import dev.boxoffice.domain.SeatMap;
import dev.boxoffice.domain.ShowState;
import java.nio.charset.StandardCharsets;

/** A show's seats as text, one letter per seat in number order: {@code A} available, {@code H} held, {@code R} reserved. */
public final class SeatLetters {

    public static final char AVAILABLE = 'A';
    public static final char HELD = 'H';
    public static final char RESERVED = 'R';

    private SeatLetters() {
    }

    public static String of(ShowState.Show show) {
        SeatMap seats = show.seatMap();
        byte[] letters = new byte[show.seatCount()];
        for (int i = 0; i < letters.length; i++) {
            letters[i] = (byte) switch (seats.status(i)) {
                case AVAILABLE -> AVAILABLE;
                case HELD -> HELD;
                case RESERVED -> RESERVED;
            };
        }
        return new String(letters, StandardCharsets.ISO_8859_1);
    }
}
