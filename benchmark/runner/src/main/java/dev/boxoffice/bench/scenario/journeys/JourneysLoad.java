package dev.boxoffice.bench.scenario.journeys;

import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.Reply;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.RisingSteps;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The arrival-rate workload mix of "Investigating the performance of reactive libraries in a Quarkus microservice", in
 * this domain: journeys start at a constant rate (open model), each picked by its share of the mix, each a short
 * sequence of requests with a pause between two of them. Shows are created before the steps; the create journey adds
 * more, which the others then browse and book. A reservation of a seat someone took first is an expected 409.
 */
public final class JourneysLoad {

    static final String LIST = "list shows";
    static final String READ = "read a show";
    static final String RESERVE = "reserve";
    static final String CANCEL = "cancel";
    static final String CREATE = "create a show";
    static final String HOLD = "hold seats";
    static final String CONFIRM = "confirm a hold";
    static final String RETRY = "retry (same key)";
    private static final List<String> REQUESTS = List.of(LIST, READ, RESERVE, CANCEL, CREATE, HOLD, CONFIRM, RETRY);
    /** Short, so that the holds of buyers who never confirm expire within the step. */
    static final int HOLD_TTL_SECONDS = 2;
    private static final int LIST_PAGE = 20;
    private static final Map<String, Integer> REQUESTS_PER_JOURNEY =
            Map.of("browse", 2, "book", 2, "group", 5, "book-cancel", 3, "create", 1, "hold-confirm", 3, "hold-expire", 2);

    private final Bench bench;
    private final String baseUrl;
    private final JourneysOptions options;
    private final List<UUID> shows = new ArrayList<>(); // read and grown on the generator's event loop only
    private final List<JourneysResult.Breakdown> breakdowns = new ArrayList<>();

    public JourneysLoad(Bench bench, String baseUrl, JourneysOptions options) {
        this.bench = bench;
        this.baseUrl = baseUrl;
        this.options = options;
    }

    public JourneysResult run() {
        bench.progress().info("creating " + options.shows() + " shows of " + options.seats() + " seats for the journeys");
        shows.addAll(ShowsApi.createShowsNow(baseUrl, options.shows(), options.seats()));
        try (LoadClient client = bench.client(baseUrl, bench.steps().connections())) {
            SteppedResult stepped = RisingSteps.run(bench, "journeys", options.rates(), "journeys started per second: "
                    + options.mix().shares() + " (percent), " + Math.round(options.thinkMs()) + " ms between two requests of a journey",
                    (label, rate, seconds) -> step(client, label, rate, seconds));
            return new JourneysResult(stepped, options.mix().shares(), options.thinkMs(), options.retryPercent(),
                    List.copyOf(breakdowns));
        }
    }

    /** {@code rate}: journeys per second, but for the warm-up requests per second (its rate is shared by every scenario). */
    private StepResult step(LoadClient client, String label, double rate, double seconds) {
        double journeysPerSecond = label.equals(RisingSteps.WARMUP) ? rate / requestsPerJourney(options) : rate;
        NamedStats journeys = new NamedStats(JourneysOptions.NAMES);
        NamedStats requests = new NamedStats(REQUESTS);
        SplittableRandom random = new SplittableRandom();
        StepResult step = bench.step("journeys", label, journeysPerSecond, bench.steps().connections(), seconds,
                recorder -> OpenLoop.start(bench.vertx(), journeysPerSecond, recorder,
                        intended -> new Journey(client, recorder, journeys, requests, random.split()).start(intended)));
        if (!label.equals(RisingSteps.WARMUP)) {
            breakdowns.add(new JourneysResult.Breakdown(label, journeysPerSecond, journeys.figures(), requests.figures()));
        }
        return step;
    }

    /** One user's journey; every callback runs on the generator's event loop. */
    private final class Journey {
        private final LoadClient client;
        private final StepRecorder recorder;
        private final NamedStats journeys;
        private final NamedStats requests;
        private final SplittableRandom random;
        private final String name;
        private long totalMicros;
        private boolean failed;

        Journey(LoadClient client, StepRecorder recorder, NamedStats journeys, NamedStats requests, SplittableRandom random) {
            this.client = client;
            this.recorder = recorder;
            this.journeys = journeys;
            this.requests = requests;
            this.random = random;
            this.name = pick(random.nextInt(100));
        }

        void start(long intended) {
            UUID show = shows.get(random.nextInt(shows.size()));
            int seat = random.nextInt(options.seats());
            switch (name) {
                case "browse" -> send(HttpMethod.GET, list(), null, LIST, intended,
                        ok -> send(HttpMethod.GET, ShowsApi.show(show), null, READ, later(), ok2 -> end()));
                case "book" -> send(HttpMethod.GET, ShowsApi.show(show), null, READ, intended,
                        ok -> send(HttpMethod.PATCH, ShowsApi.seat(show, seat), ShowsApi.RESERVE, RESERVE, later(), ok2 -> end()));
                case "group" -> send(HttpMethod.GET, ShowsApi.show(show), null, READ, intended,
                        ok -> reserveGroup(show, seat, 2 + random.nextInt(5)));
                case "book-cancel" -> send(HttpMethod.GET, ShowsApi.show(show), null, READ, intended,
                        ok -> send(HttpMethod.PATCH, ShowsApi.seat(show, seat), ShowsApi.RESERVE, RESERVE, later(), reserved -> {
                            if (reserved.isSuccess()) {
                                send(HttpMethod.PATCH, ShowsApi.seat(show, seat), ShowsApi.CANCEL, CANCEL, later(), ok3 -> end());
                            } else {
                                end();
                            }
                        }));
                case "hold-confirm", "hold-expire" -> send(HttpMethod.GET, ShowsApi.show(show), null, READ, intended,
                        ok -> hold(show, seat, 2 + random.nextInt(3), name.equals("hold-confirm")));
                default -> {
                    UUID created = UUID.randomUUID();
                    send(HttpMethod.POST, "/shows", ShowsApi.createShow(created, options.seats()), CREATE, intended, ok -> {
                        if (ok.isSuccess()) {
                            shows.add(created);
                        }
                        end();
                    });
                }
            }
        }

        /** Holds {@code count} seats together from {@code near}; then confirms them, or leaves the hold to expire. */
        private void hold(UUID show, int near, int count, boolean confirms) {
            int first = Math.max(0, Math.min(near, options.seats() - count));
            send(HttpMethod.POST, ShowsApi.holds(show), ShowsApi.hold(first, Math.min(count, options.seats()), HOLD_TTL_SECONDS),
                    HOLD, later(), held -> {
                        if (confirms && held.isSuccess() && held.location() != null) {
                            send(HttpMethod.POST, ShowsApi.confirm(URI.create(held.location()).getRawPath()), null, CONFIRM,
                                    later(), ok -> end());
                        } else {
                            end();
                        }
                    });
        }

        /** Seats one after another from {@code first}, wrapping round the hall. */
        private void reserveGroup(UUID show, int first, int left) {
            if (left == 0) {
                end();
                return;
            }
            send(HttpMethod.PATCH, ShowsApi.seat(show, first), ShowsApi.RESERVE, RESERVE, later(),
                    ok -> reserveGroup(show, (first + 1) % options.seats(), left - 1));
        }

        private String list() {
            return "/shows?available=true&limit=" + LIST_PAGE + "&after=" + shows.get(random.nextInt(shows.size()));
        }

        /** The next request is due after the pause, measured from now. */
        private long later() {
            return System.nanoTime() + (long) (options.thinkMs() * 1e6);
        }

        /**
         * Sends a request when it is due; {@code then} gets its reply, unless it failed. A journey that failed, or whose
         * step is over, sends nothing more.
         */
        private void send(HttpMethod method, String path, Buffer body, String request, long due, Consumer<Reply> then) {
            if (recorder.closing()) {
                return;
            }
            long delayMillis = (due - System.nanoTime()) / 1_000_000;
            if (delayMillis > 0) {
                client.vertx().setTimer(delayMillis, t -> send(method, path, body, request, due, then));
                return;
            }
            boolean conflictExpected = request.equals(RESERVE) || request.equals(HOLD);
            String key = method != HttpMethod.GET && options.keys() ? new UUID(random.nextLong(), random.nextLong()).toString() : null;
            client.send(method, path, body, key, due, recorder, conflictExpected, reply -> {
                long micros = (System.nanoTime() - due) / 1000;
                int outcome = outcome(reply, conflictExpected);
                requests.record(request, micros, outcome);
                totalMicros += micros;
                if (outcome == 2) {
                    failed = true;
                    end();
                } else if (key != null && random.nextInt(100) < options.retryPercent()) {
                    retry(method, path, body, key, conflictExpected, reply, then);
                } else {
                    then.accept(reply);
                }
            });
        }

        /** Sends a write again under its key, as a client that lost {@code first}; it must get {@code first} again. */
        private void retry(HttpMethod method, String path, Buffer body, String key, boolean conflictExpected, Reply first,
                Consumer<Reply> then) {
            long sent = System.nanoTime();
            client.send(method, path, body, key, sent, recorder, conflictExpected, reply -> {
                long micros = (System.nanoTime() - sent) / 1000;
                boolean same = reply.sameAnswerAs(first);
                requests.record(RETRY, micros, same ? (reply.isSuccess() ? 0 : 1) : 2);
                totalMicros += micros;
                if (same) {
                    then.accept(first);
                } else {
                    failed = true;
                    end();
                }
            });
        }

        private void end() {
            journeys.record(name, totalMicros, failed ? 2 : 0);
        }
    }

    private static int outcome(Reply reply, boolean conflictExpected) {
        if (reply.isSuccess()) {
            return 0;
        }
        return reply.status() == 409 && conflictExpected ? 1 : 2;
    }

    /** Requests per journey on average with this mix (a group reserves 4 seats on average). */
    static double requestsPerJourney(JourneysOptions options) {
        return options.mix().shares().entrySet().stream().mapToDouble(e -> e.getValue() * REQUESTS_PER_JOURNEY.get(e.getKey())).sum() / 100;
    }

    /** The journey whose share of the mix holds {@code percentile} (0-99). */
    private String pick(int percentile) {
        int upTo = 0;
        for (var share : options.mix().shares().entrySet()) {
            upTo += share.getValue();
            if (percentile < upTo) {
                return share.getKey();
            }
        }
        return JourneysOptions.NAMES.get(0);
    }
}
