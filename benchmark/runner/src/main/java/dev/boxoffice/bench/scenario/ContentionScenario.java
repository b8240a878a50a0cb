package dev.boxoffice.bench.scenario;

import dev.boxoffice.bench.BenchOptions;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.result.StepResult;
import dev.boxoffice.bench.result.SteppedResult;
import io.vertx.core.http.HttpMethod;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Many users on the same few shows: each arriving user picks a random seat of a random hot show and reserves it;
 * when the seat is taken (409) it tries another one, like a real client would, up to {@value #MAX_ATTEMPTS} times;
 * once it holds a seat it cancels the reservation. Every write goes to one of a handful of single writers.
 * A step offering R requests per second starts R / 2 users per second (one reserve and one cancel each).
 */
public final class ContentionScenario {

    static final int MAX_ATTEMPTS = 5;
    private static final int MAX_CANCEL_ATTEMPTS = 30;
    private static final long RETRY_AFTER_MILLIS = 1000; // the service's Retry-After

    private final Bench bench;
    private final String baseUrl;

    public ContentionScenario(Bench bench, String baseUrl) {
        this.bench = bench;
        this.baseUrl = baseUrl;
    }

    public SteppedResult run() {
        BenchOptions options = bench.options();
        int seats = options.contention().hotSeats();
        int hotShows = options.contention().hotShows();
        Deque<List<UUID>> showsPerStep = createHotShows(RisingSteps.mostSteps(options.steps(), options.contention().rates()),
                hotShows, seats);
        try (LoadClient client = bench.client(baseUrl, options.steps().connections())) {
            return RisingSteps.run(bench, "contention", options.contention().rates(), "users reserve a random seat of one of " + hotShows
                    + " shows of " + seats + " seats (retrying another seat on 409), then cancel it",
                    (label, rate, seconds) -> step(client, label, rate, seconds, showsPerStep.pop(), seats));
        }
    }

    /**
     * Every step gets its own hot shows, all seats free, so no step inherits seats that an earlier one left taken.
     * They are all created before the warm-up: a show created between two steps is a request type the warm-up did
     * not run, and the service's JIT threw away hot compiled code for it (deoptimisation) at the start of the next
     * step, a stall of up to a few hundred milliseconds on a saturated core (docs/benchmarks.md, "Stalls at the start of a step").
     */
    private Deque<List<UUID>> createHotShows(int steps, int hotShows, int seats) {
        Deque<List<UUID>> showsPerStep = new ArrayDeque<>();
        for (int step = 0; step < steps; step++) {
            showsPerStep.add(ShowsApi.createShowsNow(baseUrl, hotShows, seats));
        }
        return showsPerStep;
    }

    private StepResult step(LoadClient client, String label, double rate, double seconds, List<UUID> shows, int seats) {
        SplittableRandom random = new SplittableRandom();
        return bench.step("contention", label, rate, bench.options().steps().connections(), seconds,
                recorder -> OpenLoop.start(bench.vertx(), rate / 2, recorder,
                        intended -> new User(client, recorder, shows, seats, random).reserve(intended, 1)));
    }

    /** One user; all its callbacks run on the generator's event loop (so sharing the random is safe). */
    record User(LoadClient client, StepRecorder recorder, List<UUID> shows, int seats, SplittableRandom random) {

        void reserve(long intendedNanos, int attempt) {
            UUID show = shows.get(random.nextInt(shows.size()));
            int seat = random.nextInt(seats);
            client.send(HttpMethod.PATCH, ShowsApi.seat(show, seat), ShowsApi.RESERVE, intendedNanos, recorder, true, reply -> {
                if (reply.isSuccess()) {
                    // Cancelled even when the step is ending (the drain waits for it): a seat left reserved would
                    // stay taken for every later step and turn them into cheap 409s.
                    cancel(show, seat, System.nanoTime(), 1);
                } else if (reply.status() == 409 && attempt < MAX_ATTEMPTS && !recorder.closing()) {
                    reserve(System.nanoTime(), attempt + 1);
                }
            });
        }

        /** A refused cancellation (503) is sent again after its Retry-After, as a client holding a seat would. */
        private void cancel(UUID show, int seat, long intendedNanos, int attempt) {
            client.send(HttpMethod.PATCH, ShowsApi.seat(show, seat), ShowsApi.CANCEL, intendedNanos, recorder, false, reply -> {
                if (reply.status() == 503 && attempt < MAX_CANCEL_ATTEMPTS) {
                    client.vertx().setTimer(RETRY_AFTER_MILLIS, t -> cancel(show, seat, System.nanoTime(), attempt + 1));
                }
            });
        }
    }
}
