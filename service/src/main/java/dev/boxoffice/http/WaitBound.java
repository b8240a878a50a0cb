package dev.boxoffice.http;

/**
 * How long the oldest request in flight may have waited before new ones are refused: longer while the service warms
 * up (a cold JVM serves its first requests many times slower while its JIT compiles), the steady bound after, and a
 * shorter one while its CPU quota throttles it once warm (it is at its capacity: a longer wait serves no more).
 *
 * @param steadyNanos    the bound once warm
 * @param warmingUpNanos the bound while warming up (never below the steady one)
 * @param throttledNanos the bound once warm while the CPU quota throttles the service (never above the steady one)
 * @param warmUntilNanos when warming up ends, in {@link System#nanoTime()}'s terms
 */
record WaitBound(long steadyNanos, long warmingUpNanos, long throttledNanos, long warmUntilNanos) {

    WaitBound {
        warmingUpNanos = Math.max(steadyNanos, warmingUpNanos);
        throttledNanos = Math.min(steadyNanos, throttledNanos);
    }

    long at(long nowNanos, boolean throttled) {
        if (warmingUp(nowNanos)) {
            return warmingUpNanos;
        }
        return throttled ? throttledNanos : steadyNanos;
    }

    boolean warmingUp(long nowNanos) {
        return nowNanos - warmUntilNanos < 0;
    }
}
