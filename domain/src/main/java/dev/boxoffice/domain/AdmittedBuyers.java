package dev.boxoffice.domain;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The buyers a waiting room let in and who have not left: by place, with when their admission lapses. Lapsed ones
 * are dropped when an event brings the time past their lapse; until then {@link #activeAt} does not count them.
 * Immutable: the buyers sit in {@value #BUCKETS} small maps, each with its earliest lapse, and a change copies one.
 */
public final class AdmittedBuyers {

    private static final int BUCKETS = 16;
    private static final long NONE_LAPSE = Long.MAX_VALUE;

    @SuppressWarnings("unchecked")
    public static final AdmittedBuyers NONE = new AdmittedBuyers(new Map[BUCKETS], noLapses(), 0);

    private final Map<Long, Long>[] buckets; // place -> lapse in epoch millis; null: empty
    private final long[] earliestLapse;
    private final int count;

    private AdmittedBuyers(Map<Long, Long>[] buckets, long[] earliestLapse, int count) {
        this.buckets = buckets;
        this.earliestLapse = earliestLapse;
        this.count = count;
    }

    private static long[] noLapses() {
        long[] none = new long[BUCKETS];
        Arrays.fill(none, NONE_LAPSE);
        return none;
    }

    /** Buyers as a snapshot lists them: when each one's admission lapses, by place. */
    public static AdmittedBuyers of(Map<Long, Long> lapseByPlace) {
        AdmittedBuyers buyers = NONE;
        for (Map.Entry<Long, Long> buyer : lapseByPlace.entrySet()) {
            buyers = buyers.admit(buyer.getKey(), buyer.getValue());
        }
        return buyers;
    }

    /** Every admitted buyer kept, lapsed or not, by place. */
    public Map<Long, Long> all() {
        Map<Long, Long> all = new LinkedHashMap<>();
        for (Map<Long, Long> bucket : buckets) {
            if (bucket != null) {
                all.putAll(bucket);
            }
        }
        return all;
    }

    /** When the admission of {@code place} lapses, if it is kept (it may have lapsed by now). */
    public OptionalLong lapseOf(long place) {
        Map<Long, Long> bucket = buckets[bucketOf(place)];
        Long lapse = bucket == null ? null : bucket.get(place);
        return lapse == null ? OptionalLong.empty() : OptionalLong.of(lapse);
    }

    /** Admitted buyers whose admission has not lapsed by {@code nowMillis}. */
    public int activeAt(long nowMillis) {
        int active = count;
        for (int b = 0; b < BUCKETS; b++) {
            if (earliestLapse[b] <= nowMillis) {
                for (long lapse : buckets[b].values()) {
                    if (lapse <= nowMillis) {
                        active--;
                    }
                }
            }
        }
        return active;
    }

    AdmittedBuyers admit(long place, long lapseMillis) {
        int b = bucketOf(place);
        Map<Long, Long> bucket = copy(buckets[b]);
        Long before = bucket.put(place, lapseMillis);
        return with(b, bucket, before == null ? count + 1 : count);
    }

    AdmittedBuyers remove(long place) {
        int b = bucketOf(place);
        if (buckets[b] == null || !buckets[b].containsKey(place)) {
            return this;
        }
        Map<Long, Long> bucket = copy(buckets[b]);
        bucket.remove(place);
        return with(b, bucket, count - 1);
    }

    /** Without those whose admission lapsed by {@code nowMillis}. */
    AdmittedBuyers dropLapsed(long nowMillis) {
        AdmittedBuyers kept = this;
        for (int b = 0; b < BUCKETS; b++) {
            if (earliestLapse[b] <= nowMillis) {
                Map<Long, Long> bucket = copy(buckets[b]);
                int before = bucket.size();
                bucket.values().removeIf(lapse -> lapse <= nowMillis);
                kept = kept.with(b, bucket, kept.count - (before - bucket.size()));
            }
        }
        return kept;
    }

    /**
     * Itself and its two arrays; each map in use (a HashMap, its values view and its table, sized as a copy sizes
     * it); each buyer (a map entry, two boxed longs, and its share of the table), as measured.
     */
    long estimatedBytes() {
        long bytes = 24 + (16 + 4L * BUCKETS) + (16 + 8L * BUCKETS);
        for (Map<Long, Long> bucket : buckets) {
            if (bucket != null) {
                int table = Math.max(16, Integer.highestOneBit(Math.max(1, (int) Math.ceil(bucket.size() / 0.75) - 1)) << 1);
                bytes += 48 + 16 + 16 + 4L * table + 80L * bucket.size();
            }
        }
        return bytes;
    }

    private AdmittedBuyers with(int b, Map<Long, Long> bucket, int changedCount) {
        Map<Long, Long>[] changed = buckets.clone();
        long[] lapses = earliestLapse.clone();
        changed[b] = bucket.isEmpty() ? null : bucket;
        lapses[b] = bucket.values().stream().mapToLong(Long::longValue).min().orElse(NONE_LAPSE);
        return new AdmittedBuyers(changed, lapses, changedCount);
    }

    private static Map<Long, Long> copy(Map<Long, Long> bucket) {
        return bucket == null ? new HashMap<>() : new HashMap<>(bucket);
    }

    /**
     * By the top bits of a multiplicative hash: by the low bits, every place in a bucket would share them, and so
     * would fall into a few bins of the bucket's own table.
     */
    private static int bucketOf(long place) {
        return (int) ((place * 0x9E3779B97F4A7C15L) >>> 60);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AdmittedBuyers that && all().equals(that.all());
    }

    @Override
    public int hashCode() {
        return count;
    }

    @Override
    public String toString() {
        return "AdmittedBuyers" + all();
    }
}
