package dev.boxoffice.domain;

import java.util.Comparator;
import java.util.Map;
import java.util.OptionalLong;
import org.pcollections.TreePMap;
import org.pcollections.TreePSet;

/**
 * The buyers a waiting room let in and who have not left: by place, with when their admission lapses. Lapsed ones
 * are dropped when an event brings the time past their lapse; until then {@link #activeAt} does not count them.
 * Immutable, in two persistent trees (by place, and by lapse): a change copies the O(log n) nodes on its path, so
 * that an admission or a purchase costs the same with ten buyers in the room as with a room's most, 100,000.
 */
public final class AdmittedBuyers {

    /** A buyer in the order they drop out: by when their admission lapses. */
    private record Lapse(long atMillis, long place) {
    }

    private static final Comparator<Lapse> EARLIEST_FIRST = Comparator.comparingLong(Lapse::atMillis)
            .thenComparingLong(Lapse::place);

    public static final AdmittedBuyers NONE = new AdmittedBuyers(TreePMap.empty(), TreePSet.empty(EARLIEST_FIRST));

    /** What a buyer takes, as measured (JOL): a node in each tree, the boxed place and lapse, a {@link Lapse}. */
    private static final long BYTES_PER_BUYER = 160;
    /** Itself and the two trees' handles, as measured. */
    private static final long BYTES_EMPTY = 72;

    private final TreePMap<Long, Long> lapseByPlace;
    private final TreePSet<Lapse> byLapse;

    private AdmittedBuyers(TreePMap<Long, Long> lapseByPlace, TreePSet<Lapse> byLapse) {
        this.lapseByPlace = lapseByPlace;
        this.byLapse = byLapse;
    }

    /** Buyers as a snapshot lists them: when each one's admission lapses, by place. */
    public static AdmittedBuyers of(Map<Long, Long> lapseByPlace) {
        AdmittedBuyers buyers = NONE;
        for (Map.Entry<Long, Long> buyer : lapseByPlace.entrySet()) {
            buyers = buyers.admit(buyer.getKey(), buyer.getValue());
        }
        return buyers;
    }

    /** Every admitted buyer kept, lapsed or not, by place, in the order of places (read-only). */
    public Map<Long, Long> all() {
        return lapseByPlace;
    }

    /** When the admission of {@code place} lapses, if it is kept (it may have lapsed by now). */
    public OptionalLong lapseOf(long place) {
        Long lapse = lapseByPlace.get(place);
        return lapse == null ? OptionalLong.empty() : OptionalLong.of(lapse);
    }

    /** Admitted buyers whose admission has not lapsed by {@code nowMillis}. */
    public int activeAt(long nowMillis) {
        int lapsed = 0;
        for (Lapse buyer : byLapse) {
            if (buyer.atMillis() > nowMillis) {
                break;
            }
            lapsed++;
        }
        return byLapse.size() - lapsed;
    }

    AdmittedBuyers admit(long place, long lapseMillis) {
        Long before = lapseByPlace.get(place);
        TreePSet<Lapse> others = before == null ? byLapse : byLapse.minus(new Lapse(before, place));
        return new AdmittedBuyers(lapseByPlace.plus(place, lapseMillis), others.plus(new Lapse(lapseMillis, place)));
    }

    AdmittedBuyers remove(long place) {
        Long lapse = lapseByPlace.get(place);
        if (lapse == null) {
            return this;
        }
        return new AdmittedBuyers(lapseByPlace.minus(place), byLapse.minus(new Lapse(lapse, place)));
    }

    /** Without those whose admission lapsed by {@code nowMillis}. */
    AdmittedBuyers dropLapsed(long nowMillis) {
        AdmittedBuyers kept = this;
        for (Lapse buyer : byLapse) {
            if (buyer.atMillis() > nowMillis) {
                break;
            }
            kept = kept.remove(buyer.place());
        }
        return kept;
    }

    long estimatedBytes() {
        return BYTES_EMPTY + BYTES_PER_BUYER * byLapse.size();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AdmittedBuyers that && lapseByPlace.equals(that.lapseByPlace);
    }

    @Override
    public int hashCode() {
        return lapseByPlace.size();
    }

    @Override
    public String toString() {
        return "AdmittedBuyers" + lapseByPlace;
    }
}
