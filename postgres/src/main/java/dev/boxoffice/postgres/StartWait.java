package dev.boxoffice.postgres;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * How long a process that starts waits for its database while the failure passes ({@link ConnectionProblem#passing}:
 * a server starting, restarting or still electing its primary, a proxy moving to the new one): tried again every
 * 250 ms, saying so every 5 s, until the bound; a wrong setting is named at once. The bound is
 * {@code BOXOFFICE_DATABASE_START_WAIT} (or the system property {@code boxoffice.database.start-wait}): {@code 60s},
 * {@code 2m}, {@code 0} for one try.
 */
public final class StartWait {

    public static final Duration DEFAULT = Duration.ofSeconds(60);
    private static final Duration PAUSE = Duration.ofMillis(250);
    private static final Duration SAY_EVERY = Duration.ofSeconds(5);

    /** One try at the database. */
    @FunctionalInterface
    public interface Attempt<T> {
        T run() throws Exception;
    }

    private StartWait() {
    }

    /** The configured bound, or {@link #DEFAULT}. */
    public static Duration configured() {
        String value = System.getProperty("boxoffice.database.start-wait", System.getenv("BOXOFFICE_DATABASE_START_WAIT"));
        return value == null || value.isBlank() ? DEFAULT : parse(value.strip());
    }

    static Duration parse(String value) {
        String text = value.toLowerCase(Locale.ROOT);
        try {
            if (text.equals("0")) {
                return Duration.ZERO;
            }
            if (text.matches("\\d+(ms|s|m)")) {
                long amount = Long.parseLong(text.replaceAll("\\D", ""));
                return text.endsWith("ms") ? Duration.ofMillis(amount)
                        : text.endsWith("m") ? Duration.ofMinutes(amount) : Duration.ofSeconds(amount);
            }
            return Duration.parse(value.toUpperCase(Locale.ROOT));
        } catch (DateTimeParseException | NumberFormatException e) {
            throw new IllegalArgumentException("BOXOFFICE_DATABASE_START_WAIT must be a duration (60s, 2m, 0), not " + value);
        }
    }

    /**
     * Runs {@code attempt} until it succeeds, fails in a way that does not pass, or {@code bound} is over; the last
     * failure is thrown then. {@code say} hears, every 5 s of waiting, where it waits, why, and for how much longer.
     */
    public static <T> T retry(PostgresUrl url, Duration bound, Attempt<T> attempt, Consumer<String> say) throws Exception {
        long start = System.nanoTime();
        long deadline = start + bound.toNanos();
        long nextSaid = start;
        while (true) {
            try {
                return attempt.run();
            } catch (Exception failure) {
                long now = System.nanoTime();
                if (!ConnectionProblem.passing(failure) || now + PAUSE.toNanos() > deadline) {
                    throw failure;
                }
                if (now >= nextSaid) {
                    say.accept("waiting for PostgreSQL at " + url.describe() + " (" + ConnectionProblem.cause(url, failure)
                            + "): trying again for up to " + Duration.ofNanos(deadline - now).toSeconds() + " s more");
                    nextSaid = now + SAY_EVERY.toNanos();
                }
                Thread.sleep(PAUSE.toMillis());
            }
        }
    }
}
