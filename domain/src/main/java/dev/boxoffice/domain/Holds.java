package dev.boxoffice.domain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * A show's holds: every live one, and the {@value #RECENTLY_ENDED} that ended last (so that a confirmation sent twice
 * gets the same answer, and a hold's outcome can be read right after it); older outcomes are for the holds read
 * model. Immutable: the holds sit in {@value #BUCKETS} small maps by id, each with the earliest expiry of its live
 * holds, and a change copies one map; so a hot show with thousands of holds neither copies them all for every event
 * nor walks them all to find those whose time is up.
 */
public final class Holds {

    static final int RECENTLY_ENDED = 128;
    private static final int BUCKETS = 16;
    private static final long NO_EXPIRY = Long.MAX_VALUE;

    @SuppressWarnings("unchecked")
    public static final Holds NONE = new Holds(new Map[BUCKETS], noExpiries(), new UUID[0], 0, 0);

    private final Map<UUID, Hold>[] buckets; // null: empty
    private final long[] earliestExpiry; // of each bucket's live holds; NO_EXPIRY when it has none
    private final UUID[] ended; // oldest first
    private final int live;
    private final long entryBytes; // of every hold kept and its map entry, so that the estimate need not walk them

    private Holds(Map<UUID, Hold>[] buckets, long[] earliestExpiry, UUID[] ended, int live, long entryBytes) {
        this.buckets = buckets;
        this.earliestExpiry = earliestExpiry;
        this.ended = ended;
        this.live = live;
        this.entryBytes = entryBytes;
    }

    private static long[] noExpiries() {
        long[] none = new long[BUCKETS];
        Arrays.fill(none, NO_EXPIRY);
        return none;
    }

    /** Holds as a snapshot lists them: the live ones, then the ended ones oldest first. */
    public static Holds of(List<Hold> live, List<Hold> ended) {
        Holds holds = NONE;
        for (Hold hold : live) {
            holds = holds.place(hold);
        }
        for (Hold hold : ended) {
            holds = holds.place(hold.ended(HoldStatus.HELD)).end(hold.id(), hold.status());
        }
        return holds;
    }

    public Optional<Hold> find(UUID id) {
        Map<UUID, Hold> bucket = buckets[bucketOf(id)];
        return Optional.ofNullable(bucket == null ? null : bucket.get(id));
    }

    public int liveCount() {
        return live;
    }

    /** The live holds whose expiry has come by {@code now}; only the buckets with such a hold are looked through. */
    public List<Hold> expiredBy(Instant now) {
        long nowMillis = now.toEpochMilli();
        List<Hold> expired = new ArrayList<>(0);
        for (int b = 0; b < BUCKETS; b++) {
            if (earliestExpiry[b] <= nowMillis) {
                forEachIn(b, hold -> {
                    if (hold.expiredBy(now)) {
                        expired.add(hold);
                    }
                });
            }
        }
        return expired;
    }

    public List<Hold> live() {
        List<Hold> holds = new ArrayList<>(live);
        for (int b = 0; b < BUCKETS; b++) {
            forEachIn(b, hold -> {
                if (hold.isLive()) {
                    holds.add(hold);
                }
            });
        }
        return holds;
    }

    /** The ended holds remembered, oldest first. */
    public List<Hold> recentlyEnded() {
        return Arrays.stream(ended).map(id -> find(id).orElseThrow()).toList();
    }

    /** With {@code hold}, which must be live and new. */
    public Holds place(Hold hold) {
        if (find(hold.id()).isPresent() || !hold.isLive()) {
            throw new IllegalArgumentException("not a new live hold: " + hold);
        }
        int b = bucketOf(hold.id());
        long[] expiries = earliestExpiry.clone();
        expiries[b] = Math.min(expiries[b], hold.expiresAtMillis());
        return new Holds(with(hold.id(), hold), expiries, ended, live + 1, entryBytes + entryBytes(hold));
    }

    /** With the live hold {@code id} ended as {@code outcome}; the oldest ended hold is forgotten past the bound. */
    public Holds end(UUID id, HoldStatus outcome) {
        Hold hold = find(id).filter(Hold::isLive).orElseThrow(() -> new IllegalArgumentException("no live hold " + id));
        Map<UUID, Hold>[] changed = with(id, hold.ended(outcome));
        UUID[] endedNow = Arrays.copyOf(ended, ended.length + 1);
        endedNow[ended.length] = id;
        long bytes = entryBytes;
        if (endedNow.length > RECENTLY_ENDED) {
            UUID forgotten = endedNow[0];
            bytes -= entryBytes(find(forgotten).orElseThrow());
            Map<UUID, Hold> bucket = copyOf(changed[bucketOf(forgotten)]);
            bucket.remove(forgotten);
            changed[bucketOf(forgotten)] = bucket.isEmpty() ? null : bucket;
            endedNow = Arrays.copyOfRange(endedNow, 1, endedNow.length);
        }
        int b = bucketOf(id);
        long[] expiries = earliestExpiry;
        if (hold.expiresAtMillis() == earliestExpiry[b]) {
            expiries = earliestExpiry.clone();
            expiries[b] = earliestLive(changed[b]);
        }
        return new Holds(changed, expiries, endedNow, live - 1, bytes);
    }

    /** Bytes these holds take on a 64-bit JVM with compressed references (maps and their entries included). */
    public long estimatedBytes() {
        long bytes = 40 + align(16 + 4L * BUCKETS) + align(16 + 8L * BUCKETS) + align(16 + 4L * ended.length) + entryBytes;
        for (Map<UUID, Hold> bucket : buckets) {
            if (bucket != null) {
                bytes += 48 + align(16 + 4L * tableSize(bucket.size()));
            }
        }
        return bytes;
    }

    /** A hold and the map entry that keeps it. */
    private static long entryBytes(Hold hold) {
        return 32 + hold.estimatedBytes();
    }

    private static long earliestLive(Map<UUID, Hold> bucket) {
        long[] earliest = {NO_EXPIRY};
        if (bucket != null) {
            bucket.forEach((id, hold) -> {
                if (hold.isLive()) {
                    earliest[0] = Math.min(earliest[0], hold.expiresAtMillis());
                }
            });
        }
        return earliest[0];
    }

    /** Not through values(): that view would stay in the map, and in its bytes. */
    private void forEachIn(int bucket, Consumer<Hold> action) {
        if (buckets[bucket] != null) {
            buckets[bucket].forEach((id, hold) -> action.accept(hold));
        }
    }

    private Map<UUID, Hold>[] with(UUID id, Hold hold) {
        Map<UUID, Hold>[] copy = buckets.clone();
        int b = bucketOf(id);
        Map<UUID, Hold> bucket = copyOf(copy[b]);
        bucket.put(id, hold);
        copy[b] = bucket;
        return copy;
    }

    /** A copy with room for one more hold, sized as {@link #tableSize} counts it. */
    private static Map<UUID, Hold> copyOf(Map<UUID, Hold> bucket) {
        if (bucket == null) {
            return HashMap.newHashMap(1);
        }
        Map<UUID, Hold> copy = HashMap.newHashMap(bucket.size() + 1);
        copy.putAll(bucket);
        return copy;
    }

    private static int bucketOf(UUID id) {
        return (id.hashCode() & 0x7fffffff) % BUCKETS;
    }

    /** The table of a bucket {@link #copyOf} made for {@code entries} (or one fewer): a power of two at load factor 0.75. */
    private static int tableSize(int entries) {
        int capacity = (int) Math.ceil((entries + 1) / 0.75);
        return capacity <= 1 ? 1 : Integer.highestOneBit(capacity - 1) * 2;
    }

    private static long align(long bytes) {
        return (bytes + 7) & ~7L;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Holds that && live == that.live && Arrays.equals(ended, that.ended)
                && allById().equals(that.allById());
    }

    private Map<UUID, Hold> allById() {
        Map<UUID, Hold> all = new HashMap<>();
        for (int b = 0; b < BUCKETS; b++) {
            forEachIn(b, hold -> all.put(hold.id(), hold));
        }
        return all;
    }

    @Override
    public int hashCode() {
        return allById().hashCode();
    }

    @Override
    public String toString() {
        return "Holds[" + live + " live, " + ended.length + " recently ended]";
    }
}
