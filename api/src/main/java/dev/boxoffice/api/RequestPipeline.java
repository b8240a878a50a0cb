package dev.boxoffice.api;

/**
 * The stages every HTTP request passes before a resource, in the order they run: the one place that orders them
 * (each registers its route with {@link #order()}). Cheapest refusals first, so that a request refused costs as
 * little as it can; the REST resources come after all of them.
 */
public enum RequestPipeline {

    /** Past the bound on open connections, a new connection's request is answered 503 and the connection closed. */
    CONNECTION_BOUND,
    /** A body too large or of unknown length is refused before it is read (413, 411). */
    BODY_LENGTH,
    /** OPTIONS is answered with the path's Allow header, and a method a literal path lacks with 405; nothing to admit. */
    OPTIONS,
    /** Past the bound in time on the oldest request in flight, or in bytes, an API request is answered 503. */
    ADMISSION,
    /** The seat-map streams, a Vert.x route of their own (server-sent events written by hand). */
    SEAT_STREAMS,
    /** Well-formed seat changes, the hottest write, answered without the REST layer; any other request goes on to it. */
    SEAT_CHANGES,
    /** Well-formed confirmations and releases of holds, answered without the REST layer; the others go on to it. */
    HOLD_SETTLEMENTS;

    /** The order of this stage's route: before every route of the framework's own. */
    public int order() {
        return Integer.MIN_VALUE + ordinal();
    }
}
