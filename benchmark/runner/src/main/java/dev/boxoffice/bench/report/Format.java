package dev.boxoffice.bench.report;

import java.util.Locale;

/** How figures read in the reports: grouped digits, a dash for what was not measured. */
public final class Format {

    private Format() {
    }

    /** A number with the given decimals; NaN (not measured) as a dash. */
    public static String num(double value, int decimals) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "–";
        }
        return String.format(Locale.ROOT, "%,." + decimals + "f", value);
    }

    /** Decimals that show a figure to about three significant digits: 2 below 10, 1 below 100, else none. */
    public static int decimals(double value) {
        return Math.abs(value) < 10 ? 2 : Math.abs(value) < 100 ? 1 : 0;
    }

    public static String percent(double fraction) {
        return Double.isNaN(fraction) || Double.isInfinite(fraction) ? "–" : String.format(Locale.ROOT, "%.0f%%", 100 * fraction);
    }

    public static String ratio(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "–" : String.format(Locale.ROOT, "%.2f×", value);
    }
}
