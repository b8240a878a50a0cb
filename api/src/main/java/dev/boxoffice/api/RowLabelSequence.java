package dev.boxoffice.api;

/** The label of the row behind: A, B, ... Z, AA, AB ...; or 1, 2, 3 ... */
final class RowLabelSequence {

    private RowLabelSequence() {
    }

    /** The next label; a label neither all capital letters nor all digits starts no run of rows. */
    static String next(String label) {
        String next = nextOrNull(label);
        if (next == null) {
            throw new IllegalArgumentException("rows labelled on from " + label
                    + " need a label of capital letters (A, B ... AA) or of digits (1, 2 ...)");
        }
        return next;
    }

    static String nextOrNull(String label) {
        if (label.chars().allMatch(Character::isDigit) && label.length() <= 9) {
            return Integer.toString(Integer.parseInt(label) + 1);
        }
        if (!label.chars().allMatch(c -> c >= 'A' && c <= 'Z')) {
            return null;
        }
        char[] letters = label.toCharArray();
        for (int i = letters.length - 1; i >= 0; i--) {
            if (letters[i] != 'Z') {
                letters[i]++;
                return new String(letters);
            }
            letters[i] = 'A';
        }
        return "A" + new String(letters);
    }
}
