package dev.boxoffice.bench.scenario.queue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.boxoffice.bench.client.ShowsApi;
import dev.boxoffice.bench.load.ArrivalSchedule;
import dev.boxoffice.bench.load.LoadClient;
import dev.boxoffice.bench.load.OpenLoop;
import dev.boxoffice.bench.load.Request;
import dev.boxoffice.bench.load.StepRecorder;
import dev.boxoffice.bench.measure.Bench;
import dev.boxoffice.bench.measure.StepResult;
import io.vertx.core.buffer.Buffer;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * After the crowd, two on-sales steered while their lines wait, each on a show of its own, its buyers joined before
 * the on-sale and following their tickets' streams as the served page does: an operator doubles the admission rate
 * halfway, and a show sells out halfway. Each step measures how fast the change reached the crowd.
 */
final class SteeredOnSales {

    /** Buyers join before the on-sale at this rate (a line service answers thousands a second; a node under a quota, 1,300). */
    private static final double JOINS_PER_SECOND = 500;
    /** From the last join to the on-sale: every stream open. */
    private static final double LEAD_SECONDS = 3;
    /** The first rate, a tenth of the purchase capacity (at least 2 a second); the operator doubles it. */
    private static final double RATE_SHARE_OF_CAPACITY = 0.1;
    /** Buyers enough to keep the line waiting this many times over both periods. */
    private static final double LINE_MARGIN = 1.25;
    /** Estimates told within this long of a change reached the crowd in time (the service's promise). */
    static final double ESTIMATE_BOUND_MILLIS = 2_000;
    /** A sell-out told within this long reached the crowd in time. */
    static final double SOLD_OUT_BOUND_MILLIS = 1_000;
    /** Late buyers join this long after the sell-out: a line service's record of the room is up to 2 s behind it. */
    private static final double RECORD_BOUND_MILLIS = 2_000;
    /** After the sell-out: how long the buyers still waiting are given to be told, and late buyers try to join. */
    private static final double AFTER_SELL_OUT_SECONDS = 5;
    /** A step's bound beyond its plan: the control's answer, the last purchases, the streams told. */
    private static final double MARGIN_SECONDS = 10;
    private static final String OPERATOR = "benchmark";

    private final Bench bench;
    private final String baseUrl;
    private final double periodSeconds;
    private final int firstRate;

    SteeredOnSales(Bench bench, String baseUrl, double periodSeconds, double capacity) {
        this.bench = bench;
        this.baseUrl = baseUrl;
        this.periodSeconds = periodSeconds;
        this.firstRate = (int) Math.max(2, Math.round(RATE_SHARE_OF_CAPACITY * capacity));
    }

    /**
     * A line admitted at the first rate for a period, then at twice it for another, the operator's control sent
     * between them: the seats sold a second over the last two thirds of each period; how long after the control's
     * answer sales kept to the new rate; and how long each waiting stream took to be told a wait at the new rate.
     */
    QueueResult.RateChange rateChange() {
        int after = 2 * firstRate;
        int buyers = (int) Math.ceil(LINE_MARGIN * (firstRate + after) * periodSeconds);
        Line line = new Line(buyers, buyers, firstRate, after * QueueLoad.ACTIVE_SECONDS);
        AtomicLong changed = new AtomicLong();
        Set<String> tickets = ConcurrentHashMap.newKeySet();
        Map<String, Long> admitted = new ConcurrentHashMap<>();
        Map<String, Long> toldNewRate = new ConcurrentHashMap<>();
        StepResult answers = line.sell("an operator doubling the rate of a line of " + buyers,
                line.leadSeconds() + 2 * periodSeconds + MARGIN_SECONDS, (client, recorder) -> {
                    long atChange = line.onSaleNanos() + (long) (periodSeconds * 1e9);
                    bench.vertx().setTimer(millisUntil(atChange), t -> setRate(client, line.show(), after, changed));
                }, (at, standing) -> {
                    String ticket = standing.path("ticket").asText();
                    tickets.add(ticket);
                    if ("ADMITTED".equals(standing.path("status").asText())) {
                        admitted.putIfAbsent(ticket, at);
                    }
                    long since = changed.get();
                    if (since > 0 && at > since && showsRate(standing, after)) {
                        toldNewRate.putIfAbsent(ticket, at);
                    }
                }, outcomes -> changed.get() > 0 && System.nanoTime() - changed.get() > periodSeconds * 1e9);
        long[] sold = line.purchaseTimes();
        long onSale = line.onSaleNanos(), change = changed.get(), settle = (long) (periodSeconds / 3 * 1e9);
        long periodEnd = change + (long) (periodSeconds * 1e9);
        long stillWaiting = change + (long) (ESTIMATE_BOUND_MILLIS * 1e6);
        List<String> waiting = tickets.stream().filter(ticket -> admitted.getOrDefault(ticket, Long.MAX_VALUE) > stillWaiting).toList();
        double[] told = SteeringOutcomes.delaysMillis(waiting.stream().map(toldNewRate::get).filter(Objects::nonNull).toList(), change);
        return new QueueResult.RateChange(firstRate, after, buyers,
                change == 0 ? Double.NaN : SteeringOutcomes.perSecond(sold, onSale + settle, change),
                change == 0 ? Double.NaN : SteeringOutcomes.perSecond(sold, change + settle, periodEnd),
                change == 0 ? Double.NaN : SteeringOutcomes.followedAfterSeconds(sold, change, periodEnd, after),
                waiting.size(), told.length, SteeringOutcomes.atMost(told, ESTIMATE_BOUND_MILLIS),
                SteeringOutcomes.percentile(told, 0.5), SteeringOutcomes.percentile(told, 0.99),
                SteeringOutcomes.percentile(told, 1), answers);
    }

    /**
     * A show of as many seats as the first rate sells in a period, and twice as many buyers: from the confirmation
     * that sold the last seat to each waiting stream's SOLD_OUT; buyers admitted after it, or admitted to find no
     * seat; then as many late buyers as seats trying to join, each to be refused at once.
     */
    QueueResult.SellOut sellOut() {
        int seats = (int) Math.max(1, Math.round(firstRate * periodSeconds));
        int buyers = 2 * seats;
        Line line = new Line(seats, buyers, firstRate, firstRate * QueueLoad.ACTIVE_SECONDS);
        AtomicLong soldOut = new AtomicLong();
        Map<String, Long> toldSoldOut = new ConcurrentHashMap<>();
        ConcurrentLinkedQueue<QueueBuyer.Outcome> late = new ConcurrentLinkedQueue<>();
        StepResult answers = line.sell("a line of " + buyers + " for " + seats + " seats, sold out",
                line.leadSeconds() + 2 * periodSeconds + AFTER_SELL_OUT_SECONDS + MARGIN_SECONDS, (client, recorder) -> { },
                (at, standing) -> {
                    if ("SOLD_OUT".equals(standing.path("status").asText())) {
                        toldSoldOut.putIfAbsent(standing.path("ticket").asText(), at);
                    }
                }, outcomes -> {
                    long purchased = outcomes.stream().filter(QueueBuyer.Outcome::purchased).count();
                    if (purchased == seats && soldOut.compareAndSet(0, lastPurchase(outcomes))) {
                        line.lateJoins(seats, soldOut.get() + (long) (RECORD_BOUND_MILLIS * 1e6), late::add);
                    }
                    return soldOut.get() > 0 && late.size() == seats
                            && System.nanoTime() - soldOut.get() > AFTER_SELL_OUT_SECONDS * 1e9;
                });
        long at = soldOut.get();
        double[] told = SteeringOutcomes.delaysMillis(toldSoldOut.values(), at);
        List<QueueBuyer.Outcome> all = line.outcomes();
        return new QueueResult.SellOut(seats, firstRate, buyers, all.stream().filter(QueueBuyer.Outcome::purchased).count(),
                at == 0 ? Double.NaN : (at - line.onSaleNanos()) / 1e9,
                all.stream().filter(buyer -> buyer.ending() == QueueBuyer.Ending.SOLD_OUT).count() + line.unfinished(),
                told.length, SteeringOutcomes.atMost(told, SOLD_OUT_BOUND_MILLIS), SteeringOutcomes.percentile(told, 0.5),
                SteeringOutcomes.percentile(told, 0.99), SteeringOutcomes.percentile(told, 1),
                at == 0 ? 0 : all.stream().filter(buyer -> buyer.admittedNanos() > at).count(),
                all.stream().filter(buyer -> buyer.ending() == QueueBuyer.Ending.NO_SEAT_LEFT).count(),
                late.size(), late.stream().filter(buyer -> buyer.ending() == QueueBuyer.Ending.REFUSED_SOLD_OUT).count(),
                late.stream().filter(buyer -> buyer.ending() == QueueBuyer.Ending.SOLD_OUT).count(), answers);
    }

    private static long lastPurchase(List<QueueBuyer.Outcome> outcomes) {
        return outcomes.stream().mapToLong(QueueBuyer.Outcome::purchasedNanos).max().orElse(System.nanoTime());
    }

    /** A waiting ticket told its wait at {@code rate}: the estimate a line gives its position at that rate. */
    static boolean showsRate(JsonNode standing, int rate) {
        return "WAITING".equals(standing.path("status").asText()) && standing.hasNonNull("position")
                && standing.hasNonNull("estimatedWaitSeconds")
                && standing.get("estimatedWaitSeconds").asLong() == (long) Math.ceil((double) standing.get("position").asLong() / rate);
    }

    private void setRate(LoadClient client, UUID show, int rate, AtomicLong changed) {
        client.aside(Request.post("/shows/" + show + "/queue/controls", Buffer.buffer("{\"action\":\"SET_RATE\",\"value\":"
                        + rate + ",\"operator\":\"" + OPERATOR + "\"}")).with("Authorization", "Bearer " + ShowsApi.ADMIN_TOKEN))
                .map(reply -> {
                    if (reply.status() != 200) {
                        throw new IllegalStateException("the operator's new rate was answered " + reply.status() + ": " + reply.body());
                    }
                    return reply;
                })
                .onSuccess(answered -> changed.set(System.nanoTime()))
                .onFailure(failure -> bench.progress().info("queue: " + failure.getMessage()));
    }

    private static long millisUntil(long nanos) {
        return Math.max(1, (nanos - System.nanoTime()) / 1_000_000);
    }

    /** What a step does beside its buyers, on the generator's event loop once they start joining. */
    @FunctionalInterface
    private interface Steering {
        void start(LoadClient client, StepRecorder recorder);
    }

    /** Whether a step is over, asked every second with the outcomes so far. */
    @FunctionalInterface
    private interface Done {
        boolean test(List<QueueBuyer.Outcome> outcomes);
    }

    /**
     * One show on sale through a waiting room once its buyers have joined: they join at {@link #JOINS_PER_SECOND},
     * the on-sale {@link #LEAD_SECONDS} after the last, each following its ticket's stream and buying when admitted.
     * Its own connections, one per stream and as many again.
     */
    private final class Line {

        private final UUID show = UUID.randomUUID();
        private final int buyers;
        private final Instant onSaleAt;
        private final long onSaleNanos;
        private final ConcurrentLinkedQueue<QueueBuyer.Outcome> outcomes = new ConcurrentLinkedQueue<>();
        private final ConcurrentLinkedQueue<QueueBuyer> joined = new ConcurrentLinkedQueue<>();
        private LoadClient client;
        private StepRecorder recorder;

        Line(int seats, int buyers, int admitPerSecond, int maxActive) {
            this.buyers = buyers;
            double lead = buyers / JOINS_PER_SECOND + LEAD_SECONDS + 1; // a second to create the show
            this.onSaleAt = Instant.now().plusMillis((long) (lead * 1000));
            this.onSaleNanos = System.nanoTime() + (long) (lead * 1e9);
            ShowsApi.createShowWithWaitingRoomNow(baseUrl, show, seats, admitPerSecond, maxActive, onSaleAt);
        }

        UUID show() {
            return show;
        }

        long onSaleNanos() {
            return onSaleNanos;
        }

        double leadSeconds() {
            return (onSaleNanos - System.nanoTime()) / 1e9;
        }

        StepResult sell(String label, double seconds, Steering steering, QueueBuyer.Standings standings, Done done) {
            client = LoadClient.pooled(bench.vertx(), URI.create(baseUrl), 2 * buyers + 64, bench.steps().timeoutMs());
            try {
                StepResult answers = bench.step("queue", label, JOINS_PER_SECOND, 2 * buyers + 64, seconds, stepRecorder -> {
                    recorder = stepRecorder;
                    OpenLoop.start(bench.vertx(), new ArrivalSchedule(List.of(new ArrivalSchedule.Phase("joins",
                            JOINS_PER_SECOND, buyers / JOINS_PER_SECOND))), stepRecorder, arrived -> join(arrived, standings));
                    steering.start(client, stepRecorder);
                }, () -> done.test(outcomes()));
                bench.vertx().runOnContext(stop -> joined.forEach(QueueBuyer::stop));
                return answers;
            } finally {
                client.close();
            }
        }

        private void join(long arrived, QueueBuyer.Standings standings) {
            QueueBuyer buyer = new QueueBuyer(client, recorder, show, arrived, outcomes::add).following(standings);
            joined.add(buyer);
            buyer.start();
        }

        /**
         * {@code count} buyers trying to join, one every {@code 1 / JOINS_PER_SECOND} s from {@code startNanos}, each
         * told to {@code done}: on timers of their own, since the step's arrivals follow the first buyers' schedule.
         */
        void lateJoins(int count, long startNanos, Consumer<QueueBuyer.Outcome> done) {
            for (int i = 0; i < count; i++) {
                long arrives = startNanos + (long) (i * 1e9 / JOINS_PER_SECOND);
                bench.vertx().setTimer(millisUntil(arrives), t -> new QueueBuyer(client, recorder, show, arrives,
                        done).following((at, standing) -> { }).start());
            }
        }

        List<QueueBuyer.Outcome> outcomes() {
            return List.copyOf(outcomes);
        }

        /** Buyers who had not finished when the step ended: still waiting, or buying. */
        long unfinished() {
            return buyers - outcomes.size();
        }

        long[] purchaseTimes() {
            return outcomes.stream().filter(QueueBuyer.Outcome::purchased).mapToLong(QueueBuyer.Outcome::purchasedNanos).toArray();
        }
    }

}
