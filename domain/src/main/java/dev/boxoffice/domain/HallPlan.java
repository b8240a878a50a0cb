package dev.boxoffice.domain;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A hall as it is described when its show is created, and as its creation event records it: price categories, and
 * sections of rows of seats. A seat's place in a row is counted from 0 on the left as the stage sees it; people read
 * it as a number from 1 ("Stalls, row C, seat 12"). Sections are laid out one below the other, centred, unless they
 * say where they are ({@code x}, {@code y}, in seat widths, the stage at the top). {@link Hall} is its compact form.
 */
public record HallPlan(List<Category> categories, List<Section> sections) {

    public static final int MAX_SEATS = 100_000;
    public static final int MAX_SEATS_PER_ROW = 1_000;
    public static final int MAX_CATEGORIES = 16;
    public static final int MAX_NAME_LENGTH = 60;
    /** What a show created by its seat count gets: one category. */
    public static final String DEFAULT_CATEGORY = "Standard";
    public static final String DEFAULT_SECTION = "Hall";

    /** A price category: the seats of a row share one. */
    public record Category(String name, BigDecimal price) {
        public Category {
            requireName(name, "category");
            Objects.requireNonNull(price, "price");
            if (price.signum() < 0) {
                throw new IllegalArgumentException("a price cannot be negative: " + price);
            }
        }
    }

    /** A block of rows, front row first; {@code position} places it (absent: below the section before it). */
    public record Section(String name, List<Row> rows, Optional<Position> position) {
        public Section {
            requireName(name, "section");
            rows = List.copyOf(rows);
            Objects.requireNonNull(position, "position");
            if (rows.isEmpty()) {
                throw new IllegalArgumentException("section " + name + " has no rows");
            }
            Set<String> labels = new HashSet<>();
            rows.forEach(row -> {
                if (!labels.add(row.label())) {
                    throw new IllegalArgumentException("section " + name + " has two rows labelled " + row.label());
                }
            });
        }

        public int seatCount() {
            return rows.stream().mapToInt(Row::seats).sum();
        }
    }

    /** Where a section's top-left corner is, in seat widths from the hall's top-left; the stage is above y = 0. */
    public record Position(int x, int y) {
        public Position {
            if (x < 0 || y < 0 || x > 10_000 || y > 10_000) {
                throw new IllegalArgumentException("a section's position is within 0..10000: " + x + ", " + y);
            }
        }
    }

    /**
     * A row of {@code seats} seats of one {@code category}. {@code aislesAfter}: places after which an aisle runs (the
     * seats either side are not together); {@code wheelchair}: places that are wheelchair spaces; {@code companion}:
     * companion seats beside them. Best available never picks the last two; a buyer names them.
     */
    public record Row(String label, int seats, String category, List<Integer> aislesAfter, List<Integer> wheelchair,
            List<Integer> companion) {
        public Row {
            requireName(label, "row");
            requireName(category, "category");
            if (seats < 1 || seats > MAX_SEATS_PER_ROW) {
                throw new IllegalArgumentException("row " + label + " has " + seats + " seats; a row has 1 to "
                        + MAX_SEATS_PER_ROW);
            }
            aislesAfter = places(aislesAfter, seats - 1, label, "an aisle after");
            wheelchair = places(wheelchair, seats, label, "a wheelchair space at");
            companion = places(companion, seats, label, "a companion seat at");
        }

        public Row(String label, int seats, String category) {
            this(label, seats, category, List.of(), List.of(), List.of());
        }
    }

    public HallPlan {
        categories = List.copyOf(categories);
        sections = List.copyOf(sections);
        if (categories.isEmpty() || categories.size() > MAX_CATEGORIES) {
            throw new IllegalArgumentException("a hall has 1 to " + MAX_CATEGORIES + " price categories");
        }
        if (sections.isEmpty()) {
            throw new IllegalArgumentException("a hall has at least one section");
        }
        Set<String> categoryNames = new HashSet<>();
        categories.forEach(category -> {
            if (!categoryNames.add(category.name())) {
                throw new IllegalArgumentException("two categories are named " + category.name());
            }
        });
        Set<String> sectionNames = new HashSet<>();
        long seats = 0;
        for (Section section : sections) {
            if (!sectionNames.add(section.name())) {
                throw new IllegalArgumentException("two sections are named " + section.name());
            }
            for (Row row : section.rows()) {
                if (!categoryNames.contains(row.category())) {
                    throw new IllegalArgumentException("row " + row.label() + " of " + section.name()
                            + " is of category " + row.category() + ", which the hall does not price");
                }
                seats += row.seats();
            }
        }
        if (seats > MAX_SEATS) {
            throw new IllegalArgumentException("a hall has at most " + MAX_SEATS + " seats, not " + seats);
        }
    }

    /**
     * The hall of a show created by its seat count: one section, one category at {@code price}, rows as wide as a
     * small theatre's (about twice as wide as the hall is deep, 40 seats at most), labelled A, B, ... Z, AA, AB...
     */
    public static HallPlan uniform(int seatCount, BigDecimal price) {
        if (seatCount < 1 || seatCount > MAX_SEATS) {
            throw new IllegalArgumentException("a hall has 1 to " + MAX_SEATS + " seats");
        }
        int width = uniformWidth(seatCount);
        List<Row> rows = new ArrayList<>();
        for (int first = 0, index = 0; first < seatCount; first += width, index++) {
            rows.add(new Row(rowLabel(index), Math.min(width, seatCount - first), DEFAULT_CATEGORY));
        }
        return new HallPlan(List.of(new Category(DEFAULT_CATEGORY, price)),
                List.of(new Section(DEFAULT_SECTION, rows, Optional.empty())));
    }

    static int uniformWidth(int seatCount) {
        return Math.max(1, Math.min(40, (int) Math.ceil(Math.sqrt(2.0 * seatCount))));
    }

    /** A, B, ... Z, AA, AB, ...: as rows are lettered. */
    public static String rowLabel(int index) {
        return RowLabels.lettered(index);
    }

    public int seatCount() {
        return sections.stream().mapToInt(Section::seatCount).sum();
    }

    public Optional<Category> category(String name) {
        return categories.stream().filter(category -> category.name().equals(name)).findFirst();
    }

    private static void requireName(String name, String what) {
        if (name == null || name.isBlank() || name.length() > MAX_NAME_LENGTH) {
            throw new IllegalArgumentException("a " + what + " needs a name of 1 to " + MAX_NAME_LENGTH + " characters");
        }
    }

    private static List<Integer> places(List<Integer> places, int limit, String row, String what) {
        if (places.isEmpty()) {
            return List.of();
        }
        int[] sorted = new int[places.size()];
        for (int i = 0; i < sorted.length; i++) {
            Integer place = places.get(i);
            if (place == null) {
                throw new IllegalArgumentException("row " + row + " has " + what + " no place");
            }
            sorted[i] = place;
        }
        Arrays.sort(sorted); // loops, not streams: a stadium's plan is 2,000 rows, built again for every read of it
        for (int i = 0; i < sorted.length; i++) {
            if (sorted[i] < 0 || sorted[i] >= limit || i > 0 && sorted[i] == sorted[i - 1]) {
                throw new IllegalArgumentException("row " + row + " has " + what + " a place it lacks, or twice: " + places);
            }
        }
        return Arrays.stream(sorted).boxed().toList();
    }
}
