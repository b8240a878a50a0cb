package dev.boxoffice.bench.scenario.variants;

import static dev.boxoffice.bench.report.Format.num;
import static dev.boxoffice.bench.report.Format.ratio;

import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.report.Chart;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SteppedReport;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.report.Table;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The variants of the service side by side: the matrix of their figures, their ratios to the service, charts. */
final class VariantsReport {

    /** The scenarios every variant runs, and how each variant's result of it is found. */
    private record Scenario(String name, String unit, Function<VariantResult, SteppedResult> result) {
    }

    private static final List<Scenario> SCENARIOS = List.of(
            new Scenario("serial", "req/s", VariantResult::serial),
            new Scenario("contention", "req/s", VariantResult::contention),
            new Scenario("journeys", "journeys/s", v -> v.journeys() == null ? null : v.journeys().stepped()));

    /** Variants that differ only in the commit, a commit per request first: the steps of the service's lead. */
    static final List<List<String>> COMMIT_PAIRS = List.of(
            List.of("virtual-threads", "virtual-threads-shared-commit"), List.of("worker", "worker-shared-commit"));

    private VariantsReport() {
    }

    static List<SummaryRow> summary(List<VariantResult> variants) {
        List<SummaryRow> rows = new ArrayList<>();
        VariantResult base = reactive(variants);
        for (VariantResult v : variants) {
            List<String> capacities = new ArrayList<>();
            for (Scenario s : SCENARIOS) {
                SteppedResult result = s.result().apply(v);
                if (result != null) {
                    capacities.add(s.name() + " " + SteppedReport.capacity(result)
                            + (base == null || v == base ? "" : " (" + ratio(result.capacityRps() / s.result().apply(base).capacityRps()) + ")"));
                }
            }
            rows.add(new SummaryRow("Variant " + v.name() + ": capacity", String.join("; ", capacities),
                    base == null || v == base ? v.settings() : "ratios to reactive in brackets"));
        }
        return rows;
    }

    static Section section(List<VariantResult> variants) {
        VariantResult base = reactive(variants);
        List<Double> rates = commonRates(variants);
        List<String> header = new ArrayList<>(List.of("Variant"));
        header.addAll(figureNames(rates));
        Table matrix = new Table(header.toArray(String[]::new));
        Table ratios = new Table(header.toArray(String[]::new));
        for (VariantResult v : variants) {
            matrix.row(cells(v, rates).toArray(String[]::new));
            if (base != null) {
                List<Double> mine = values(v, rates);
                List<Double> theirs = values(base, rates);
                List<String> row = new ArrayList<>(List.of(v.name() + " / reactive"));
                for (int i = 0; i < mine.size(); i++) {
                    row.add(ratio(mine.get(i) / theirs.get(i)));
                }
                ratios.row(row.toArray(String[]::new));
            }
        }
        Table settings = new Table("Variant", "What it runs on", "CPU profile at " + "the profile rate");
        variants.forEach(v -> settings.row(v.name(), v.settings(), v.flameGraph() == null ? "–"
                : v.flameGraph() + " (serial at " + num(v.profileStep().offeredRps(), 0) + " req/s: p99 "
                        + num(v.profileStep().latency().p99(), 2) + " ms, service " + num(v.profileStep().cpu().service(), 0) + " % of a core)"));
        List<String> charts = new ArrayList<>();
        List<String> names = variants.stream().map(VariantResult::name).toList();
        charts.add(Chart.bars("Capacity by scenario", "per second", names, SCENARIOS.stream()
                .map(s -> SteppedReport.series(s.name() + " (" + s.unit() + ")", variants, v -> capacity(s, v))).toList(), false));
        for (Scenario s : SCENARIOS) {
            charts.add(Chart.line(s.name() + ": p99 per step, by variant", "offered " + s.unit(), "ms (log scale)",
                    variants.stream().filter(v -> s.result().apply(v) != null)
                            .map(v -> SteppedReport.points(v.name(), s.result().apply(v).steps(), StepResult::offeredRps,
                                    step -> step.latency().p99())).toList(), true, 50, "SLO"));
        }
        String text = "Each variant in a JVM of its own (the service's JVM options) on the same cores: serial, contention"
                + " and journeys, each with its warm-up. On the embedded database every variant has a PostgreSQL server of"
                + " its own, and all of them are started first, then measured scenario by scenario, a step of each variant in"
                + " turn (each step starting once the previous variant's service and server are idle), the others held still"
                + " (SIGSTOP) until their turn, so that a drift of the host's speed falls on every variant alike and no"
                + " variant's background work falls in another's step; an external database is shared, and the variants"
                + " are measured one after another."
                + " Capacity: " + SteppedReport.CAPACITY_RULE + ". The p99 columns compare every variant at one rate: the highest rate that"
                + " every variant ran and met (else the lowest they all ran). CPU per 1000 requests is CPU time over"
                + " answered requests at that serial rate. Start: launch to ready, every variant without an AOT cache"
                + " (the service too: only its jar has one recorded)."
                + " Ratios are to reactive, the service itself."
                + (variants.stream().anyMatch(v -> v.name().equals(VariantsOptions.BASELINE)) ? " baseline is the service built from"
                        + " another git revision (see its settings): its ratios to reactive are what the change between the"
                        + " two did, measured in one run (baseline / reactive below 1 on capacity, or above 1 on latency, CPU"
                        + " and memory, means this checkout's service does better)." : "");
        List<Table> tables = new ArrayList<>(List.of(matrix, ratios));
        decomposition(variants, rates).ifPresent(steps -> tables.add(steps));
        tables.add(settings);
        return new Section("Variants: execution model and persistence model", text + (tables.size() > 3 ? DECOMPOSITION_TEXT : ""),
                charts, tables);
    }

    private static final String DECOMPOSITION_TEXT = " Where the service's lead over blocking code comes from: each pair of"
            + " variants that differs only in the commit, then the service, step by step; each row is the ratio of a figure"
            + " after the step to before it (above 1 on capacity, below 1 on p99, CPU and memory: the step helps), and the"
            + " two steps multiply to the whole lead.";

    /** Per commit pair present with the service: the commit shared, then the event loop, then both, as ratios. */
    static Optional<Table> decomposition(List<VariantResult> variants, List<Double> rates) {
        VariantResult service = reactive(variants);
        if (service == null) {
            return Optional.empty();
        }
        List<String> header = new ArrayList<>(List.of("Step"));
        header.addAll(figureNames(rates));
        Table steps = new Table(header.toArray(String[]::new));
        for (List<String> pair : COMMIT_PAIRS) {
            Optional<VariantResult> perRequest = named(variants, pair.get(0));
            Optional<VariantResult> shared = named(variants, pair.get(1));
            if (perRequest.isPresent() && shared.isPresent()) {
                List<Double> before = values(perRequest.get(), rates);
                List<Double> between = values(shared.get(), rates);
                List<Double> after = values(service, rates);
                steps.row(ratios(pair.get(0) + " → " + pair.get(1) + " (the commit shared)", between, before));
                steps.row(ratios(pair.get(1) + " → reactive (the event loop)", after, between));
                steps.row(ratios(pair.get(0) + " → reactive (both)", after, before));
            }
        }
        return steps.isEmpty() ? Optional.empty() : Optional.of(steps);
    }

    private static String[] ratios(String label, List<Double> after, List<Double> before) {
        List<String> row = new ArrayList<>(List.of(label));
        for (int i = 0; i < after.size(); i++) {
            row.add(ratio(after.get(i) / before.get(i)));
        }
        return row.toArray(String[]::new);
    }

    private static Optional<VariantResult> named(List<VariantResult> variants, String name) {
        return variants.stream().filter(v -> v.name().equals(name)).findFirst();
    }

    /** The matrix's cells of one variant: the figures of {@link #values}, formatted. */
    private static List<String> cells(VariantResult v, List<Double> rates) {
        List<Double> values = values(v, rates);
        List<String> row = new ArrayList<>(List.of(v.name()));
        for (int i = 0; i < values.size(); i++) {
            double value = values.get(i);
            row.add(num(value, value < 10 ? 2 : 0));
        }
        return row;
    }

    /** The names of the figures of {@link #values}, at the scenarios' common rates. */
    static List<String> figureNames(List<Double> rates) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < SCENARIOS.size(); i++) {
            names.add(SCENARIOS.get(i).name() + " capacity " + SCENARIOS.get(i).unit());
            names.add(SCENARIOS.get(i).name() + " p99 ms at " + num(rates.get(i), 0));
        }
        names.addAll(List.of("Service CPU ms per 1000 req (serial at " + num(rates.get(0), 0) + ")",
                "PostgreSQL CPU ms per 1000 req (same)", "RSS under load MiB", "Start ms"));
        return names;
    }

    /**
     * Per scenario: capacity, p99 at its rate in {@code rates} (one per scenario, see {@link #commonRates}); then
     * service and PostgreSQL CPU per 1000 requests at the serial rate, RSS under load, start.
     */
    static List<Double> values(VariantResult v, List<Double> rates) {
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < SCENARIOS.size(); i++) {
            values.add(capacity(SCENARIOS.get(i), v));
            values.add(at(SCENARIOS.get(i), v, rates.get(i)).map(step -> step.latency().p99()).orElse(Double.NaN));
        }
        Optional<StepResult> serial = at(SCENARIOS.get(0), v, rates.get(0));
        values.add(serial.map(step -> cpuMillisPer1000(step, step.cpu().service())).orElse(Double.NaN));
        values.add(serial.map(step -> cpuMillisPer1000(step, step.cpu().database())).orElse(Double.NaN));
        values.add(v.maxRssMiB());
        values.add(v.startMillis());
        return values;
    }

    /** CPU milliseconds spent per 1000 answered requests, from a share of one core in percent. */
    private static double cpuMillisPer1000(StepResult step, double percentOfCore) {
        return step.achievedRps() > 0 ? percentOfCore / 100 / step.achievedRps() * 1_000_000 : Double.NaN;
    }

    private static double capacity(Scenario s, VariantResult v) {
        SteppedResult result = s.result().apply(v);
        return result == null ? Double.NaN : result.capacityRps();
    }

    /** Per scenario, the rate at which the variants' p99 and CPU compare: see {@link #commonRate}. */
    static List<Double> commonRates(List<VariantResult> variants) {
        return SCENARIOS.stream().map(s -> commonRate(variants, s)).toList();
    }

    /**
     * The highest rate that every variant ran and met in this scenario (refinement gives each variant rates of its
     * own, so a rate met by one may not have been run by another); else the lowest rate they all ran.
     */
    private static double commonRate(List<VariantResult> variants, Scenario s) {
        List<SteppedResult> results = variants.stream().map(s.result()).filter(r -> r != null).toList();
        if (results.isEmpty()) {
            return Double.NaN;
        }
        Set<Double> metByAll = new HashSet<>(metRates(results.get(0)));
        results.forEach(r -> metByAll.retainAll(metRates(r)));
        if (!metByAll.isEmpty()) {
            return Collections.max(metByAll);
        }
        return results.stream().mapToDouble(r -> r.steps().isEmpty() ? Double.NaN : r.steps().get(0).offeredRps())
                .max().orElse(Double.NaN);
    }

    private static Set<Double> metRates(SteppedResult result) {
        return result.steps().stream().filter(step -> step.meets(result.sloMillis())).map(StepResult::offeredRps)
                .collect(Collectors.toSet());
    }

    private static Optional<StepResult> at(Scenario s, VariantResult v, double rate) {
        SteppedResult result = s.result().apply(v);
        return result == null ? Optional.empty() : result.steps().stream().filter(step -> step.offeredRps() == rate).findFirst();
    }

    static VariantResult reactive(List<VariantResult> variants) {
        return variants.stream().filter(v -> v.name().equals("reactive")).findFirst().orElse(null);
    }
}
