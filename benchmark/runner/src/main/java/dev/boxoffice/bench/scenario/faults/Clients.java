package dev.boxoffice.bench.scenario.faults;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Clients of a history, each one operation at a time through the edge, on a few shows of few seats: reads, single
 * and several reservations, cancellations, holds, and confirmations and releases of their own holds. On a show that
 * sells through a waiting room a client buys as a crowd of buyers does: joins its line (a few tickets at once), asks
 * about its tickets, and holds or reserves with each admission (and confirms with it). Every operation is recorded with its call, its
 * return and its outcome; nothing is retried, nothing is left out.
 */
final class Clients {

    /** A write not answered within this is recorded with an unknown outcome. */
    static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final Pattern SEATS = Pattern.compile("\"seats\":\"([AHR]*)\"");
    private static final Pattern HOLD_ID = Pattern.compile("\"holdId\":\"([0-9a-f-]{36})\"");
    private static final Pattern TICKET = Pattern.compile("\"ticket\":\"([^\"]+)\"");
    private static final Pattern STATUS = Pattern.compile("\"status\":\"([A-Z]+)\"");
    private static final Pattern CODE = Pattern.compile("\"code\":\"([A-Z_]+)\"");
    private static final Pattern ADMISSION = Pattern.compile("\"admissionToken\":\"([^\"]+)\"");

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final String frontUrl;
    private final String prefix;
    private final List<String> shows;
    private final Set<String> rooms;
    private final int seats;
    private final long origin;
    private final AtomicLong sequence = new AtomicLong();
    private final List<Operation> operations = Collections.synchronizedList(new ArrayList<>());
    private final List<Ticket> tickets = Collections.synchronizedList(new ArrayList<>());

    /** A hold a client placed and has not settled: the id of the operation that placed it, and the service's id. */
    private record OpenHold(String opId, String holdId, String show, List<Integer> seats, Admission admission) {
    }

    /** A ticket to a show's line: the id of the join that got it, and the ticket. */
    private record Ticket(String joinId, String show, String ticket) {
    }

    /** An admission to buy: the id of the poll that gave it, and its token. */
    private record Admission(String pollId, String show, String token) {
    }

    /** What one client has under way: its open holds, its tickets in the lines, its admissions not used yet. */
    private static final class Buyer {
        final List<OpenHold> holds = new ArrayList<>();
        final List<Ticket> tickets = new ArrayList<>();
        final Deque<Admission> admissions = new ArrayDeque<>();
    }

    /** How many tickets a client holds at once: enough for lines longer than a few seconds of their rate. */
    private static final int TICKETS_PER_CLIENT = 4;

    /** @param rooms the shows that sell through a waiting room */
    Clients(String frontUrl, String prefix, List<String> shows, Set<String> rooms, int seats, long origin) {
        this.frontUrl = frontUrl;
        this.prefix = prefix;
        this.shows = shows;
        this.rooms = rooms;
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

    /** Asks once more about every ticket a join got, {@code clients} at a time: the line's last word on each. */
    void pollAll(int clients) throws InterruptedException {
        List<Ticket> all;
        synchronized (tickets) {
            all = List.copyOf(tickets);
        }
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int client = c;
            threads.add(Thread.ofPlatform().name("faults-last-poll-" + c).start(() -> {
                for (int i = client; i < all.size(); i += clients) {
                    record(poll(client, all.get(i), "last-poll"));
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    List<Operation> operations() {
        synchronized (operations) {
            return List.copyOf(operations);
        }
    }

    private void loop(int client, long deadline, long meanPauseMicros, Random random) {
        Buyer buyer = new Buyer();
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
            } else if (dice >= 60 && dice < 70) {
                write(client, show, "cancel", List.of(seat(random)), null, "PATCH", "/seats/%d", "{\"action\":\"CANCEL_RESERVATION\"}", null);
            } else if (dice >= 85 && !buyer.holds.isEmpty()) {
                OpenHold hold = buyer.holds.remove(random.nextInt(buyer.holds.size()));
                boolean confirm = random.nextInt(10) < 6;
                write(client, hold.show(), confirm ? "confirm" : "release", hold.seats(), hold.opId(), confirm ? "POST" : "DELETE",
                        "/holds/" + hold.holdId() + (confirm ? "/confirm" : ""), null, confirm ? hold.admission() : null);
            } else if (rooms.contains(show) || !buyer.admissions.isEmpty()) {
                buy(client, show, dice, random, buyer);
            } else {
                sell(client, show, dice, random, buyer, null);
            }
        }
    }

    /**
     * A buyer's next step on a waiting room's show: use an admission, or join a line (up to a few tickets at once, as
     * a crowd of buyers would), or ask about one of its tickets.
     */
    private void buy(int client, String show, int dice, Random random, Buyer buyer) {
        if (!buyer.admissions.isEmpty()) {
            Admission admission = buyer.admissions.poll();
            sell(client, admission.show(), dice, random, buyer, admission);
        } else if (buyer.tickets.size() < TICKETS_PER_CLIENT && (buyer.tickets.isEmpty() || random.nextBoolean())) {
            Ticket ticket = join(client, show);
            if (ticket != null) {
                buyer.tickets.add(ticket);
            }
        } else {
            Ticket ticket = buyer.tickets.get(random.nextInt(buyer.tickets.size()));
            Operation poll = poll(client, ticket, "poll");
            String status = statusOf(poll);
            record(poll.withoutBody().seeing(status));
            Matcher token = ADMISSION.matcher(poll.seen() == null ? "" : poll.seen());
            if (poll.status() == 200 && token.find()) {
                buyer.admissions.add(new Admission(poll.id(), ticket.show(), token.group(1)));
            }
            if (poll.status() == 200 && !"WAITING".equals(status)) {
                buyer.tickets.remove(ticket); // admitted, or expired
            }
        }
    }

    /** A reservation of one seat or two, or a hold, on {@code show}: with {@code admission} if it sells through a room. */
    private void sell(int client, String show, int dice, Random random, Buyer buyer, Admission admission) {
        if (dice < 50) {
            write(client, show, "reserve", List.of(seat(random)), null, "PATCH", "/seats/%d", "{\"action\":\"RESERVE\"}", admission);
        } else if (dice < 60) {
            List<Integer> two = twoSeats(random);
            write(client, show, "reserve-many", two, null, "POST", "/reservations", "{\"seats\":" + two + "}", admission);
        } else {
            hold(client, show, random, buyer.holds, admission);
        }
    }

    /** Joins {@code show}'s line: the ticket got, or null. */
    private Ticket join(int client, String show) {
        Operation op = send(client, nextId(), show, "join", List.of(), null, "POST", "/queue", null, null, false);
        record(op.withoutBody());
        Matcher ticket = TICKET.matcher(op.seen());
        if (op.outcome().equals("ok") && ticket.find()) {
            Ticket got = new Ticket(op.id(), show, ticket.group(1));
            tickets.add(got);
            return got;
        }
        return null;
    }

    /** Asks about a ticket; the operation returned carries the answer's body as {@code seen}. */
    private Operation poll(int client, Ticket ticket, String kind) {
        long call = now();
        HttpResponse<String> response = get("/shows/" + ticket.show() + "/queue/" + ticket.ticket());
        int status = response == null ? 0 : response.statusCode();
        String body = response == null ? "" : response.body();
        Operation op = new Operation(nextId(), client, ticket.show(), kind, List.of(), null, call, now(),
                status == 200 ? "ok" : "failed", body, status, ticket.joinId(), null);
        return kind.equals("last-poll") ? op.withoutBody().seeing(statusOf(op)) : op;
    }

    /** The status a poll's answer gives (WAITING, ADMITTED, EXPIRED), or its problem's code. */
    private static String statusOf(Operation poll) {
        String body = poll.seen() == null ? "" : poll.seen();
        Matcher status = STATUS.matcher(body);
        if (poll.status() == 200 && status.find()) {
            return status.group(1);
        }
        Matcher code = CODE.matcher(body);
        return code.find() ? code.group(1) : null;
    }

    private void hold(int client, String show, Random random, List<OpenHold> holds, Admission admission) {
        List<Integer> held = random.nextBoolean() ? List.of(seat(random)) : twoSeats(random);
        String id = nextId();
        Operation op = send(client, id, show, "hold", held, id, "POST", "/holds",
                "{\"seats\":" + held + ",\"ttlSeconds\":3600}", admission, true);
        if (op.outcome().equals("ok")) {
            Matcher holdId = HOLD_ID.matcher(op.seen());
            if (holdId.find()) {
                holds.add(new OpenHold(id, holdId.group(1), show, held, admission));
            }
        }
        record(op.withoutBody());
    }

    private void write(int client, String show, String kind, List<Integer> seatNumbers, String hold, String method,
            String path, String body, Admission admission) {
        String id = nextId();
        Operation op = send(client, id, show, kind, seatNumbers, hold, method,
                path.contains("%d") ? path.formatted(seatNumbers.get(0)) : path, body, admission, true);
        record(op.withoutBody());
    }

    private void read(int client, String show) {
        long call = now();
        HttpResponse<String> response = get("/shows/" + show);
        int status = response == null ? 0 : response.statusCode();
        Matcher letters = SEATS.matcher(response == null ? "" : response.body());
        String seen = status == 200 && letters.find() ? letters.group(1) : null;
        record(new Operation(nextId(), client, show, "read", List.of(), null, call, now(), seen == null ? "failed" : "ok",
                seen, status, null, null));
    }

    /** A read through the edge: its answer, or null if none came (a read that failed tells nothing). */
    private HttpResponse<String> get(String path) {
        try {
            return http.send(HttpRequest.newBuilder(URI.create(frontUrl + path)).timeout(TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * Sends one write (or a join), with {@code admission}'s token if given and, if {@code correlated}, its id as the
     * correlation id its events carry; the operation returned carries the answer's body as {@code seen}, for the
     * caller to read.
     */
    private Operation send(int client, String id, String show, String kind, List<Integer> seatNumbers, String hold,
            String method, String path, String body, Admission admission, boolean correlated) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(frontUrl + "/shows/" + show + path))
                .timeout(TIMEOUT)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (correlated) {
            request.header("X-Correlation-Id", id);
        }
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (admission != null) {
            request.header("Admission-Token", admission.token());
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
        } catch (IOException e) {
            outcome = "unknown"; // timed out or cut off: it may have been written
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            outcome = "unknown";
        }
        return new Operation(id, client, show, kind, seatNumbers, hold, call, now(), outcome, answer, status, null,
                admission == null ? null : admission.pollId());
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
