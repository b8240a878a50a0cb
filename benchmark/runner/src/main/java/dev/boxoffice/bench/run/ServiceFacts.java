package dev.boxoffice.bench.run;

/** The BoxOffice service as this run started it; NaN when the run used --target. */
public record ServiceFacts(String target, double startMillis, double idleRssMiB, double maxRssMiB, String jvmOptions) {
}
