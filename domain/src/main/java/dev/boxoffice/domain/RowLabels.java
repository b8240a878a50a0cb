package dev.boxoffice.domain;

import java.util.HashMap;
import java.util.Map;

/**
 * Row labels as halls have them: lettered (A ... Z, AA ...) or numbered. The common ones, A to ZZ and 1 to 999, are
 * one String each for every hall in memory, so a show's hall holds at most references to them.
 */
final class RowLabels {

    private static final int SHARED_LETTERED = 26 + 26 * 26;
    private static final int SHARED_NUMBERED = 999;
    static final Map<String, String> SHARED = new HashMap<>();

    static {
        for (int i = 0; i < SHARED_LETTERED; i++) {
            String label = letters(i);
            SHARED.put(label, label);
        }
        for (int i = 1; i <= SHARED_NUMBERED; i++) {
            String label = Integer.toString(i);
            SHARED.put(label, label);
        }
    }

    private RowLabels() {
    }

    static String lettered(int index) {
        return index < SHARED_LETTERED ? SHARED.get(letters(index)) : letters(index);
    }

    /** The shared String equal to {@code label}, or {@code label} itself. */
    static String shared(String label) {
        return SHARED.getOrDefault(label, label);
    }

    static boolean isShared(String label) {
        return SHARED.get(label) == label;
    }

    private static String letters(int index) {
        StringBuilder label = new StringBuilder();
        for (int n = index + 1; n > 0; n = (n - 1) / 26) {
            label.insert(0, (char) ('A' + (n - 1) % 26));
        }
        return label.toString();
    }
}
