package dev.boxoffice.domain;

import java.util.UUID;

/**
 * What a show's line can still offer the buyers in it: seats on sale; none on sale but some held, which come back
 * should their holds expire or be released; or none at all. The line calls nobody while no seat is on sale, and
 * keeps every place meanwhile, so that seats coming back (a hold lapsing, a reservation cancelled) move it on in order.
 */
public enum SeatSupply {
    AVAILABLE,
    ALL_HELD,
    SOLD_OUT;

    public static SeatSupply of(int available, int held) {
        return available > 0 ? AVAILABLE : held > 0 ? ALL_HELD : SOLD_OUT;
    }

    /** The refusal of a join, or of a called buyer's admission, while every seat is sold and none held. */
    public static Rejection soldOut(UUID show) {
        return new Rejection(Rejection.Code.SOLD_OUT, "Every seat of show " + show
                + " is sold, and none is held that could come back.");
    }
}
