package dev.boxoffice.app;

import dev.boxoffice.domain.ShowState;
import dev.boxoffice.domain.WaitingRoom;
import dev.boxoffice.shows.LineKeeper;
import dev.boxoffice.shows.ShowService;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToDoubleFunction;

/**
 * Each waiting room on sale, as gauges labelled by show: only the rooms whose line this node moves (it holds their
 * leases), so that the label set is bounded by the rooms on sale and each room is told by one node. Read from the
 * shows every second. Summed by show across nodes, a dashboard sees each room once.
 */
final class WaitingRoomMetrics {

    static final long REFRESH_MILLIS = 1_000;

    /** A room as last read; its last place's wait NaN while the line is paused. */
    record Figures(long waiting, long called, int admitted, int seatsAvailable, int seatsHeld, int admitPerSecond,
            double lastWaitSeconds) {

        static Figures of(ShowState.Show show, long nowMillis) {
            WaitingRoom room = show.waitingRoom().orElseThrow();
            return new Figures(room.placesWaiting(), room.opened(), room.activeAt(nowMillis), show.seatMap().availableCount(),
                    show.seatMap().heldCount(), room.settings().admitPerSecond(), room.lastWaitSeconds(nowMillis).orElse(Double.NaN));
        }
    }

    private final Map<UUID, Figures> rooms = new ConcurrentHashMap<>();
    private final List<Gauge> gauges = new ArrayList<>();

    /** One gauge per figure, a row per room. */
    private record Gauge(MultiGauge gauge, ToDoubleFunction<Figures> figure) {
    }

    private WaitingRoomMetrics(MeterRegistry registry) {
        gauge(registry, "boxoffice.room.waiting", null, "Places in a waiting room's line not called yet", Figures::waiting);
        gauge(registry, "boxoffice.room.called", null, "Places a waiting room has called since its on-sale", Figures::called);
        gauge(registry, "boxoffice.room.admitted", null, "Buyers a waiting room admits now", Figures::admitted);
        gauge(registry, "boxoffice.room.seats.available", null, "Seats on sale in a waiting room's show", Figures::seatsAvailable);
        gauge(registry, "boxoffice.room.seats.held", null, "Seats held in a waiting room's show", Figures::seatsHeld);
        gauge(registry, "boxoffice.room.admit.per.second", null, "A waiting room's admission rate", Figures::admitPerSecond);
        gauge(registry, "boxoffice.room.last.wait", "seconds", "The estimated wait of the last in a waiting room's line (NaN while paused)",
                Figures::lastWaitSeconds);
    }

    static void register(MeterRegistry registry, Vertx vertx, LineKeeper keeper, ShowService shows, Clock clock) {
        WaitingRoomMetrics metrics = new WaitingRoomMetrics(registry);
        vertx.setPeriodic(REFRESH_MILLIS, tick -> metrics.refresh(keeper, shows, clock));
    }

    private void gauge(MeterRegistry registry, String name, String unit, String description, ToDoubleFunction<Figures> figure) {
        MultiGauge.Builder builder = MultiGauge.builder(name).description(description);
        gauges.add(new Gauge((unit == null ? builder : builder.baseUnit(unit)).register(registry), figure));
    }

    private void refresh(LineKeeper keeper, ShowService shows, Clock clock) {
        List<Future<?>> reads = new ArrayList<>();
        var moved = keeper.linesMoved();
        rooms.keySet().retainAll(moved);
        for (UUID show : moved) {
            reads.add(shows.show(show).onSuccess(state -> {
                if (state instanceof ShowState.Show known && known.waitingRoom().isPresent()) {
                    rooms.put(show, Figures.of(known, clock.millis()));
                }
            }));
        }
        Future.join(reads).onComplete(done -> {
            for (Gauge gauge : gauges) {
                List<MultiGauge.Row<?>> rows = new ArrayList<>();
                rooms.forEach((show, figures) -> rows.add(MultiGauge.Row.of(Tags.of("show", show.toString()),
                        gauge.figure().applyAsDouble(figures))));
                gauge.gauge().register(rows, true);
            }
        });
    }
}
