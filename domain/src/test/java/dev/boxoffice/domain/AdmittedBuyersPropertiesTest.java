package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/** The admitted buyers behave as a plain map of place to lapse, whatever the order of admissions, leaves and lapses. */
class AdmittedBuyersPropertiesTest {

    /** One change: admit a place with a lapse, remove a place, or drop those lapsed by a time. */
    record Change(int kind, long place, long millis) {
    }

    @Property
    void theyAreAMapOfPlaceToLapseAfterAnyChanges(@ForAll("changes") @Size(max = 300) List<Change> changes) {
        AdmittedBuyers buyers = AdmittedBuyers.NONE;
        Map<Long, Long> model = new HashMap<>();
        for (Change change : changes) {
            switch (change.kind()) {
                case 0 -> {
                    buyers = buyers.admit(change.place(), change.millis());
                    model.put(change.place(), change.millis());
                }
                case 1 -> {
                    buyers = buyers.remove(change.place());
                    model.remove(change.place());
                }
                default -> {
                    buyers = buyers.dropLapsed(change.millis());
                    model.values().removeIf(lapse -> lapse <= change.millis());
                }
            }
            assertThat(buyers.all()).isEqualTo(model);
            long at = change.millis();
            assertThat(buyers.activeAt(at)).isEqualTo((int) model.values().stream().filter(lapse -> lapse > at).count());
            assertThat(buyers.lapseOf(change.place())).isEqualTo(model.containsKey(change.place())
                    ? OptionalLong.of(model.get(change.place())) : OptionalLong.empty());
        }
        assertThat(buyers).isEqualTo(AdmittedBuyers.of(model));
        assertThat(buyers.estimatedBytes()).isEqualTo(AdmittedBuyers.NONE.estimatedBytes() + 160L * model.size());
    }

    /** Few places and times, so that the same place comes back and lapses tie. */
    @Provide
    Arbitrary<List<Change>> changes() {
        return Combinators.combine(Arbitraries.integers().between(0, 2), Arbitraries.longs().between(0, 40),
                Arbitraries.longs().between(1_000, 1_030)).as(Change::new).list();
    }
}
