package dev.boxoffice.bench.scenario.faults;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Clients of a history, each one operation at a time through the edge, on a few shows of few seats: reads, single
 * and several reservations, cancellations, holds, and confirmations and releases of their own holds. Every operation
 * is recorded with its call, its return and its outcome; nothing is retried, nothing is left out.
 */
final class Clients {

    /** A write not answered within this is recorded with an unknown outcome. */
    static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final Pattern SEATS = Pattern.compile("\"seats\":\"([AHR]*)\"");
    private static final Pattern HOLD_ID = Pattern.compile("\"holdId\":\"([0-9a-f-]{36})\"");

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final String frontUrl;
    private final String prefix;
    private final List<String> shows;
    private final int seats;
    private final long origin;
    private final AtomicLong sequence = new AtomicLong();
    private final List<Operation> operations = Collections.synchronizedList(new ArrayList<>());

    /** A hold a client placed and has not settled: the id of the operation that placed it, and the service's id. */
    private record OpenHold(String opId, String holdId, String show, List<Integer> seats) {
    }

    Clients(String frontUrl, String prefix, List<String> shows, int seats, long origin) {
        this.frontUrl = frontUrl;
        this.prefix = prefix;
        this.shows = shows;
        this.seats = seats;
        this.origin = origin;
    }

    /**
     * Runs {@code clients} clients, {@code rate} operations a second in all, until {@code deadline} (a
     * {@link System#nanoTime()}); blocks until they end.
     */
    void run(int clients, double rate, long deadline, long seed) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        long meanPauseMicros = (long) (clients * 1e6 / rate);
        for (int c = 0; c < clients; c++) {
            int client = c;
            threads.add(Thread.ofPlatform().name("faults-client-" + c)
                    .start(() -> loop(client, deadline, meanPauseMicros, new Random(seed + client))));
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    /** Reads every show once, as client {@code client}: the history's last word on each. */
    void readAll(int client) {
        shows.forEach(show -> read(client, show));
    }

    List<Operation> operations() {
        synchronized (operations) {
            return List.copyOf(operations);
        }
    }

    private void loop(int client, long deadline, long meanPauseMicros, Random random) {
        List<OpenHold> holds = new ArrayList<>();
        while (System.nanoTime() < deadline) {
            try {
                Thread.sleep(Duration.ofNanos(1_000 * (long) (random.nextDouble() * 2 * meanPauseMicros)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            String show = shows.get(random.nextInt(shows.size()));
            int dice = random.nextInt(100);
            if (dice < 35) {
                read(client, show);
            } else if (dice < 50) {
                write(client, show, "reserve", List.of(seat(random)), null, "PATCH", "/seats/%d", "{\"action\":\"RESERVE\"}");
            } else if (dice < 60) {
                List<Integer> two = twoSeats(random);
                write(client, show, "reserve-many", two, null, "POST", "/reservations", "{\"seats\":" + two + "}");
            } else if (dice < 70) {
                write(client, show, "cancel", List.of(seat(random)), null, "PATCH", "/seats/%d", "{\"action\":\"CANCEL_RESERVATION\"}");
            } else if (dice < 85 || holds.isEmpty()) {
                hold(client, show, random, holds);
            } else {
                OpenHold hold = holds.remove(random.nextInt(holds.size()));
                boolean confirm = random.nextInt(10) < 6;
                write(client, hold.show(), confirm ? "confirm" : "release", hold.seats(), hold.opId(), confirm ? "POST" : "DELETE",
                        "/holds/" + hold.holdId() + (confirm ? "/confirm" : ""), null);
            }
        }
    }

    private void hold(int client, String show, Random random, List<OpenHold> holds) {
        List<Integer> held = random.nextBoolean() ? List.of(seat(random)) : twoSeats(random);
        String id = nextId();
        Operation op = send(client, id, show, "hold", held, id, "POST", "/holds",
                "{\"seats\":" + held + ",\"ttlSeconds\":3600}");
        if (op.outcome().equals("ok")) {
            Matcher holdId = HOLD_ID.matcher(op.seen());
            if (holdId.find()) {
                holds.add(new OpenHold(id, holdId.group(1), show, held));
            }
        }
        record(op.withoutBody());
    }

    private void write(int client, String show, String kind, List<Integer> seatNumbers, String hold, String method,
            String path, String body) {
        String id = nextId();
        Operation op = send(client, id, show, kind, seatNumbers, hold, method,
                path.contains("%d") ? path.formatted(seatNumbers.get(0)) : path, body);
        record(op.withoutBody());
    }

    private void read(int client, String show) {
        long call = now();
        String seen = null;
        int status = 0;
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(frontUrl + "/shows/" + show))
                    .timeout(TIMEOUT).GET().build(), HttpResponse.BodyHandlers.ofString());
            status = response.statusCode();
            Matcher letters = SEATS.matcher(response.body());
            if (status == 200 && letters.find()) {
                seen = letters.group(1);
            }
        } catch (IOException e) {
            // a read that failed tells nothing
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        record(new Operation(nextId(), client, show, "read", List.of(), null, call, now(), seen == null ? "failed" : "ok",
                seen, status));
    }

    /** Sends one write; the operation returned carries the answer's body as {@code seen}, for the caller to read. */
    private Operation send(int client, String id, String show, String kind, List<Integer> seatNumbers, String hold,
            String method, String path, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(frontUrl + "/shows/" + show + path))
                .timeout(TIMEOUT).header("X-Correlation-Id", id)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        long call = now();
        int status = 0;
        String outcome;
        String answer = "";
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            status = response.statusCode();
            answer = response.body();
            outcome = outcome(status, answer);
        } catch (ConnectException e) {
            outcome = "failed"; // never reached the edge
        } catch (HttpTimeoutException e) {
            outcome = "unknown";
        } catch (IOException e) {
            outcome = "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            outcome = "unknown";
        }
        return new Operation(id, client, show, kind, seatNumbers, hold, call, now(), outcome, answer, status);
    }

    /**
     * What an answer says was done: 2xx done; 404, 409, 410 refused by the domain; other 4xx, and 503 OVERLOADED or
     * SERVICE_UNAVAILABLE, refused before anything was written; any other 5xx (OUTCOME_UNKNOWN, the edge's 502 and
     * 504, a 503 of the edge's own) may have been written.
     */
    static String outcome(int status, String body) {
        if (status >= 200 && status < 300) {
            return "ok";
        }
        if (status == 404 || status == 409 || status == 410) {
            return "refused";
        }
        boolean nothingWritten = status == 503 && (body.contains("\"OVERLOADED\"") || body.contains("\"SERVICE_UNAVAILABLE\""));
        return status < 500 || nothingWritten ? "failed" : "unknown";
    }

    private void record(Operation op) {
        operations.add(op);
    }

    private String nextId() {
        return prefix + sequence.incrementAndGet();
    }

    private long now() {
        return System.nanoTime() - origin;
    }

    private int seat(Random random) {
        return random.nextInt(seats);
    }

    private List<Integer> twoSeats(Random random) {
        int first = random.nextInt(seats);
        int second = (first + 1 + random.nextInt(seats - 1)) % seats;
        return List.of(Math.min(first, second), Math.max(first, second));
    }
}
