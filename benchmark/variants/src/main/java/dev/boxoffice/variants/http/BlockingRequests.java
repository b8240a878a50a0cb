package dev.boxoffice.variants.http;

import dev.boxoffice.api.CreateShowRequest;
import dev.boxoffice.api.RequestParameters;
import dev.boxoffice.api.SeatActionRequest;
import dev.boxoffice.api.ShowPage;
import dev.boxoffice.api.ShowView;
import java.util.UUID;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * The API in plain blocking style, for the resources that run it on worker threads and on virtual threads: each call
 * holds its thread until the database has answered. (Quarkus reads a method's execution model from the method that
 * carries its JAX-RS annotations, so each of those resources declares its own.)
 */
final class BlockingRequests {

    private final BlockingShows shows;

    BlockingRequests(BlockingShows shows) {
        this.shows = shows;
    }

    ShowPage list(String available, String after, String limit) {
        boolean onlyAvailable = RequestParameters.flag("available", available);
        UUID cursor = after == null ? null : RequestParameters.uuid("after", after);
        return shows.list(onlyAvailable, cursor, RequestParameters.pageSize(limit));
    }

    RestResponse<ShowView> create(CreateShowRequest request, String correlationId) {
        var command = Answers.plainShow(request);
        return Answers.created(shows.create(command, correlationId));
    }

    ShowView get(String showId) {
        return Answers.found(shows.show(RequestParameters.showId(showId)), showId);
    }

    ShowView.SeatView changeSeat(String showId, String seatNum, SeatActionRequest request, String correlationId) {
        UUID id = RequestParameters.showId(showId);
        int seat = RequestParameters.seatNumber(seatNum);
        return Answers.seat(shows.changeSeat(Answers.seatCommand(id, seat, request), seat, correlationId));
    }
}
