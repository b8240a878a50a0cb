package dev.boxoffice.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.boxoffice.domain.SeatSupply;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Where a ticket stands in a show's line. WAITING: {@code position} places to call until it is (null before the
 * on-sale's draw) and the estimated wait, with {@code seats} ALL_HELD while no seat is on sale but some are held (the
 * line is still, and keeps every place, until they come back), and {@code paused} (no wait) while its operators have
 * paused it; ADMITTED: the admission token to send as
 * {@code Admission-Token} with holds, reservations and confirmations, until {@code admissionLapsesAt}; EXPIRED:
 * called and not claimed in time, or admitted and gone (confirmed, reserved, released or lapsed): join again;
 * SOLD_OUT: every seat is sold and none held (the ticket keeps its place should a reservation be cancelled).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QueueTicketView(String ticket,
        @Schema(enumeration = {"WAITING", "ADMITTED", "EXPIRED", "SOLD_OUT"}) String status,
        Long position, Long estimatedWaitSeconds, String admissionToken, Instant admissionLapsesAt,
        @Schema(enumeration = {"AVAILABLE", "ALL_HELD"}, description = "While WAITING: whether seats are on sale") String seats,
        @Schema(description = "While WAITING: true while the line's operators have paused it (no wait is estimated)") Boolean paused) {

    /** Waiting: the estimated wait, or none (null) while the line is paused. */
    public static QueueTicketView waiting(String ticket, Long position, Long estimatedWaitSeconds, SeatSupply seats) {
        return new QueueTicketView(ticket, "WAITING", position, estimatedWaitSeconds, null, null, seats.name(),
                estimatedWaitSeconds == null ? Boolean.TRUE : null);
    }

    public static QueueTicketView admitted(String ticket, String admissionToken, Instant lapsesAt) {
        return new QueueTicketView(ticket, "ADMITTED", 0L, 0L, admissionToken, lapsesAt, null, null);
    }

    public static QueueTicketView expired(String ticket) {
        return new QueueTicketView(ticket, "EXPIRED", null, null, null, null, null, null);
    }

    public static QueueTicketView soldOut(String ticket) {
        return new QueueTicketView(ticket, "SOLD_OUT", null, null, null, null, null, null);
    }
}
