package dev.boxoffice.bench.report;

/** A row of a report's summary table: a figure, what was measured, and what it compares with. */
public record SummaryRow(String figure, String measured, String against) {
}
