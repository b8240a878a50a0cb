package dev.boxoffice.api;

import java.util.List;

/**
 * Where each ticket of a {@link LineAdmissionsRequest} stands, in the order sent, with the seconds until asking
 * again is worth it (0: no need), and the room's record after their admissions: a line service answers its waiting
 * tickets from it.
 */
public record LineAdmissionsView(List<Standing> tickets, WaitingRoomView room) {

    /** One ticket's answer, as its poll gets it: the body, and its {@code Retry-After} (0 when the poll has none). */
    public record Standing(QueueTicketView standing, long retryAfterSeconds) {
    }
}
