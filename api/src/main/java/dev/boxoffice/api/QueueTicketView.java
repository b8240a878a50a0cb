package dev.boxoffice.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * Where a ticket stands in a show's line. WAITING: {@code position} places to call until it is (null before the
 * on-sale's draw) and the estimated wait; ADMITTED: the admission token to send as {@code Admission-Token} with
 * holds, reservations and confirmations, until {@code admissionLapsesAt}; EXPIRED: called and not claimed in time, or
 * admitted and gone (confirmed, reserved, released or lapsed): join again.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QueueTicketView(String ticket, String status, Long position, Long estimatedWaitSeconds,
        String admissionToken, Instant admissionLapsesAt) {

    public static QueueTicketView waiting(String ticket, Long position, long estimatedWaitSeconds) {
        return new QueueTicketView(ticket, "WAITING", position, estimatedWaitSeconds, null, null);
    }

    public static QueueTicketView admitted(String ticket, String admissionToken, Instant lapsesAt) {
        return new QueueTicketView(ticket, "ADMITTED", 0L, 0L, admissionToken, lapsesAt);
    }

    public static QueueTicketView expired(String ticket) {
        return new QueueTicketView(ticket, "EXPIRED", null, null, null, null);
    }
}
