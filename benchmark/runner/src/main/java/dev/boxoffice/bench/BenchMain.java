package dev.boxoffice.bench;

import dev.boxoffice.bench.report.Compare;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** {@code ./boxoffice bench ...}: run the benchmark, or compare two run folders. */
public final class BenchMain {

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
        if (args.size() != 2 && !(args.size() == 4 && args.get(2).equals("--out"))) {
            throw new IllegalArgumentException("usage: ./boxoffice bench compare RUN_FOLDER_A RUN_FOLDER_B [--out FOLDER]");
        }
        Path a = Path.of(args.get(0));
        Path b = Path.of(args.get(1));
        Path out = args.size() == 4 ? Path.of(args.get(3)) : b;
        Path written = Compare.write(a, b, out);
        System.out.println(Compare.markdown(Compare.read(a), Compare.read(b), a.getFileName().toString(),
                b.getFileName().toString()));
        System.out.println("Comparison: " + written.toAbsolutePath());
    }
}
