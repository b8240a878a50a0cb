package dev.boxoffice.bench.scenario.hall;

import java.util.StringJoiner;

/**
 * A stadium's hall as the API takes it: sections of up to 100 rows of 50 seats with an aisle in the middle, the first
 * ten rows of each section Premium, the rest Standard.
 */
final class HallJson {

    static final int ROW_SEATS = 50;
    private static final int SECTION_ROWS = 100;
    private static final int PREMIUM_ROWS = 10;

    private HallJson() {
    }

    static String stadium(int seats) {
        if (seats % ROW_SEATS != 0) {
            throw new IllegalArgumentException("a stadium's seats are a multiple of " + ROW_SEATS + ", not " + seats);
        }
        int rows = seats / ROW_SEATS;
        StringJoiner sections = new StringJoiner(",");
        for (int section = 0; rows > 0; section++) {
            int inSection = Math.min(SECTION_ROWS, rows);
            rows -= inSection;
            StringJoiner runs = new StringJoiner(",");
            runs.add(run("A", Math.min(PREMIUM_ROWS, inSection), "Premium"));
            if (inSection > PREMIUM_ROWS) {
                runs.add(run("K", inSection - PREMIUM_ROWS, "Standard"));
            }
            sections.add("{\"name\":\"Block " + (section + 1) + "\",\"rows\":[" + runs + "]}");
        }
        return "{\"categories\":[{\"name\":\"Premium\",\"price\":120},{\"name\":\"Standard\",\"price\":60}],"
                + "\"sections\":[" + sections + "]}";
    }

    private static String run(String from, int count, String category) {
        return "{\"from\":\"" + from + "\",\"count\":" + count + ",\"seats\":" + ROW_SEATS + ",\"category\":\"" + category
                + "\",\"aislesAfter\":[" + (ROW_SEATS / 2 - 1) + "]}";
    }
}
