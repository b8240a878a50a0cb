package dev.boxoffice.bench.scenario.hall;

import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.RisingSteps;
import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.measure.SteppedResult;
import dev.boxoffice.bench.scenario.hall.HallResult.Buyers;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * An on-sale of stadium halls, buyers arriving at rising rates (open model), each holding seats one way: seats it
 * names (handed out in turn, so that buyers rarely want the same seat), or the best available, picked by the service
 * in one decision; then paying and confirming the hold a moment later. Each step sells fresh halls, created before
 * it, and fills them at most to four fifths; it starts once the service and PostgreSQL are idle, so that neither way
 * of choosing pays for what the other left behind.
 */
final class HallBuyers {

    enum Choice {
        NAMED("named seats"), BEST_AVAILABLE("best available");

        final String words;

        Choice(String words) {
            this.words = words;
        }
    }

    /** Between a hold and its confirmation: paying. */
    static final long THINK_MILLIS = 100;

    private final Bench bench;
    private final String baseUrl;
    private final HallOptions options;
    private final String hall;
    private final List<Buyers> buyers = new ArrayList<>();

    HallBuyers(Bench bench, String baseUrl, HallOptions options) {
        this.bench = bench;
        this.baseUrl = baseUrl;
        this.options = options;
        this.hall = HallJson.stadium(options.seats());
    }

    SteppedResult run(LoadClient client, Choice choice) {
        return RisingSteps.run(bench, "hall", options.rates(), "buyers arriving per second, each holding "
                + options.seatsPerBuyer() + " seat(s) of a " + options.seats() + "-seat hall, " + choice.words
                + ", then confirming them " + THINK_MILLIS + " ms later",
                (label, rate, seconds) -> step(client, choice, choice.words + ": " + label, label.equals(RisingSteps.WARMUP),
                        rate, seconds));
    }

    /** A warm-up of one way of choosing, not counted: the other way's steps then meet a service as warm as its own. */
    StepResult warmUp(LoadClient client, Choice choice) {
        return step(client, choice, choice.words + ": " + RisingSteps.WARMUP, true, 0, bench.warmupSeconds());
    }

    /** One step of {@code seconds} at {@code rate} buyers per second, outside the rising steps (half the capacity). */
    StepResult once(LoadClient client, Choice choice, String label, double rate, double seconds) {
        return step(client, choice, label, false, rate, seconds);
    }

    List<Buyers> buyers() {
        return List.copyOf(buyers);
    }

    private StepResult step(LoadClient client, Choice choice, String label, boolean warmup, double rate, double seconds) {
        bench.settle(); // a step's holds expire, and their releases are projected, after it: not into the next step
        double perSecond = warmup ? options.warmupRate() : rate;
        int showCount = (int) Math.ceil(perSecond * seconds * 1.25 * options.seatsPerBuyer() / options.seats()) + 1;
        List<UUID> shows = new ArrayList<>(showCount);
        for (int i = 0; i < showCount; i++) {
            UUID show = UUID.randomUUID();
            ShowsApi.createShowInHallNow(baseUrl, show, hall);
            shows.add(show);
        }
        long[] counts = new long[3]; // held, refused, confirmed: counted on the generator's event loop
        long[] sent = {0};
        Buffer best = ShowsApi.holdBest(options.seatsPerBuyer(), options.ttlSeconds());
        StepResult step = bench.step("hall", label, perSecond, bench.steps().connections(), seconds,
                recorder -> OpenLoop.start(bench.vertx(), perSecond, recorder, intended -> {
                    long n = sent[0]++;
                    UUID show = shows.get((int) (n % shows.size()));
                    Buffer body = choice == Choice.BEST_AVAILABLE ? best : ShowsApi.hold(firstSeat(n, shows.size()),
                            options.seatsPerBuyer(), options.ttlSeconds());
                    buy(client, recorder, show, body, counts, intended);
                }));
        if (!warmup) {
            buyers.add(new Buyers(label, choice.name(), perSecond, counts[0], counts[1], counts[2]));
        }
        return step;
    }

    /** The n-th buyer's named seats: round the shows in turn, each show's seats in blocks from its first. */
    private int firstSeat(long n, int shows) {
        int blocks = options.seats() / options.seatsPerBuyer();
        return (int) (n / shows % blocks) * options.seatsPerBuyer();
    }

    private void buy(LoadClient client, StepRecorder recorder, UUID show, Buffer body, long[] counts, long intended) {
        client.send(HttpMethod.POST, ShowsApi.holds(show), body, intended, recorder, true, reply -> {
            if (reply.status() == 201 && reply.location() != null) {
                counts[0]++;
                confirmLater(client, recorder, URI.create(reply.location()).getRawPath(), counts);
            } else if (reply.status() == 409) {
                counts[1]++;
            }
        });
    }

    /** The buyer pays, then confirms; a step that ended meanwhile sends nothing more, and that hold expires. */
    private void confirmLater(LoadClient client, StepRecorder recorder, String holdPath, long[] counts) {
        long due = System.nanoTime() + THINK_MILLIS * 1_000_000;
        client.vertx().setTimer(THINK_MILLIS, t -> {
            if (!recorder.closing()) {
                client.send(HttpMethod.POST, ShowsApi.confirm(holdPath), null, due, recorder, false, reply -> {
                    if (reply.isSuccess()) {
                        counts[2]++;
                    }
                });
            }
        });
    }
}
