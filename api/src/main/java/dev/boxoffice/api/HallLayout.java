package dev.boxoffice.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.boxoffice.domain.HallPlan;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A hall as the API writes it, when a show is created and when it is read: price categories, and sections of runs of
 * rows. A run is {@code count} rows labelled on from {@code from} (A, B, ... Z, AA; or 1, 2, 3), each of
 * {@code seats} seats of one category, with the same aisles, wheelchair spaces and companion seats (places from 0 on
 * the left as the stage sees it). So a stadium of 100,000 seats is a few hundred bytes, not 100,000 objects.
 */
public record HallLayout(
        @NotEmpty @Size(max = HallPlan.MAX_CATEGORIES) List<@Valid @NotNull Category> categories,
        @NotEmpty @Size(max = 100) List<@Valid @NotNull Section> sections) {

    public record Category(@NotBlank @Size(max = HallPlan.MAX_NAME_LENGTH) String name,
            @NotNull @DecimalMin("0") @Digits(integer = 9, fraction = 2) BigDecimal price) {
    }

    /** {@code x}, {@code y}: where its top-left corner is, in seat widths; both or neither (below the section before). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Section(@NotBlank @Size(max = HallPlan.MAX_NAME_LENGTH) String name,
            @Min(0) @Max(10_000) Integer x, @Min(0) @Max(10_000) Integer y,
            @NotEmpty @Size(max = 500) List<@Valid @NotNull RowRun> rows) {
    }

    /** Rows in one run at most: a layout the service writes out is one it would take back. */
    public static final int MAX_ROWS_PER_RUN = 1_000;

    /** {@code count} is 1 if left out; the lists are empty if left out (and are left out when empty). */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record RowRun(@NotBlank @Size(max = HallPlan.MAX_NAME_LENGTH) String from,
            @Min(1) @Max(MAX_ROWS_PER_RUN) Integer count,
            @NotNull @Min(1) @Max(HallPlan.MAX_SEATS_PER_ROW) Integer seats,
            @NotBlank @Size(max = HallPlan.MAX_NAME_LENGTH) String category,
            @Size(max = HallPlan.MAX_SEATS_PER_ROW) List<@NotNull Integer> aislesAfter,
            @Size(max = HallPlan.MAX_SEATS_PER_ROW) List<@NotNull Integer> wheelchair,
            @Size(max = HallPlan.MAX_SEATS_PER_ROW) List<@NotNull Integer> companion) {

        int rowCount() {
            return count == null ? 1 : count;
        }
    }

    /** The plan this layout describes; 400 VALIDATION_FAILED, saying why, for a hall that cannot be. */
    public HallPlan plan() {
        try {
            List<HallPlan.Section> planned = new ArrayList<>();
            for (Section section : sections) {
                if ((section.x() == null) != (section.y() == null)) {
                    throw new IllegalArgumentException("section " + section.name() + " needs both x and y, or neither");
                }
                List<HallPlan.Row> rows = new ArrayList<>();
                long seats = 0;
                for (RowRun run : section.rows()) {
                    String label = run.from();
                    for (int i = 0; i < run.rowCount(); i++) {
                        if (i > 0) {
                            label = RowLabelSequence.next(label);
                        }
                        seats += run.seats();
                        if (seats > HallPlan.MAX_SEATS) {
                            throw new IllegalArgumentException("a hall has at most " + HallPlan.MAX_SEATS + " seats");
                        }
                        rows.add(new HallPlan.Row(label, run.seats(), run.category(), orNone(run.aislesAfter()),
                                orNone(run.wheelchair()), orNone(run.companion())));
                    }
                }
                planned.add(new HallPlan.Section(section.name(), rows, section.x() == null ? Optional.empty()
                        : Optional.of(new HallPlan.Position(section.x(), section.y()))));
            }
            return new HallPlan(categories.stream().map(c -> new HallPlan.Category(c.name(), c.price())).toList(), planned);
        } catch (IllegalArgumentException invalid) {
            throw new ProblemException(Problem.invalid("The hall cannot be: " + invalid.getMessage() + ".",
                    List.of(new Problem.Violation("hall", invalid.getMessage()))));
        }
    }

    /** A plan written compactly: rows that differ only by their successive labels are one run. */
    public static HallLayout of(HallPlan plan) {
        List<Section> sections = new ArrayList<>();
        for (HallPlan.Section section : plan.sections()) {
            List<RowRun> runs = new ArrayList<>();
            HallPlan.Row first = null;
            int count = 0;
            String expected = null;
            for (HallPlan.Row row : section.rows()) {
                if (first != null && count < MAX_ROWS_PER_RUN && row.label().equals(expected) && sameButLabel(first, row)) {
                    count++;
                } else {
                    if (first != null) {
                        runs.add(run(first, count));
                    }
                    first = row;
                    count = 1;
                }
                expected = RowLabelSequence.nextOrNull(row.label());
            }
            runs.add(run(first, count));
            sections.add(new Section(section.name(), section.position().map(HallPlan.Position::x).orElse(null),
                    section.position().map(HallPlan.Position::y).orElse(null), runs));
        }
        return new HallLayout(plan.categories().stream().map(c -> new Category(c.name(), c.price())).toList(), sections);
    }

    private static boolean sameButLabel(HallPlan.Row a, HallPlan.Row b) {
        return a.seats() == b.seats() && a.category().equals(b.category()) && a.aislesAfter().equals(b.aislesAfter())
                && a.wheelchair().equals(b.wheelchair()) && a.companion().equals(b.companion());
    }

    private static RowRun run(HallPlan.Row first, int count) {
        return new RowRun(first.label(), count, first.seats(), first.category(), first.aislesAfter(), first.wheelchair(),
                first.companion());
    }

    private static List<Integer> orNone(List<Integer> places) {
        return places == null ? List.of() : places;
    }
}
