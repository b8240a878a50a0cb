package dev.boxoffice.domain;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A hall in the compact form a show keeps in memory: seats are numbered 0 .. size - 1, section by section, row by
 * row, left to right; a row is its first seat's number, its label and its category; aisles, wheelchair spaces and
 * companion seats are sorted seat numbers. A row lettered by its place in its section (A, B, ... Z, AA) holds no
 * label; another label is held once however many sections repeat it, and 1 to 999 are shared by every hall. A
 * 100,000-seat hall of 50-seat rows holds about 12 KB. It gives back the {@link HallPlan} it was made from.
 */
public final class Hall {

    /** Rows between sections stacked one below the other, and the stage's distance above the front row. */
    static final int SECTION_GAP = 2;
    static final double STAGE_DISTANCE = 3;
    /** The category of every show created by its seat count, shared by their halls. */
    static final HallPlan.Category STANDARD = new HallPlan.Category(HallPlan.DEFAULT_CATEGORY, ShowRules.INITIAL_SEAT_PRICE);
    static final int[] NONE = new int[0];

    private final HallPlan.Category[] categories;
    private final String[] sectionNames;
    private final int[] sectionFirstRow;    // length sections + 1
    private final int[] sectionX;
    private final int[] sectionY;
    private final int[] sectionWidth;       // the widest row, aisles counted
    private final boolean[] sectionPlaced;  // its position was given
    private final int[] rowFirstSeat;       // length rows + 1
    private final String[] rowLabels;       // null entries (or null): lettered by place in the section, A, B, ...
    private final byte[] rowCategory;
    private final int[] aislesAfter;
    private final int[] wheelchair;
    private final int[] companion;
    private final double focalX;
    private final double focalY;
    private final boolean rowsFrontToBack; // each row as far from the stage as the one before, or farther
    private final long estimatedBytes; // counted once: the hall never changes, and the entity asks on every append

    /**
     * The hall as the arrays it holds, for a snapshot: {@link #of(Compact)} makes it again without building its plan
     * (for a stadium, a tenth of the time). Seats and rows are numbered as in the hall; {@code sectionFirstRow} and
     * {@code rowFirstSeat} end with the row and seat counts; {@code rowLabels} is null, or has null for rows lettered by
     * their place; {@code sectionX} and {@code sectionY} count only where {@code sectionPlaced}. Never changed.
     */
    public record Compact(List<HallPlan.Category> categories, List<String> sectionNames, int[] sectionFirstRow,
            boolean[] sectionPlaced, int[] sectionX, int[] sectionY, int[] rowFirstSeat, String[] rowLabels,
            byte[] rowCategory, int[] aislesAfter, int[] wheelchair, int[] companion) {
    }

    private Hall(Compact compact) {
        categories = compact.categories().stream().map(category -> category.equals(STANDARD) ? STANDARD : category)
                .toArray(HallPlan.Category[]::new);
        sectionNames = compact.sectionNames().stream()
                .map(name -> name.equals(HallPlan.DEFAULT_SECTION) ? HallPlan.DEFAULT_SECTION : name).toArray(String[]::new);
        sectionFirstRow = compact.sectionFirstRow();
        sectionPlaced = compact.sectionPlaced();
        sectionX = compact.sectionX().clone(); // the sections not placed are laid out below
        sectionY = compact.sectionY().clone();
        rowFirstSeat = compact.rowFirstSeat();
        rowLabels = shared(compact.rowLabels());
        rowCategory = compact.rowCategory();
        aislesAfter = compact.aislesAfter();
        wheelchair = compact.wheelchair();
        companion = compact.companion();
        check();
        sectionWidth = new int[sectionNames.length];
        for (int s = 0; s < sectionNames.length; s++) {
            for (int row = sectionFirstRow[s]; row < sectionFirstRow[s + 1]; row++) {
                int width = seatsIn(row) + aislesBetween(rowFirstSeat[row], rowFirstSeat[row + 1] - 1);
                sectionWidth[s] = Math.max(sectionWidth[s], width);
            }
        }
        int hallWidth = layOut();
        focalX = hallWidth / 2.0;
        focalY = -STAGE_DISTANCE;
        rowsFrontToBack = frontToBack();
        estimatedBytes = countBytes();
    }

    public static Hall of(HallPlan plan) {
        return new Hall(compact(plan));
    }

    /** A hall from its arrays, as {@link #compact()} gave them; they are checked to be consistent, not copied. */
    public static Hall of(Compact compact) {
        return new Hall(compact);
    }

    /** The arrays this hall holds, shared: for a snapshot. */
    public Compact compact() {
        return new Compact(List.of(categories), List.of(sectionNames), sectionFirstRow, sectionPlaced, sectionX, sectionY,
                rowFirstSeat, rowLabels, rowCategory, aislesAfter, wheelchair, companion);
    }

    private static Compact compact(HallPlan plan) {
        Map<String, Integer> categoryIndex = new HashMap<>();
        for (HallPlan.Category category : plan.categories()) {
            categoryIndex.put(category.name(), categoryIndex.size());
        }
        int sections = plan.sections().size();
        int rows = plan.sections().stream().mapToInt(section -> section.rows().size()).sum();
        List<String> sectionNames = new ArrayList<>(sections);
        int[] sectionFirstRow = new int[sections + 1];
        boolean[] sectionPlaced = new boolean[sections];
        int[] sectionX = new int[sections];
        int[] sectionY = new int[sections];
        int[] rowFirstSeat = new int[rows + 1];
        String[] labelled = new String[rows];
        boolean anyLabelled = false;
        byte[] rowCategory = new byte[rows];
        List<Integer> aisles = new ArrayList<>();
        List<Integer> wheelchairs = new ArrayList<>();
        List<Integer> companions = new ArrayList<>();
        int row = 0;
        int seat = 0;
        for (int s = 0; s < sections; s++) {
            HallPlan.Section section = plan.sections().get(s);
            sectionNames.add(section.name());
            sectionFirstRow[s] = row;
            sectionPlaced[s] = section.position().isPresent();
            sectionX[s] = section.position().map(HallPlan.Position::x).orElse(0);
            sectionY[s] = section.position().map(HallPlan.Position::y).orElse(0);
            for (HallPlan.Row planned : section.rows()) {
                rowFirstSeat[row] = seat;
                if (!planned.label().equals(RowLabels.lettered(row - sectionFirstRow[s]))) {
                    labelled[row] = planned.label();
                    anyLabelled = true;
                }
                rowCategory[row] = (byte) (int) categoryIndex.get(planned.category());
                int first = seat;
                planned.aislesAfter().forEach(place -> aisles.add(first + place));
                planned.wheelchair().forEach(place -> wheelchairs.add(first + place));
                planned.companion().forEach(place -> companions.add(first + place));
                seat += planned.seats();
                row++;
            }
        }
        sectionFirstRow[sections] = row;
        rowFirstSeat[rows] = seat;
        return new Compact(plan.categories(), sectionNames, sectionFirstRow, sectionPlaced, sectionX, sectionY,
                rowFirstSeat, anyLabelled ? labelled : null, rowCategory, sorted(aisles), sorted(wheelchairs),
                sorted(companions));
    }

    /** One String per distinct label, the common ones shared by all halls. */
    private static String[] shared(String[] rowLabels) {
        if (rowLabels == null) {
            return null;
        }
        Map<String, String> labels = new HashMap<>();
        String[] shared = new String[rowLabels.length];
        for (int row = 0; row < rowLabels.length; row++) {
            shared[row] = rowLabels[row] == null ? null : labels.computeIfAbsent(rowLabels[row], RowLabels::shared);
        }
        return shared;
    }

    /** That the arrays describe a hall: what a plan's rules make sure of, for arrays read back from a snapshot. */
    private void check() {
        int sections = sectionNames.length;
        int rows = rowFirstSeat.length - 1;
        require(sections > 0 && sectionFirstRow.length == sections + 1 && sectionPlaced.length == sections
                && sectionX.length == sections && sectionY.length == sections, "a section's arrays differ in length");
        require(rows > 0 && rowCategory.length == rows && (rowLabels == null || rowLabels.length == rows),
                "a row's arrays differ in length");
        require(ascending(sectionFirstRow) && sectionFirstRow[0] == 0 && sectionFirstRow[sections] == rows
                && ascending(rowFirstSeat) && rowFirstSeat[0] == 0 && size() <= HallPlan.MAX_SEATS, "rows or seats out of order");
        for (byte category : rowCategory) {
            require(category >= 0 && category < categories.length, "a row of no category");
        }
        for (int[] seats : List.of(aislesAfter, wheelchair, companion)) {
            require(seats.length == 0 || seats[0] >= 0 && seats[seats.length - 1] < size() && ascending(seats),
                    "a marked seat out of order");
        }
    }

    private static boolean ascending(int[] values) {
        for (int i = 1; i < values.length; i++) {
            if (values[i] <= values[i - 1]) {
                return false;
            }
        }
        return true;
    }

    private static void require(boolean holds, String what) {
        if (!holds) {
            throw new IllegalArgumentException("not a hall: " + what);
        }
    }

    /** Places the sections not placed by the plan below the ones before them, centred; the hall's width. */
    private int layOut() {
        int width = 0;
        for (int s = 0; s < sectionNames.length; s++) {
            width = Math.max(width, (sectionPlaced[s] ? sectionX[s] : 0) + sectionWidth[s]);
        }
        int nextY = 0;
        for (int s = 0; s < sectionNames.length; s++) {
            if (!sectionPlaced[s]) {
                sectionX[s] = (width - sectionWidth[s]) / 2;
                sectionY[s] = nextY;
            }
            nextY = Math.max(nextY, sectionY[s] + rowsOf(s) + SECTION_GAP);
        }
        return width;
    }

    private boolean frontToBack() {
        for (int row = 1; row < rowCount(); row++) {
            if (y(row) < y(row - 1)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether rows are numbered from the stage back: true unless sections placed side by side (or out of order) start
     * a row nearer the stage than the one numbered before it. A search for the nearest seats may stop at the first
     * row too far.
     */
    public boolean rowsFrontToBack() {
        return rowsFrontToBack;
    }

    public int size() {
        return rowFirstSeat[rowFirstSeat.length - 1];
    }

    public int rowCount() {
        return rowFirstSeat.length - 1;
    }

    public int sectionCount() {
        return sectionNames.length;
    }

    public List<HallPlan.Category> categories() {
        return List.of(categories);
    }

    /** The index of the category named so, or -1. */
    public int categoryIndex(String name) {
        for (int c = 0; c < categories.length; c++) {
            if (categories[c].name().equals(name)) {
                return c;
            }
        }
        return -1;
    }

    public int rowOf(int seat) {
        checkSeat(seat);
        int found = Arrays.binarySearch(rowFirstSeat, seat);
        if (found >= 0) { // the first seat of a row; rows are never empty, so only one row starts there
            return found;
        }
        return -found - 2;
    }

    public int sectionOfRow(int row) {
        int found = Arrays.binarySearch(sectionFirstRow, row);
        return found >= 0 ? found : -found - 2;
    }

    public String sectionName(int section) {
        return sectionNames[section];
    }

    public int firstRowOf(int section) {
        return sectionFirstRow[section];
    }

    public int rowsOf(int section) {
        return sectionFirstRow[section + 1] - sectionFirstRow[section];
    }

    public int firstSeatOf(int row) {
        return rowFirstSeat[row];
    }

    public int seatsIn(int row) {
        return rowFirstSeat[row + 1] - rowFirstSeat[row];
    }

    public String rowLabel(int row) {
        String label = rowLabels == null ? null : rowLabels[row];
        return label != null ? label : RowLabels.lettered(row - sectionFirstRow[sectionOfRow(row)]);
    }

    public int rowCategory(int row) {
        return rowCategory[row];
    }

    public int category(int seat) {
        if (categories.length == 1) { // most halls, and every show made by its seat count: no row to look up
            checkSeat(seat);
            return 0;
        }
        return rowCategory[rowOf(seat)];
    }

    public BigDecimal price(int seat) {
        return categories[category(seat)].price();
    }

    /** How people name the seat: "Stalls, row C, seat 12". */
    public SeatLabel label(int seat) {
        int row = rowOf(seat);
        return new SeatLabel(sectionNames[sectionOfRow(row)], rowLabel(row), seat - rowFirstSeat[row] + 1);
    }

    /** The seat people name so, if the hall has it. */
    public Optional<Integer> seatAt(SeatLabel label) {
        for (int s = 0; s < sectionNames.length; s++) {
            if (!sectionNames[s].equals(label.section())) {
                continue;
            }
            for (int row = sectionFirstRow[s]; row < sectionFirstRow[s + 1]; row++) {
                if (rowLabel(row).equals(label.row()) && label.seat() >= 1 && label.seat() <= seatsIn(row)) {
                    return Optional.of(rowFirstSeat[row] + label.seat() - 1);
                }
            }
        }
        return Optional.empty();
    }

    /** Whether an aisle runs between {@code seat} and the seat after it. */
    public boolean aisleAfter(int seat) {
        return Arrays.binarySearch(aislesAfter, seat) >= 0;
    }

    public boolean isWheelchair(int seat) {
        return Arrays.binarySearch(wheelchair, seat) >= 0;
    }

    public boolean isCompanion(int seat) {
        return Arrays.binarySearch(companion, seat) >= 0;
    }

    /** Whether two seats sit side by side: the same row, next to each other, no aisle between. */
    public boolean together(int seat, int next) {
        return next == seat + 1 && rowOf(seat) == rowOf(next) && !aisleAfter(seat);
    }

    /** The seats an aisle runs after, ascending; for walking a row alongside its seats (never changed). */
    int[] aislesAfterSeats() {
        return aislesAfter;
    }

    int[] wheelchairSeats() {
        return wheelchair;
    }

    int[] companionSeats() {
        return companion;
    }

    /** A seat's centre, across: in seat widths from the hall's left edge (aisles a seat wide). */
    public double x(int seat) {
        int row = rowOf(seat);
        int first = rowFirstSeat[row];
        return rowLeft(row) + (seat - first) + aislesBetween(first, seat) + 0.5;
    }

    /** A row's centre line, down from the stage's edge. */
    public double y(int row) {
        int section = sectionOfRow(row);
        return sectionY[section] + (row - sectionFirstRow[section]) + 0.5;
    }

    /** Where the seats are judged from: the middle of the stage. */
    public double focalX() {
        return focalX;
    }

    public double focalY() {
        return focalY;
    }

    /** The left edge of a row: rows are centred in their section. */
    double rowLeft(int row) {
        int section = sectionOfRow(row);
        int first = rowFirstSeat[row];
        int last = rowFirstSeat[row + 1] - 1;
        int width = seatsIn(row) + aislesBetween(first, last);
        return sectionX[section] + (sectionWidth[section] - width) / 2.0;
    }

    /** Aisles after seats in [from, to). */
    private int aislesBetween(int from, int to) {
        return insertionPoint(aislesAfter, to) - insertionPoint(aislesAfter, from);
    }

    /** The plan this hall was made from. */
    public HallPlan plan() {
        List<HallPlan.Section> sections = new ArrayList<>();
        for (int s = 0; s < sectionNames.length; s++) {
            List<HallPlan.Row> rows = new ArrayList<>();
            for (int row = sectionFirstRow[s]; row < sectionFirstRow[s + 1]; row++) {
                int first = rowFirstSeat[row];
                int end = rowFirstSeat[row + 1];
                rows.add(new HallPlan.Row(rowLabel(row), end - first, categories[rowCategory[row]].name(),
                        places(aislesAfter, first, end - 1), places(wheelchair, first, end), places(companion, first, end)));
            }
            sections.add(new HallPlan.Section(sectionNames[s], rows, sectionPlaced[s]
                    ? Optional.of(new HallPlan.Position(sectionX[s], sectionY[s])) : Optional.empty()));
        }
        return new HallPlan(List.of(categories), sections);
    }

    /**
     * Bytes this hall holds on a 64-bit JVM with compressed references; what every hall shares (the common row labels,
     * the default section's name and category, empty arrays) is not counted.
     */
    public long estimatedBytes() {
        return estimatedBytes;
    }

    private long countBytes() {
        long bytes = align(12 + 13 * 4 + 3 * 8 + 1);
        bytes += refs(categories.length);
        for (HallPlan.Category category : categories) {
            // Its price: a BigDecimal (40), and the text it caches once printed in an answer (a String of 48).
            bytes += category == STANDARD ? 0 : 24 + string(category.name()) + 88;
        }
        int sections = sectionNames.length;
        bytes += refs(sections) + ints(sections + 1) + 3 * ints(sections) + align(16 + sections);
        for (String name : sectionNames) {
            bytes += name == HallPlan.DEFAULT_SECTION ? 0 : string(name);
        }
        bytes += ints(rowFirstSeat.length) + align(16 + rowCategory.length);
        if (rowLabels != null) {
            bytes += refs(rowLabels.length) + new java.util.HashSet<>(Arrays.asList(rowLabels)).stream()
                    .filter(label -> label != null && !RowLabels.isShared(label)).mapToLong(Hall::string).sum();
        }
        bytes += ints(aislesAfter.length) + ints(wheelchair.length) + ints(companion.length);
        return bytes;
    }

    private static long ints(int length) {
        return length == 0 ? 0 : align(16 + 4L * length); // an empty array is the shared one
    }

    private static long refs(int length) {
        return align(16 + 4L * length);
    }

    private static long align(long bytes) {
        return (bytes + 7) & ~7L;
    }

    private static long string(String text) {
        return 24 + align(16 + text.length() * (text.chars().allMatch(c -> c <= 0xFF) ? 1L : 2L));
    }

    private static int[] sorted(List<Integer> seats) {
        return seats.isEmpty() ? NONE : seats.stream().mapToInt(Integer::intValue).toArray(); // ascending: added in order
    }

    private static List<Integer> places(int[] seats, int first, int end) {
        List<Integer> places = new ArrayList<>();
        for (int i = insertionPoint(seats, first); i < seats.length && seats[i] < end; i++) {
            places.add(seats[i] - first);
        }
        return places;
    }

    /** How many of the sorted {@code seats} are below {@code seat}. */
    static int insertionPoint(int[] seats, int seat) {
        int found = Arrays.binarySearch(seats, seat);
        return found >= 0 ? found : -found - 1;
    }

    private void checkSeat(int seat) {
        if (seat < 0 || seat >= size()) {
            throw new IndexOutOfBoundsException("seat " + seat + " of a hall of " + size());
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Hall that && plan().equals(that.plan());
    }

    @Override
    public int hashCode() {
        return plan().hashCode();
    }

    @Override
    public String toString() {
        return "Hall[" + size() + " seats in " + sectionNames.length + " sections, " + rowCount() + " rows]";
    }
}
