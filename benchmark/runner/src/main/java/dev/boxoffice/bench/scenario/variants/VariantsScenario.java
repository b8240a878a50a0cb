package dev.boxoffice.bench.scenario.variants;

import dev.boxoffice.bench.measure.StepOptions;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import dev.boxoffice.bench.scenario.contention.ContentionOptions;
import dev.boxoffice.bench.scenario.journeys.JourneysOptions;
import dev.boxoffice.bench.scenario.serial.SerialOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The service against other execution and persistence models: serial, contention and journeys against each variant
 * ({@link VariantsRun}), the variants matrix and its ratios to the service.
 */
public final class VariantsScenario extends Scenario<VariantsResult> {

    private static final Set<String> COMBINES_WITH = Set.of("variants", "limits", "dispatch");

    public VariantsScenario() {
        super("variants", "serial, contention and journeys against each variant of the service (only when named)",
                VariantsResult.class, VariantsOptions.class, Target.OWN, false);
    }

    @Override
    public void check(Selection selection) {
        VariantsOptions options = selection.options(VariantsOptions.class);
        if (!selection.runs(name())) {
            if (options.baseline().isPresent()) {
                throw new IllegalArgumentException("--baseline is a variant: it needs the variants scenario");
            }
            return;
        }
        if (!COMBINES_WITH.containsAll(selection.names())) {
            throw new IllegalArgumentException("variants runs serial, contention and journeys against each variant itself;"
                    + " it combines with limits and dispatch only");
        }
        if (selection.run().cluster() || selection.run().target().isPresent()) {
            throw new IllegalArgumentException("variants starts each variant itself, one node: no --nodes, no --target");
        }
        VariantsOptions.check(options);
    }

    @Override
    public double plannedSeconds(Selection selection) {
        VariantsOptions options = selection.options(VariantsOptions.class);
        StepOptions steps = selection.steps();
        int stepsPerVariant = selection.options(SerialOptions.class).rates().size()
                + selection.options(ContentionOptions.class).rates().size()
                + selection.options(JourneysOptions.class).rates().size() + (selection.run().profile() ? 1 : 0)
                + (steps.repeatMissed() > 0 ? 3 : 0); // a last try per scenario
        // scenario by scenario, a step of each in turn: each waits up to a few seconds for the previous variant to be idle; 1 s is typical
        return VariantsOptions.measured(options).size() * (15 + 3 * steps.warmupSeconds() + stepsPerVariant * (steps.stepSeconds() + 2));
    }

    @Override
    public VariantsResult run(Run run) {
        VariantsOptions options = run.options(VariantsOptions.class);
        Baseline baseline = null;
        if (options.baseline().isPresent()) {
            run.progress().phase("baseline: exporting and building the service at " + options.baseline().get());
            // On every core: the build is not measured, and on the load generator's cores alone it took twice as long.
            baseline = Baseline.build(run.repository(), options.baseline().get(), run.bench().logDirectory(),
                    run.pinning().everyCorePrefix());
            run.progress().info(baseline.describe() + ", built in " + baseline.root());
        }
        run.bench().warmupRate(options.warmupRate());
        return new VariantsResult(new VariantsRun(run, options, baseline).measure());
    }

    @Override
    public List<StepResult> steps(VariantsResult result) {
        List<StepResult> steps = new ArrayList<>();
        for (VariantResult v : result.variants()) { // listed as "worker/serial"
            List<StepResult> own = new ArrayList<>(v.serial().attempts());
            own.addAll(v.contention().attempts());
            own.addAll(v.journeys().stepped().attempts());
            if (v.profileStep() != null) {
                own.add(v.profileStep());
            }
            own.forEach(step -> steps.add(step.as(v.name() + "/" + step.scenario())));
        }
        return steps;
    }

    @Override
    public List<SummaryRow> summary(VariantsResult result, RunResult run) {
        return VariantsReport.summary(result.variants());
    }

    @Override
    public List<Section> sections(VariantsResult result, RunResult run) {
        return result.variants().isEmpty() ? List.of() : List.of(VariantsReport.section(result.variants()));
    }

    @Override
    public Map<String, Double> figures(VariantsResult result) {
        Map<String, Double> figures = new LinkedHashMap<>();
        for (VariantResult v : result.variants()) {
            figures.put("Variant " + v.name() + ": serial capacity, req/s", v.serial().capacityRps());
            figures.put("Variant " + v.name() + ": contention capacity, req/s", v.contention().capacityRps());
            figures.put("Variant " + v.name() + ": journeys capacity, journeys/s", v.journeys().stepped().capacityRps());
            figures.put("Variant " + v.name() + ": RSS under load, MiB", v.maxRssMiB());
        }
        return figures;
    }
}
