package dev.boxoffice.api;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * A line service's polls of called tickets, gathered for a moment and sent together: each is answered as its own poll
 * would be (a called ticket admitted on the spot, while the room has room).
 */
public record LineAdmissionsRequest(
        @NotNull @Size(min = 1, max = MAX_TICKETS) List<@NotNull @Size(min = 1, max = 256) String> tickets) {

    /** Tickets in one request at most. */
    public static final int MAX_TICKETS = 64;
}
