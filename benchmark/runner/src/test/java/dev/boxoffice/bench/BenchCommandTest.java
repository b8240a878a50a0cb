package dev.boxoffice.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.scenario.faults.FaultsOptions;
import dev.boxoffice.bench.scenario.journeys.JourneysOptions;
import dev.boxoffice.bench.scenario.serial.SerialOptions;
import dev.boxoffice.bench.scenario.variants.Baseline;
import dev.boxoffice.bench.scenario.variants.VariantsOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BenchCommandTest {

    @Test
    void runsTheDefaultScenariosInTheFixedOrderAndNamedOnesInThatOrderToo() {
        assertThat(parse().names()).containsExactly("limits", "dispatch", "serial", "contention", "surge", "sweep");
        assertThat(parse("sweep", "serial").names()).containsExactly("serial", "sweep");
        assertThat(parse("memory").names()).containsExactly("memory");
    }

    @Test
    void takesValuesWithOrWithoutEqualsAndFlagsWithoutValue() {
        Selection selection = parse("--serial-rates=1000,2500", "--seats", "10", "--keep-going");
        assertThat(selection.options(SerialOptions.class).rates()).containsExactly(1000.0, 2500.0);
        assertThat(selection.options(SerialOptions.class).seats()).isEqualTo(10);
        assertThat(selection.steps().keepGoing()).isTrue();
        assertThat(selection.run().noPin()).isFalse();
        assertThat(selection.values()).containsEntry("seats", "10").containsEntry("hot-seats", "500").containsEntry("keep-going", "true");
    }

    @Test
    void theCommandLineOfARunNamesItsScenariosAndEveryOptionChangedFromItsDefault() {
        Selection selection = parse("variants", "--step-seconds", "10", "--keep-going", "--refine-percent", "5", "--out", "/tmp/run");
        assertThat(BenchCommand.commandLine(selection.values())).isEqualTo("variants --keep-going --step-seconds 10");
    }

    @Test
    void capacityRefinementAndRepeatsCanBeTurnedOffButNotNegative() {
        Selection selection = parse("--refine-percent", "0", "--repeat-missed", "0");
        assertThat(selection.steps().refinePercent()).isZero();
        assertThat(selection.steps().repeatMissed()).isZero();
        assertThatThrownBy(() -> parse("--refine-percent", "-1")).hasMessageContaining("must be 0 or more");
        assertThatThrownBy(() -> parse("--repeat-missed", "-1")).hasMessageContaining("must be a whole number >= 0");
    }

    @Test
    void blankTextOptionsAreAbsentAndListsAreSplit() {
        Selection selection = parse("--target", "http://host:8080/", "--service-jvm-options", " -Xmx256m  -XX:+UseSerialGC");
        assertThat(selection.run().target()).contains("http://host:8080");
        assertThat(selection.run().databaseUrl()).isEmpty();
        assertThat(selection.run().serviceJvmOptions()).containsExactly("-Xmx256m", "-XX:+UseSerialGC");
        assertThat(parse().run().serviceJvmOptions()).isEmpty();
    }

    @Test
    void refusesWhatItDoesNotKnowWithAClearMessage() {
        assertThatThrownBy(() -> parse("seriall")).hasMessageContaining("unknown scenario 'seriall'");
        assertThatThrownBy(() -> parse("--rate", "5")).hasMessageContaining("Unknown option: '--rate'");
        assertThatThrownBy(() -> parse("--seats", "many")).hasMessageContaining("--seats").hasMessageContaining("must be a whole number");
        assertThatThrownBy(() -> parse("--step-seconds", "0")).hasMessageContaining("greater than 0");
        assertThatThrownBy(() -> parse("--sweep-connections", "1,x")).hasMessageContaining("--sweep-connections");
        assertThatThrownBy(() -> parse("--serial-rates", "1000,0")).hasMessageContaining("--serial-rates");
        assertThatThrownBy(() -> parse("--seats")).hasMessageContaining("Missing required parameter");
    }

    @Test
    void theVariantsJourneysLeaveHoldsOutWhichTheyDoNotImplement() {
        var seed = JourneysOptions.seedApi(parse().options(JourneysOptions.class));
        assertThat(seed.mix().shares().values()).containsExactly(55, 25, 10, 5, 5, 0, 0);
        assertThat(seed.rates()).isEqualTo(parse().options(JourneysOptions.class).rates());
        var noHolds = parse("--journeys-mix", "browse:50,book:50").options(JourneysOptions.class);
        assertThat(JourneysOptions.seedApi(noHolds).mix()).isEqualTo(noHolds.mix());
    }

    @Test
    void readsTheJourneyMixAndRefusesOneThatDoesNotAddUp() {
        var mix = parse("--journeys-mix", "browse:50,book:50").options(JourneysOptions.class).mix().shares();
        assertThat(mix).containsExactly(Map.entry("browse", 50), Map.entry("book", 50), Map.entry("group", 0),
                Map.entry("book-cancel", 0), Map.entry("create", 0), Map.entry("hold-confirm", 0), Map.entry("hold-expire", 0));
        assertThat(parse().options(JourneysOptions.class).mix().shares().values()).containsExactly(50, 20, 10, 5, 5, 9, 1);
        assertThatThrownBy(() -> parse("--journeys-mix", "browse:60,book:50")).hasMessageContaining("adding up to 100");
        assertThatThrownBy(() -> parse("--journeys-mix", "shop:100")).hasMessageContaining("names among browse");
        assertThatThrownBy(() -> parse("--journeys-mix", "browse:x")).hasMessageContaining("name:percent");
    }

    @Test
    void variantsRunAloneOnKnownVariants() {
        assertThat(variants("variants")).containsExactlyElementsOf(VariantsOptions.ALL);
        assertThat(variants("limits", "variants", "--variants", "crud-worker,reactive")).containsExactly("crud-worker", "reactive");
        assertThat(parse().names()).doesNotContain("variants", "journeys");
        assertThatThrownBy(() -> parse("variants", "serial")).hasMessageContaining("combines with limits and dispatch only");
        assertThatThrownBy(() -> parse("variants", "--nodes", "3")).hasMessageContaining("no --nodes");
        assertThatThrownBy(() -> parse("variants", "--variants", "reactive,blocking")).hasMessageContaining("among reactive");
        assertThatThrownBy(() -> parse("variants", "--variants", "worker,worker")).hasMessageContaining("each once");
    }

    @Test
    void aBaselineIsMeasuredRightAfterReactiveUnlessVariantsPlacesIt() {
        assertThat(parse("variants", "--baseline", "main").options(VariantsOptions.class).baseline()).contains("main");
        assertThat(variants("variants", "--baseline", "main"))
                .containsExactly("reactive", "baseline", "worker", "virtual-threads", "worker-shared-commit",
                        "virtual-threads-shared-commit", "crud-worker", "crud-virtual-threads", "crud-reactive");
        assertThat(variants("variants", "--variants", "baseline,reactive", "--baseline", "v1")).containsExactly("baseline", "reactive");
        assertThat(variants("variants", "--variants", "worker", "--baseline", "v1")).containsExactly("baseline", "worker");
        assertThat(parse("variants").options(VariantsOptions.class).baseline()).isEmpty();
        assertThatThrownBy(() -> parse("variants", "--variants", "reactive,baseline")).hasMessageContaining("--baseline REVISION");
        assertThatThrownBy(() -> parse("serial", "--baseline", "main")).hasMessageContaining("needs the variants scenario");
    }

    @Test
    void theReferenceBuildIsNamedOnceAndARunCanBeRepeated() {
        assertThat(Baseline.revisionOf("reference")).isEqualTo(Baseline.REFERENCE);
        assertThat(Baseline.revisionOf("main")).isEqualTo("main");
        assertThat(parse("variants", "--baseline", "reference", "--runs", "5").run().runs()).isEqualTo(5);
        assertThat(parse("serial").run().runs()).isEqualTo(1);
        assertThatThrownBy(() -> parse("serial", "--runs", "0")).isInstanceOf(Exception.class);
    }

    @Test
    void failoverNeedsSeveralNodesAndItsMomentsInOrder() {
        assertThatThrownBy(() -> parse("failover")).hasMessageContaining("--nodes 2 or more");
        assertThatThrownBy(() -> parse("failover", "--nodes", "2", "--failover-kill-at", "25"))
                .hasMessageContaining("--failover-kill-at < --failover-restart-at < --failover-seconds");
        assertThat(parse("serial", "failover", "--nodes", "3").names()).containsExactly("serial", "failover");
    }

    @Test
    void aDatabaseFailoverNeedsItsMomentsInOrderAndOneServerLeft() {
        assertThatThrownBy(() -> parse("dbfailover", "--dbfailover-servers-lost", "3"))
                .hasMessageContaining("--dbfailover-servers-lost is 1 or 2");
        assertThatThrownBy(() -> parse("dbfailover", "--dbfailover-kill-at", "25"))
                .hasMessageContaining("--dbfailover-kill-at + 20 s < --dbfailover-switchover-at");
        assertThatThrownBy(() -> parse("dbfailover", "--dbfailover-seconds", "45"))
                .hasMessageContaining("--dbfailover-switchover-at + 10 s < --dbfailover-seconds");
        assertThat(parse("serial", "dbfailover").names()).containsExactly("serial", "dbfailover");
    }

    @Test
    void faultsNameKnownKindsAndHistoriesLongEnoughForARound() {
        assertThatThrownBy(() -> parse("faults", "--faults-kinds", "kill,flood")).hasMessageContaining("no fault kind flood");
        assertThatThrownBy(() -> parse("faults", "--faults-seconds", "10")).hasMessageContaining("--faults-seconds is 20 or more");
        assertThatThrownBy(() -> parse("faults", "--faults-seats", "1")).hasMessageContaining("--faults-seats is 2 or more");
        assertThat(parse("faults", "--faults-kinds", "pause").options(FaultsOptions.class).kinds()).containsExactly("pause");
        assertThat(parse().names()).as("only when named").doesNotContain("faults");
    }

    @Test
    void aHallsSeatsFillWholeRowsAStadiumsWholeReservationsAndGroupsAreOfTwentyAtMost() {
        assertThatThrownBy(() -> parse("hall", "--hall-seats", "1020")).hasMessageContaining("--hall-seats must be a multiple of 50");
        assertThatThrownBy(() -> parse("hall", "--hall-stadium-seats", "150"))
                .hasMessageContaining("--hall-stadium-seats must be a multiple of 100 up to 100000");
        assertThatThrownBy(() -> parse("hall", "--hall-stadium-seats", "100100")).hasMessageContaining("up to 100000");
        assertThat(parse("hall", "--hall-stadium-seats", "10000").names()).containsExactly("hall");
        assertThatThrownBy(() -> parse("hall", "--hall-decisions-together", "4,21")).hasMessageContaining("at most 20");
        assertThat(parse("hall", "--hall-decisions-together", "4,8").names()).containsExactly("hall");
        assertThatThrownBy(() -> parse("hall", "--hall-half-capacity-seconds", "0")).hasMessageContaining("must be a whole number >= 1");
    }

    @Test
    void aColdStartNeedsARateOrTheSerialCapacityOfTheSameRun() {
        assertThatThrownBy(() -> parse("coldstart")).hasMessageContaining("coldstart needs --coldstart-rate");
        assertThat(parse("serial", "coldstart").names()).containsExactly("serial", "coldstart");
        assertThat(parse("coldstart", "--coldstart-rate", "100").names()).containsExactly("coldstart");
    }

    @Test
    void theHelpListsEveryScenarioAndEveryOption() {
        ByteArrayOutputStream help = new ByteArrayOutputStream();
        BenchCommand.create().usage(new PrintStream(help));
        assertThat(help.toString()).contains("* serial", "  journeys", "--serial-rates", "--surge-factor", "--variants",
                "--slo-ms", "--nodes", "compare");
        // Within its width: a long summary goes on under its own column, not back at the margin.
        assertThat(help.toString().lines()).allSatisfy(line -> assertThat(line).hasSizeLessThanOrEqualTo(BenchCommand.HELP_WIDTH));
        assertThat(help.toString()).containsPattern("\\n    memory {6}shows far past the memory budget[^\\n]*\\n {17,}\\S");
    }

    private static Selection parse(String... args) {
        try {
            return BenchCommand.parse(List.of(args));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    private static List<String> variants(String... args) {
        return VariantsOptions.measured(parse(args).options(VariantsOptions.class));
    }
}
