package dev.boxoffice.shows;

import dev.boxoffice.domain.HallPlan;
import dev.boxoffice.shows.proto.Category;
import dev.boxoffice.shows.proto.Hall;
import dev.boxoffice.shows.proto.Row;
import dev.boxoffice.shows.proto.Section;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A hall's plan as Protocol Buffers, in the show's creation event and in its snapshot. */
final class HallCodec {

    private HallCodec() {
    }

    static Hall encode(HallPlan plan) {
        Hall.Builder hall = Hall.newBuilder();
        Map<String, Integer> categoryIndex = new HashMap<>();
        for (HallPlan.Category category : plan.categories()) {
            categoryIndex.put(category.name(), hall.getCategoriesCount());
            hall.addCategories(Category.newBuilder().setName(category.name()).setPrice(category.price().toPlainString()));
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
}
