package dev.boxoffice.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import static dev.boxoffice.bench.BenchOptions.Scenario.CONTENTION;
import static dev.boxoffice.bench.BenchOptions.Scenario.DISPATCH;
import static dev.boxoffice.bench.BenchOptions.Scenario.LIMITS;
import static dev.boxoffice.bench.BenchOptions.Scenario.MEMORY;
import static dev.boxoffice.bench.BenchOptions.Scenario.SERIAL;
import static dev.boxoffice.bench.BenchOptions.Scenario.SURGE;
import static dev.boxoffice.bench.BenchOptions.Scenario.SWEEP;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {

    @Test
    void runsEveryScenarioInTheFixedOrderByDefault() {
        assertThat(BenchOptions.parse(List.of()).scenarios()).containsExactly(LIMITS, DISPATCH, SERIAL, CONTENTION, SURGE, SWEEP);
        assertThat(BenchOptions.parse(List.of("sweep", "serial")).scenarios()).containsExactly(SERIAL, SWEEP);
        assertThat(BenchOptions.parse(List.of("memory")).scenarios()).containsExactly(MEMORY);
    }

    @Test
    void takesValuesWithOrWithoutEqualsAndFlagsWithoutValue() {
        BenchOptions options = BenchOptions.parse(List.of("--serial-rates=1000,2500", "--seats", "10", "--keep-going"));
        assertThat(options.serial().rates()).containsExactly(1000.0, 2500.0);
        assertThat(options.serial().seats()).isEqualTo(10);
        assertThat(options.steps().keepGoing()).isTrue();
        assertThat(options.run().noPin()).isFalse();
        assertThat(options.inForce()).containsEntry("seats", "10").containsEntry("hot-seats", "500");
    }

    @Test
    void theCommandLineOfARunNamesItsScenariosAndEveryOptionChangedFromItsDefault() {
        BenchOptions options = BenchOptions.parse(List.of("variants", "--step-seconds", "10", "--keep-going",
                "--refine-percent", "5", "--out", "/tmp/run"));
        assertThat(BenchOptions.commandLine(options.inForce())).isEqualTo("variants --step-seconds 10 --keep-going");
    }

    @Test
    void capacityRefinementAndRepeatsCanBeTurnedOffButNotNegative() {
        BenchOptions options = BenchOptions.parse(List.of("--refine-percent", "0", "--repeat-missed", "0"));
        assertThat(options.steps().refinePercent()).isZero();
        assertThat(options.steps().repeatMissed()).isZero();
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--refine-percent", "-1")))
                .hasMessage("--refine-percent must be 0 or more");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--repeat-missed", "-1")))
                .hasMessage("--repeat-missed must be a whole number >= 0");
    }

    @Test
    void blankTextOptionsAreAbsentAndListsAreSplit() {
        BenchOptions options = BenchOptions.parse(List.of("--target", "http://host:8080/", "--service-jvm-options", " -Xmx256m  -XX:+UseSerialGC"));
        assertThat(options.run().target()).contains("http://host:8080");
        assertThat(options.run().databaseUrl()).isEmpty();
        assertThat(options.run().serviceJvmOptions()).containsExactly("-Xmx256m", "-XX:+UseSerialGC");
        assertThat(BenchOptions.parse(List.of()).run().serviceJvmOptions()).isEmpty();
    }

    @Test
    void refusesWhatItDoesNotKnowWithAClearMessage() {
        assertThatThrownBy(() -> BenchOptions.parse(List.of("seriall"))).hasMessageContaining("unknown scenario 'seriall'");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--rate", "5"))).hasMessageContaining("unknown option --rate");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--seats", "many"))).hasMessageContaining("--seats must be a whole number");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--step-seconds", "0"))).hasMessageContaining("greater than 0");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--sweep-connections", "1,x"))).hasMessageContaining("comma-separated");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--serial-rates", "1000,0"))).hasMessageContaining("--serial-rates must be");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--seats"))).hasMessageContaining("needs a value");
    }

    @Test
    void readsTheJourneyMixAndRefusesOneThatDoesNotAddUp() {
        var mix = BenchOptions.parse(List.of("--journeys-mix", "browse:50,book:50")).journeys().mix();
        assertThat(mix).containsExactly(Map.entry("browse", 50), Map.entry("book", 50), Map.entry("group", 0),
                Map.entry("book-cancel", 0), Map.entry("create", 0));
        assertThat(BenchOptions.parse(List.of()).journeys().mix().values()).containsExactly(55, 25, 10, 5, 5);
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--journeys-mix", "browse:60,book:50"))).hasMessageContaining("adding up to 100");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--journeys-mix", "shop:100"))).hasMessageContaining("names among browse");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--journeys-mix", "browse:x"))).hasMessageContaining("name:percent");
    }

    @Test
    void variantsRunAloneOnKnownVariants() {
        assertThat(BenchOptions.parse(List.of("variants")).variants().names()).containsExactlyElementsOf(BenchOptions.Variants.ALL);
        assertThat(BenchOptions.parse(List.of("limits", "variants", "--variants", "crud-worker,reactive")).variants().names())
                .containsExactly("crud-worker", "reactive");
        assertThat(BenchOptions.parse(List.of()).scenarios()).doesNotContain(BenchOptions.Scenario.VARIANTS, BenchOptions.Scenario.JOURNEYS);
        assertThatThrownBy(() -> BenchOptions.parse(List.of("variants", "serial"))).hasMessageContaining("combines with limits and dispatch only");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("variants", "--nodes", "3"))).hasMessageContaining("no --nodes");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("variants", "--variants", "reactive,blocking"))).hasMessageContaining("among reactive");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("variants", "--variants", "worker,worker"))).hasMessageContaining("each once");
    }

    @Test
    void aBaselineIsMeasuredRightAfterReactiveUnlessVariantsPlacesIt() {
        BenchOptions.Variants variants = BenchOptions.parse(List.of("variants", "--baseline", "main")).variants();
        assertThat(variants.baseline()).contains("main");
        assertThat(variants.names()).containsExactly("reactive", "baseline", "worker", "virtual-threads", "crud-worker", "crud-reactive");
        assertThat(BenchOptions.parse(List.of("variants", "--variants", "baseline,reactive", "--baseline", "v1")).variants().names())
                .containsExactly("baseline", "reactive");
        assertThat(BenchOptions.parse(List.of("variants", "--variants", "worker", "--baseline", "v1")).variants().names())
                .containsExactly("baseline", "worker");
        assertThat(BenchOptions.parse(List.of("variants")).variants().baseline()).isEmpty();
        assertThatThrownBy(() -> BenchOptions.parse(List.of("variants", "--variants", "reactive,baseline")))
                .hasMessageContaining("--baseline REVISION");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("serial", "--baseline", "main"))).hasMessageContaining("needs the variants scenario");
    }
}
