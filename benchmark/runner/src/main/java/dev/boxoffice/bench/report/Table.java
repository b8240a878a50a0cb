package dev.boxoffice.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A table rendered both as Markdown (report.md) and as HTML (report.html), so the two never disagree. */
final class Table {

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    Table(String... headers) {
        this.headers = List.of(headers);
    }

    Table row(String... cells) {
        rows.add(List.of(cells));
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    String markdown() {
        StringBuilder md = new StringBuilder("| ").append(String.join(" | ", headers)).append(" |\n|");
        headers.forEach(h -> md.append("---|"));
        md.append('\n');
        rows.forEach(row -> md.append("| ").append(String.join(" | ", row)).append(" |\n"));
        return md.toString();
    }

    String html() {
        StringBuilder html = new StringBuilder("<table><thead><tr>");
        headers.forEach(h -> html.append("<th>").append(escape(h)).append("</th>"));
        html.append("</tr></thead><tbody>");
        for (List<String> row : rows) {
            html.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                html.append(i == 0 || !looksNumeric(row.get(i)) ? "<td>" : "<td class=\"n\">").append(escape(row.get(i)).replace("**", "")).append("</td>");
            }
            html.append("</tr>");
        }
        return html.append("</tbody></table>\n").toString();
    }

    private static boolean looksNumeric(String cell) {
        return !cell.isEmpty() && (Character.isDigit(cell.charAt(0)) || cell.charAt(0) == '–' || cell.charAt(0) == '-');
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** A number with the given decimals; NaN (not measured) as a dash. */
    static String num(double value, int decimals) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "–";
        }
        return String.format(Locale.ROOT, "%,." + decimals + "f", value);
    }

    /** Decimals that show a figure to about three significant digits: 2 below 10, 1 below 100, else none. */
    static int decimals(double value) {
        return Math.abs(value) < 10 ? 2 : Math.abs(value) < 100 ? 1 : 0;
    }

    static String percent(double fraction) {
        return Double.isNaN(fraction) || Double.isInfinite(fraction) ? "–" : String.format(Locale.ROOT, "%.0f%%", 100 * fraction);
    }

    static String ratio(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "–" : String.format(Locale.ROOT, "%.2f×", value);
    }
}
