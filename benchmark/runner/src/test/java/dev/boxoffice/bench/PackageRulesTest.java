package dev.boxoffice.bench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The runner's layering, checked on its compiled classes: the load generator and the system probes know nothing of
 * steps, results or reports; shared packages know no scenario; scenarios know no runner; and no package cycle.
 */
class PackageRulesTest {

    private static final JavaClasses RUNNER = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.boxoffice.bench");

    @Test
    void noPackageDependsOnItselfThroughOthers() {
        slices().matching("dev.boxoffice.bench.(*)..").should().beFreeOfCycles().check(RUNNER);
        slices().matching("dev.boxoffice.bench.scenario.(*)..").should().beFreeOfCycles().check(RUNNER);
    }

    @Test
    void theLoadGeneratorAndTheSystemProbesKnowNothingOfWhatIsMadeOfThem() {
        noClasses().that().resideInAnyPackage("..bench.load..", "..bench.system..")
                .should().dependOnClassesThat().resideInAnyPackage("..bench.measure..", "..bench.run..", "..bench.report..",
                        "..bench.scenario..", "..bench.client..")
                .check(RUNNER);
    }

    @Test
    void sharedPackagesKnowNoScenarioAndScenariosKnowNoRunner() {
        noClasses().that().resideInAnyPackage("..bench.load..", "..bench.system..", "..bench.measure..", "..bench.run..",
                        "..bench.report..", "..bench.client..")
                .should().dependOnClassesThat().resideInAPackage("..bench.scenario..").check(RUNNER);
        noClasses().that().resideInAPackage("..bench.scenario..")
                .should().dependOnClassesThat().resideInAPackage("dev.boxoffice.bench").check(RUNNER);
    }
}
