package dev.boxoffice.bench.scenario.contention;

import static dev.boxoffice.bench.report.Format.percent;

import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.RisingSteps;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SteppedReport;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import io.vertx.core.http.HttpMethod;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Many users on the same few shows: each arriving user picks a random seat of a random hot show and reserves it;
 * when the seat is taken (409) it tries another one, like a real client would, up to {@value #MAX_ATTEMPTS} times;
 * once it holds a seat it cancels the reservation. Every write goes to one of a handful of single writers.
 * A step offering R requests per second starts R / 2 users per second (one reserve and one cancel each).
 */
public final class ContentionScenario extends Scenario<SteppedResult> {

    static final int MAX_ATTEMPTS = 5;
    private static final int MAX_CANCEL_ATTEMPTS = 30;
    private static final long RETRY_AFTER_MILLIS = 1000; // the service's Retry-After

    public ContentionScenario() {
        super("contention", "many users on a few hot shows, another seat on 409, then a cancellation",
                SteppedResult.class, ContentionOptions.class, Target.SERVICE_IN_EVERY_TOPOLOGY, true);
    }

    @Override
    public double plannedSeconds(Selection selection) {
        return RisingSteps.plannedSeconds(selection.steps(), selection.options(ContentionOptions.class).rates());
    }

    @Override
    public SteppedResult run(Run run) {
        return measure(run.bench(), run.baseUrl(), run.options(ContentionOptions.class));
    }

    /** The rising steps against {@code baseUrl}: the variants scenario runs them against each variant. */
    public static SteppedResult measure(Bench bench, String baseUrl, ContentionOptions options) {
        int seats = options.hotSeats();
        int hotShows = options.hotShows();
        Deque<List<UUID>> showsPerStep = createHotShows(baseUrl, RisingSteps.mostSteps(bench.steps(), options.rates()),
                hotShows, seats);
        try (LoadClient client = bench.client(baseUrl, bench.steps().connections())) {
            return RisingSteps.run(bench, "contention", options.rates(), "users reserve a random seat of one of " + hotShows
                    + " shows of " + seats + " seats (retrying another seat on 409), then cancel it",
                    (label, rate, seconds) -> {
                        List<UUID> shows = showsPerStep.pop();
                        SplittableRandom random = new SplittableRandom();
                        return bench.step("contention", label, rate, bench.steps().connections(), seconds,
                                recorder -> OpenLoop.start(bench.vertx(), rate / 2, recorder,
                                        intended -> new User(client, recorder, shows, seats, random).reserve(intended, 1)));
                    });
        }
    }

    /**
     * Every step gets its own hot shows, all seats free, so no step inherits seats that an earlier one left taken.
     * They are all created before the warm-up: a show created between two steps is a request type the warm-up did
     * not run, and the service's JIT threw away hot compiled code for it (deoptimisation) at the start of the next
     * step, a stall of up to a few hundred milliseconds on a saturated core (docs/performance.md, "Stalls at the start of a step").
     */
    private static Deque<List<UUID>> createHotShows(String baseUrl, int steps, int hotShows, int seats) {
        Deque<List<UUID>> showsPerStep = new ArrayDeque<>();
        for (int step = 0; step < steps; step++) {
            showsPerStep.add(ShowsApi.createShowsNow(baseUrl, hotShows, seats));
        }
        return showsPerStep;
    }

    @Override
    public List<SummaryRow> summary(SteppedResult contention, RunResult run) {
        SteppedResult serial = run.result("serial", SteppedResult.class);
        return List.of(new SummaryRow("Contention capacity", SteppedReport.capacity(contention),
                serial != null ? percent(contention.capacityRps() / serial.capacityRps()) + " of serial capacity" : ""));
    }

    @Override
    public List<Section> sections(SteppedResult contention, RunResult run) {
        return List.of(SteppedReport.section("Contention on hot shows", contention));
    }

    @Override
    public Map<String, Double> figures(SteppedResult contention) {
        return Map.of("Contention capacity, req/s", contention.capacityRps());
    }

    /** One user; all its callbacks run on the generator's event loop (so sharing the random is safe). */
    public record User(LoadClient client, StepRecorder recorder, List<UUID> shows, int seats, SplittableRandom random) {

        public void reserve(long intendedNanos, int attempt) {
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
                    client.later(RETRY_AFTER_MILLIS, recorder, () -> cancel(show, seat, System.nanoTime(), attempt + 1));
                }
            });
        }
    }
}
