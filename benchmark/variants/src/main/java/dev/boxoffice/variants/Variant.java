package dev.boxoffice.variants;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The service's other forms: how a request runs (execution model, set by the profile's endpoints), how a show is
 * stored (persistence model), and whether requests share a commit. One thing changes at a time: worker and
 * virtual-threads differ from worker-shared-commit and virtual-threads-shared-commit only in the commit.
 */
public enum Variant {

    WORKER("worker", Persistence.EVENT_SOURCED, Commit.PER_REQUEST),
    VIRTUAL_THREADS("virtual-threads", Persistence.EVENT_SOURCED, Commit.PER_REQUEST),
    WORKER_SHARED_COMMIT("worker-shared-commit", Persistence.EVENT_SOURCED, Commit.SHARED),
    VIRTUAL_THREADS_SHARED_COMMIT("virtual-threads-shared-commit", Persistence.EVENT_SOURCED, Commit.SHARED),
    CRUD_WORKER("crud-worker", Persistence.STATE_IN_PLACE, Commit.PER_REQUEST),
    CRUD_VIRTUAL_THREADS("crud-virtual-threads", Persistence.STATE_IN_PLACE, Commit.PER_REQUEST),
    CRUD_REACTIVE("crud-reactive", Persistence.STATE_IN_PLACE, Commit.PER_REQUEST);

    public enum Persistence { EVENT_SOURCED, STATE_IN_PLACE }

    /** A transaction per request, or appends of many requests in one (group commit, as the service does). */
    public enum Commit { PER_REQUEST, SHARED }

    private final String profile;
    private final Persistence persistence;
    private final Commit commit;

    Variant(String profile, Persistence persistence, Commit commit) {
        this.profile = profile;
        this.persistence = persistence;
        this.commit = commit;
    }

    public Commit commit() {
        return commit;
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
