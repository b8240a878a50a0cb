package dev.boxoffice.http;

/**
 * How long the oldest request in flight may have waited before new ones are refused: longer while the service warms
 * up (a cold JVM serves its first requests many times slower while its JIT compiles), the steady bound after.
 *
 * @param steadyNanos    the bound once warm
 * @param warmingUpNanos the bound while warming up (never below the steady one)
 * @param warmUntilNanos when warming up ends, in {@link System#nanoTime()}'s terms
 */
record WaitBound(long steadyNanos, long warmingUpNanos, long warmUntilNanos) {

    WaitBound {
        warmingUpNanos = Math.max(steadyNanos, warmingUpNanos);
    }

    long at(long nowNanos) {
        return nowNanos - warmUntilNanos < 0 ? warmingUpNanos : steadyNanos;
    }
}
