package dev.boxoffice.bench;

import dev.boxoffice.bench.report.Compare;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** {@code ./boxoffice bench ...}: run the benchmark, or compare run folders. */
public final class BenchMain {

    private static final String COMPARE_USAGE = "usage: ./boxoffice bench compare RUN_FOLDER RUN_FOLDER [RUN_FOLDER...] [--out FOLDER]";

    private BenchMain() {
    }

    public static void main(String[] args) {
        List<String> arguments = Arrays.asList(args);
        if (arguments.contains("--help") || arguments.contains("-h")) {
            System.out.print(BenchOptions.help());
            return;
        }
        try {
            if (!arguments.isEmpty() && arguments.get(0).equals("compare")) {
                compare(arguments.subList(1, arguments.size()));
            } else {
                new BenchRun(BenchOptions.parse(arguments), Path.of(System.getProperty("boxoffice.repo", "."))).run();
            }
        } catch (IllegalArgumentException e) {
            System.err.println("bench: " + e.getMessage());
            System.exit(2);
        }
        System.exit(0); // the embedded PostgreSQL's reaper threads would otherwise keep the JVM alive
    }

    private static void compare(List<String> args) {
        List<String> folders = args;
        Path out = null;
        int outAt = args.indexOf("--out");
        if (outAt >= 0) {
            if (outAt != args.size() - 2) {
                throw new IllegalArgumentException(COMPARE_USAGE);
            }
            out = Path.of(args.get(outAt + 1));
            folders = args.subList(0, outAt);
        }
        if (folders.size() < 2 || folders.stream().anyMatch(f -> f.startsWith("-"))) {
            throw new IllegalArgumentException(COMPARE_USAGE);
        }
        List<Path> runs = folders.stream().map(Path::of).toList();
        Path into = out == null ? runs.get(runs.size() - 1) : out;
        System.out.println(Compare.write(runs, into));
        System.out.println("Comparison: " + into.resolve("compare.html").toAbsolutePath());
    }
}
