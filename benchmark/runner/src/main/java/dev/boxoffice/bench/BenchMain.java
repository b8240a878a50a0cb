package dev.boxoffice.bench;

import picocli.CommandLine;

/** {@code ./boxoffice bench ...}: run the benchmark, or compare run folders. */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) {
        CommandLine cli = BenchCommand.create();
        cli.setParameterExceptionHandler((e, arguments) -> usageError(e.getMessage()));
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof IllegalArgumentException) {
                return usageError(e.getMessage());
            }
            throw e;
        });
        System.exit(cli.execute(args)); // the embedded PostgreSQL's reaper threads would otherwise keep the JVM alive
    }

    private static int usageError(String message) {
        System.err.println("bench: " + message + " (see ./boxoffice bench --help)");
        return 2;
    }
}
