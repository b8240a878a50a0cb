package dev.boxoffice.bench.report;

import java.util.List;

/** A section of a report: a title, a paragraph saying what was measured and how, its charts (SVG) and tables. */
public record Section(String title, String text, List<String> charts, List<Table> tables) {

    public Section(String title, String text, List<Table> tables) {
        this(title, text, List.of(), tables);
    }
}
