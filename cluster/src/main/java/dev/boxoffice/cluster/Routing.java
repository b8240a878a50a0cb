package dev.boxoffice.cluster;

/** How HAProxy chooses a node for a request. */
public enum Routing {
    /** A consistent hash of the show id: each show has one node, its single writer. The default. */
    HASH,
    /** Each request to the next node: what a load balancer does unless told otherwise; shown to cost conflicts. */
    ROUND_ROBIN;

    public static Routing parse(String value) {
        return switch (value) {
            case "hash" -> HASH;
            case "round-robin" -> ROUND_ROBIN;
            default -> throw new IllegalArgumentException("routing must be hash or round-robin, not " + value);
        };
    }

    @Override
    public String toString() {
        return this == HASH ? "hash" : "round-robin";
    }
}
