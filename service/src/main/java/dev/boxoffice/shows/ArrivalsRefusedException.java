package dev.boxoffice.shows;

import dev.boxoffice.domain.Rejection;

/** A show refused to number arrivals: its line closed, say, since the join was let in. */
public final class ArrivalsRefusedException extends RuntimeException {

    private final transient Rejection rejection;

    public ArrivalsRefusedException(Rejection rejection) {
        super(rejection.message(), null, false, false);
        this.rejection = rejection;
    }

    public Rejection rejection() {
        return rejection;
    }
}
