package dev.boxoffice.bench.report;

import java.util.ArrayList;
import java.util.List;

/** A table of the reports: written as Markdown here, as HTML by the table template, from the same cells. */
public final class Table {

    /** A cell as HTML shows it: emphasis marks dropped, numbers right-aligned (the first column never). */
    public record Cell(String text, boolean numeric) {
    }

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    public Table(String... headers) {
        this.headers = List.of(headers);
    }

    public Table row(String... cells) {
        rows.add(List.of(cells));
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public List<String> headers() {
        return headers;
    }

    public List<List<Cell>> cells() {
        return rows.stream().map(row -> {
            List<Cell> cells = new ArrayList<>();
            for (int i = 0; i < row.size(); i++) {
                String text = row.get(i);
                cells.add(new Cell(text.replace("**", ""), i > 0 && looksNumeric(text)));
            }
            return cells;
        }).toList();
    }

    public String markdown() {
        StringBuilder md = new StringBuilder("| ").append(String.join(" | ", headers)).append(" |\n|");
        headers.forEach(h -> md.append("---|"));
        md.append('\n');
        rows.forEach(row -> md.append("| ").append(String.join(" | ", row)).append(" |\n"));
        return md.toString();
    }

    private static boolean looksNumeric(String cell) {
        return !cell.isEmpty() && (Character.isDigit(cell.charAt(0)) || cell.charAt(0) == '–' || cell.charAt(0) == '-');
    }
}
