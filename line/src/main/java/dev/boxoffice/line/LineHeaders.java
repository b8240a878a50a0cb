package dev.boxoffice.line;

/** The headers of a waiting line's API, the same on the nodes and the line services. */
public final class LineHeaders {

    /** A ticket one holds, sent when joining again: the same place, not a new one. */
    public static final String TICKET = "Queue-Ticket";
    /** A line service's request for a block of arrival numbers, signed with the rooms' key. */
    public static final String BLOCK_REQUEST = "Line-Block-Request";

    private LineHeaders() {
    }
}
