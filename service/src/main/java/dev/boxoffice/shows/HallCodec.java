package dev.boxoffice.shows;

import dev.boxoffice.domain.HallPlan;
import dev.boxoffice.shows.proto.Category;
import dev.boxoffice.shows.proto.CompactHall;
import dev.boxoffice.shows.proto.Hall;
import dev.boxoffice.shows.proto.Row;
import dev.boxoffice.shows.proto.Section;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A hall as Protocol Buffers: its plan in the show's creation event, its compact form (columns of rows) in the show's
 * snapshot, read back without building the plan.
 */
final class HallCodec {

    private HallCodec() {
    }

    static Hall encode(HallPlan plan) {
        Hall.Builder hall = Hall.newBuilder();
        Map<String, Integer> categoryIndex = new HashMap<>();
        for (HallPlan.Category category : plan.categories()) {
            categoryIndex.put(category.name(), hall.getCategoriesCount());
            hall.addCategories(encode(category));
        }
        for (HallPlan.Section section : plan.sections()) {
            Section.Builder encoded = Section.newBuilder().setName(section.name());
            section.position().ifPresent(position -> encoded.setPlaced(true).setX(position.x()).setY(position.y()));
            for (HallPlan.Row row : section.rows()) {
                encoded.addRows(Row.newBuilder().setLabel(row.label()).setSeats(row.seats())
                        .setCategory(categoryIndex.get(row.category())).addAllAislesAfter(row.aislesAfter())
                        .addAllWheelchair(row.wheelchair()).addAllCompanion(row.companion()));
            }
            hall.addSections(encoded);
        }
        return hall.build();
    }

    static HallPlan decode(Hall hall) {
        List<HallPlan.Category> categories = new ArrayList<>();
        for (Category category : hall.getCategoriesList()) {
            categories.add(new HallPlan.Category(category.getName(), ShowSnapshotCodec.price(category.getPrice())));
        }
        List<HallPlan.Section> sections = new ArrayList<>();
        for (Section section : hall.getSectionsList()) {
            List<HallPlan.Row> rows = new ArrayList<>(section.getRowsCount());
            for (Row row : section.getRowsList()) {
                rows.add(new HallPlan.Row(row.getLabel(), row.getSeats(), categories.get(row.getCategory()).name(),
                        row.getAislesAfterList(), row.getWheelchairList(), row.getCompanionList()));
            }
            sections.add(new HallPlan.Section(section.getName(), rows, section.getPlaced()
                    ? Optional.of(new HallPlan.Position(section.getX(), section.getY())) : Optional.empty()));
        }
        return new HallPlan(categories, sections);
    }

    static CompactHall encodeCompact(dev.boxoffice.domain.Hall hall) {
        dev.boxoffice.domain.Hall.Compact compact = hall.compact();
        CompactHall.Builder encoded = CompactHall.newBuilder().addAllSectionNames(compact.sectionNames());
        compact.categories().forEach(category -> encoded.addCategories(encode(category)));
        int sections = compact.sectionNames().size();
        for (int s = 0; s < sections; s++) {
            encoded.addSectionRows(compact.sectionFirstRow()[s + 1] - compact.sectionFirstRow()[s])
                    .addSectionPlaced(compact.sectionPlaced()[s]).addSectionX(compact.sectionX()[s])
                    .addSectionY(compact.sectionY()[s]);
        }
        int rows = compact.rowCategory().length;
        for (int row = 0; row < rows; row++) {
            encoded.addRowSeats(compact.rowFirstSeat()[row + 1] - compact.rowFirstSeat()[row])
                    .addRowCategory(compact.rowCategory()[row]);
            if (compact.rowLabels() != null) {
                encoded.addRowLabels(compact.rowLabels()[row] == null ? "" : compact.rowLabels()[row]);
            }
        }
        for (int seat : compact.aislesAfter()) {
            encoded.addAislesAfter(seat);
        }
        for (int seat : compact.wheelchair()) {
            encoded.addWheelchair(seat);
        }
        for (int seat : compact.companion()) {
            encoded.addCompanion(seat);
        }
        return encoded.build();
    }

    /** The hall a snapshot recorded; an IllegalArgumentException if the columns do not describe one. */
    static dev.boxoffice.domain.Hall decode(CompactHall hall) {
        List<HallPlan.Category> categories = new ArrayList<>();
        for (Category category : hall.getCategoriesList()) {
            categories.add(new HallPlan.Category(category.getName(), ShowSnapshotCodec.price(category.getPrice())));
        }
        int sections = hall.getSectionNamesCount();
        int rows = hall.getRowSeatsCount();
        if (hall.getSectionRowsCount() != sections || hall.getSectionPlacedCount() != sections
                || hall.getSectionXCount() != sections || hall.getSectionYCount() != sections
                || hall.getRowCategoryCount() != rows || hall.getRowLabelsCount() != 0 && hall.getRowLabelsCount() != rows) {
            throw new IllegalArgumentException("a compact hall's columns differ in length");
        }
        int[] sectionFirstRow = new int[sections + 1];
        boolean[] placed = new boolean[sections];
        int[] x = new int[sections];
        int[] y = new int[sections];
        for (int s = 0; s < sections; s++) {
            sectionFirstRow[s + 1] = sectionFirstRow[s] + hall.getSectionRows(s);
            placed[s] = hall.getSectionPlaced(s);
            x[s] = hall.getSectionX(s);
            y[s] = hall.getSectionY(s);
        }
        int[] rowFirstSeat = new int[rows + 1];
        byte[] rowCategory = new byte[rows];
        String[] labels = hall.getRowLabelsCount() == 0 ? null : new String[rows];
        for (int row = 0; row < rows; row++) {
            rowFirstSeat[row + 1] = rowFirstSeat[row] + hall.getRowSeats(row);
            rowCategory[row] = (byte) hall.getRowCategory(row);
            if (labels != null && !hall.getRowLabels(row).isEmpty()) {
                labels[row] = hall.getRowLabels(row);
            }
        }
        return dev.boxoffice.domain.Hall.of(new dev.boxoffice.domain.Hall.Compact(categories, hall.getSectionNamesList(), sectionFirstRow, placed, x, y,
                rowFirstSeat, labels, rowCategory, ints(hall.getAislesAfterList()), ints(hall.getWheelchairList()),
                ints(hall.getCompanionList())));
    }

    private static Category encode(HallPlan.Category category) {
        return Category.newBuilder().setName(category.name()).setPrice(category.price().toPlainString()).build();
    }

    private static int[] ints(List<Integer> values) {
        int[] ints = new int[values.size()];
        for (int i = 0; i < ints.length; i++) {
            ints[i] = values.get(i);
        }
        return ints;
    }
}
