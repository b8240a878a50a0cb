package dev.boxoffice.bench.client;

import dev.boxoffice.bench.system.BlockingHttp;
import dev.boxoffice.bench.system.JavaService;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** The BoxOffice HTTP API as the scenarios use it: paths, bodies, and a blocking call for setting up shows. */
public final class ShowsApi {

    public static final Buffer RESERVE = Buffer.buffer("{\"action\":\"RESERVE\"}");
    public static final Buffer CANCEL = Buffer.buffer("{\"action\":\"CANCEL_RESERVATION\"}");
    /** The admin token every service the benchmark starts has (BOXOFFICE_ADMIN_TOKEN): operators' controls are measured. */
    public static final String ADMIN_TOKEN = "benchmark-operators";
    private static final HttpClient SETUP = BlockingHttp.client(Duration.ofSeconds(5));

    private ShowsApi() {
    }

    public static Buffer createShow(UUID showId, int seats) {
        return Buffer.buffer("{\"showId\":\"" + showId + "\",\"title\":\"Benchmark show\",\"maxSeats\":" + seats + "}");
    }

    public static String show(UUID showId) {
        return "/shows/" + showId;
    }

    public static String seat(UUID showId, int seat) {
        return "/shows/" + showId + "/seats/" + seat;
    }

    /** Where holds of a show are placed; a placed hold's own path comes back in the Location header. */
    public static String holds(UUID showId) {
        return "/shows/" + showId + "/holds";
    }

    /** Seats {@code first .. first + count - 1}, held for {@code ttlSeconds}. */
    public static Buffer hold(int first, int count, long ttlSeconds) {
        StringBuilder seats = new StringBuilder();
        for (int seat = first; seat < first + count; seat++) {
            seats.append(seat == first ? "" : ",").append(seat);
        }
        return Buffer.buffer("{\"seats\":[" + seats + "],\"ttlSeconds\":" + ttlSeconds + "}");
    }

    /** Confirms the hold at {@code holdPath} (its Location). */
    public static String confirm(String holdPath) {
        return holdPath + "/confirm";
    }

    /** Creates {@code count} shows of {@code seats} seats before a measurement starts. */
    public static List<UUID> createShowsNow(String baseUrl, int count, int seats) {
        List<UUID> shows = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            UUID show = UUID.randomUUID();
            createShowNow(baseUrl, show, seats);
            shows.add(show);
        }
        return shows;
    }

    /**
     * Milliseconds until a list of shows, a request through every bound of the API, is answered 200, asked every
     * 100 ms; NaN if none was within {@code limit}.
     */
    public static double millisUntilAnswered(String baseUrl, Duration limit) {
        long start = System.nanoTime();
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/shows?limit=1"))
                .timeout(Duration.ofSeconds(2)).build();
        while (System.nanoTime() - start < limit.toNanos()) {
            try {
                if (SETUP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return (System.nanoTime() - start) / 1e6;
                }
            } catch (IOException e) {
                // no answer yet: ask again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Double.NaN;
            }
            JavaService.sleep(100);
        }
        return Double.NaN;
    }

    /** Creates a show before a measurement starts; any answer but 201 stops the run. */
    public static void createShowNow(String baseUrl, UUID showId, int seats) {
        createNow(baseUrl, createShow(showId, seats).toString());
    }

    /** Creates a show that sells through a waiting room, on sale now; any answer but 201 stops the run. */
    public static void createShowWithWaitingRoomNow(String baseUrl, UUID showId, int seats, int admitPerSecond, int maxActive) {
        createShowWithWaitingRoomNow(baseUrl, showId, seats, admitPerSecond, maxActive, null);
    }

    /** The same, on sale at {@code onSaleAt} (null: now): buyers who join before it are placed by the draw. */
    public static void createShowWithWaitingRoomNow(String baseUrl, UUID showId, int seats, int admitPerSecond, int maxActive,
            Instant onSaleAt) {
        createNow(baseUrl, "{\"showId\":\"" + showId + "\",\"title\":\"On sale\",\"maxSeats\":" + seats
                + (onSaleAt == null ? "" : ",\"onSaleAt\":\"" + onSaleAt + "\"") + ",\"waitingRoom\":{\"admitPerSecond\":"
                + admitPerSecond + ",\"maxActive\":" + maxActive + "}}");
    }

    /** Creates a show in the hall given (the API's JSON); any answer but 201 stops the run. */
    public static void createShowInHallNow(String baseUrl, UUID showId, String hallJson) {
        createNow(baseUrl, "{\"showId\":\"" + showId + "\",\"title\":\"Benchmark hall\",\"hall\":" + hallJson + "}");
    }

    /** A best-available hold: {@code count} seats together, picked by the service. */
    public static Buffer holdBest(int count, long ttlSeconds) {
        return Buffer.buffer("{\"count\":" + count + ",\"ttlSeconds\":" + ttlSeconds + "}");
    }

    private static void createNow(String baseUrl, String body) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/shows"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .timeout(Duration.ofSeconds(30)).build();
        try {
            HttpResponse<String> response = SETUP.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 201) {
                throw new IllegalStateException("creating a show answered " + response.statusCode() + ": " + response.body());
            }
        } catch (IOException e) {
            throw new IllegalStateException("could not create a show at " + baseUrl + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
