package dev.boxoffice.bench.measure;

/**
 * A variant's place among several measured in {@link Turns}: {@code leaving} runs as it hands over after a step,
 * {@code coming} when its turn has come round again (a variants run holds a waiting variant's processes still in
 * between, and points the resource probe at the one whose turn it is).
 */
public record Turn(Turns turns, Runnable leaving, Runnable coming) {
}
