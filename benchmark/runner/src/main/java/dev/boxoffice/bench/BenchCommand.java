package dev.boxoffice.bench;

import dev.boxoffice.bench.measure.StepOptions;
import dev.boxoffice.bench.run.RunOptions;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./boxoffice bench [scenario...] [--option value...]}: the run's options, the shared step options and every
 * scenario's own, each declared beside what it sets; {@code --help} lists them all.
 */
@Command(name = "./boxoffice bench", usageHelpWidth = BenchCommand.HELP_WIDTH, abbreviateSynopsis = true, showDefaultValues = true, subcommands = Compare.Command.class,
        description = "Runs the benchmark and writes a report (bench-results/<date-time>/report.html).%n")
final class BenchCommand implements Callable<Integer> {

    static final int HELP_WIDTH = 120;

    @Parameters(paramLabel = "SCENARIO", arity = "0..*", showDefaultValue = CommandLine.Help.Visibility.NEVER,
            description = "scenarios to run, in any order; they run in the order listed above")
    private List<String> named = new ArrayList<>();

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help")
    private boolean help;

    @Spec
    private CommandSpec spec;

    private final RunOptions run = new RunOptions();
    private final List<Scenario<?>> scenarios = Scenarios.all();

    /** The command line with every option of the run, the steps and the scenarios. */
    static CommandLine create() {
        BenchCommand command = new BenchCommand();
        CommandLine cli = new CommandLine(command);
        cli.addMixin("run", command.run);
        cli.addMixin("steps", CommandSpec.forAnnotatedObject(StepOptions.class));
        for (Scenario<?> scenario : command.scenarios) {
            if (scenario.optionsType() != null) {
                cli.addMixin(scenario.name(), CommandSpec.forAnnotatedObject(scenario.optionsType()));
            }
        }
        List<String> list = new ArrayList<>(List.of("Scenarios (default: those marked *), in the order they run:"));
        list.addAll(scenarioTable(command.scenarios));
        list.add("With --nodes N (2 or more), serial and contention run against 1 node direct, 1 node through HAProxy and N");
        list.add("nodes through HAProxy; the other scenarios against the N nodes.%n");
        cli.getCommandSpec().usageMessage().description(list.toArray(String[]::new));
        return cli;
    }

    /** A scenario a row, its summary wrapped within the help's width beside the name (picocli formats the lines). */
    private static List<String> scenarioTable(List<Scenario<?>> scenarios) {
        int nameWidth = 15;
        TextTable table = TextTable.forColumns(Help.defaultColorScheme(Help.Ansi.OFF),
                new Column(nameWidth, 2, Column.Overflow.SPAN), new Column(HELP_WIDTH - nameWidth, 1, Column.Overflow.WRAP));
        scenarios.forEach(s -> table.addRowValues((s.runsByDefault() ? "* " : "  ") + s.name(), s.summary()));
        // The lines become the description, which picocli formats: a % of a summary must stay a %.
        return table.toString().lines().map(line -> line.stripTrailing().replace("%", "%%")).toList();
    }

    /** The selection a command line makes, without running it. */
    static Selection parse(List<String> args) {
        CommandLine cli = create();
        cli.parseArgs(args.toArray(String[]::new));
        return ((BenchCommand) cli.getCommand()).selection();
    }

    @Override
    public Integer call() {
        Path repository = Path.of(System.getProperty("boxoffice.repo", "."));
        Selection selection = selection();
        if (run.runs() == 1) {
            new BenchRun(selection, repository).run();
            return 0;
        }
        // Each run starts everything anew (fresh databases, fresh JVMs); the comparison is of their results.
        Path parent = run.out();
        List<Path> folders = new ArrayList<>();
        for (int i = 1; i <= run.runs(); i++) {
            Path folder = parent.resolve("run-" + i);
            run.writeInto(folder);
            new BenchRun(selection, repository).run();
            folders.add(folder);
        }
        System.out.println(Compare.write(folders, parent));
        System.out.println("Comparison of the " + folders.size() + " runs: " + parent.resolve("compare.html").toAbsolutePath());
        return 0;
    }

    /** What the command line asked for, checked: the scenarios named (else those run by default) and every option. */
    Selection selection() {
        List<String> known = scenarios.stream().map(Scenario::name).toList();
        for (String name : named) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException("unknown scenario '" + name + "'; scenarios: " + String.join(", ", known));
            }
        }
        List<Scenario<?>> chosen = scenarios.stream().filter(named.isEmpty() ? Scenario::runsByDefault : s -> named.contains(s.name()))
                .toList();
        Map<Class<?>, Object> options = new LinkedHashMap<>();
        scenarios.stream().filter(s -> s.optionsType() != null)
                .forEach(s -> options.put(s.optionsType(), spec.mixins().get(s.name()).userObject()));
        Map<String, String> values = new LinkedHashMap<>();
        values.put("scenarios", String.join(" ", chosen.stream().map(Scenario::name).toList()));
        for (OptionSpec option : spec.options()) {
            if (!option.usageHelp()) {
                values.put(name(option), valueOf(option));
            }
        }
        StepOptions steps = (StepOptions) spec.mixins().get("steps").userObject();
        Selection selection = new Selection(chosen, run, steps, options, values);
        scenarios.forEach(scenario -> scenario.check(selection));
        return selection;
    }

    /**
     * The options of a run as a command line gives them: the scenarios, then every option set to other than its
     * default (the run folder aside), in alphabetical order, so that a report says how to run it again.
     */
    static String commandLine(Map<String, String> values) {
        StringBuilder line = new StringBuilder(values.getOrDefault("scenarios", ""));
        List<OptionSpec> options = new ArrayList<>(create().getCommandSpec().options());
        options.sort(java.util.Comparator.comparing(BenchCommand::name));
        for (OptionSpec option : options) {
            String name = name(option);
            String value = values.get(name);
            String byDefault = option.defaultValue() == null ? (option.arity().max() == 0 ? "false" : "") : option.defaultValue();
            if (!name.equals("out") && value != null && !value.equals(byDefault)) {
                line.append(" --").append(name).append(option.arity().max() == 0 ? "" : " " + value);
            }
        }
        return line.toString().strip();
    }

    private static String name(OptionSpec option) {
        return option.longestName().replaceFirst("^--", "");
    }

    private String valueOf(OptionSpec option) {
        if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
            return option.arity().max() == 0 ? "true" : String.join(",", option.originalStringValues());
        }
        return option.defaultValue() != null ? option.defaultValue() : option.arity().max() == 0 ? "false" : "";
    }
}
