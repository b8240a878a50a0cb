package dev.boxoffice.http;

import dev.boxoffice.shows.ShowPage;
import dev.boxoffice.shows.ShowSummary;
import java.util.List;

/** A page of GET /shows: the shows, and the cursor to pass as {@code after} for the next page (null on the last). */
public record ShowSummaryView(List<ShowSummary> items, String next) {

    static ShowSummaryView of(ShowPage page) {
        return new ShowSummaryView(page.items(), page.next() == null ? null : page.next().toString());
    }
}
