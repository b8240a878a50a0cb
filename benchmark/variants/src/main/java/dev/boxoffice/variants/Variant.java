package dev.boxoffice.variants;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** The service's other forms: how a request runs (execution model) and how a show is stored (persistence model). */
public enum Variant {

    WORKER("worker", Persistence.EVENT_SOURCED),
    VIRTUAL_THREADS("virtual-threads", Persistence.EVENT_SOURCED),
    CRUD_WORKER("crud-worker", Persistence.STATE_IN_PLACE),
    CRUD_REACTIVE("crud-reactive", Persistence.STATE_IN_PLACE);

    public enum Persistence { EVENT_SOURCED, STATE_IN_PLACE }

    private final String profile;
    private final Persistence persistence;

    Variant(String profile, Persistence persistence) {
        this.profile = profile;
        this.persistence = persistence;
    }

    /** The Quarkus profile that selects it, and its name on the command line. */
    public String profile() {
        return profile;
    }

    public Persistence persistence() {
        return persistence;
    }

    public static Optional<Variant> of(String profile) {
        return Arrays.stream(values()).filter(v -> v.profile.equals(profile)).findFirst();
    }

    public static String names() {
        return Arrays.stream(values()).map(Variant::profile).collect(Collectors.joining(", "));
    }
}
