package dev.boxoffice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reservations of random seats of a few shows from several threads through HAProxy, each request with a correlation id
 * of its own ({@code show/seat/load-n}, unique across loads on one database) so that its fate can be checked against the event log: acknowledged (200), refused
 * (409: the seat was taken), refused as overloaded (503 OVERLOADED: admission control let nothing in, the request may be retried), or failed
 * (no answer or another 5xx: the outcome is unknown to the client; its body is kept to say which part refused).
 */
final class ReservationLoad implements AutoCloseable {

    private final String frontUrl;
    private final List<String> showIds;
    private final int seats;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final AtomicLong sequence = new AtomicLong();
    private final String loadId = UUID.randomUUID().toString().substring(0, 8);
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean running = true;

    final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    final Set<String> refused = ConcurrentHashMap.newKeySet();
    /** Refused before anything was done: a node behind by more than its wait bound (a starved host), not a drain. */
    final Set<String> overloaded = ConcurrentHashMap.newKeySet();
    final Map<String, Long> failedAtNanos = new ConcurrentHashMap<>();
    final AtomicLong lastSuccessNanos = new AtomicLong();
    /** When each answer (200, 409) came, and the longest any request waited for its answer or failure. */
    final ConcurrentSkipListSet<Long> answeredAtNanos = new ConcurrentSkipListSet<>();
    final AtomicLong slowestNanos = new AtomicLong();

    ReservationLoad(String frontUrl, List<String> showIds, int seats, int threadCount) {
        this.frontUrl = frontUrl;
        this.showIds = showIds;
        this.seats = seats;
        for (int i = 0; i < threadCount; i++) {
            threads.add(Thread.ofPlatform().name("reserve-" + i).start(this::run));
        }
    }

    private void run() {
        while (running) {
            String show = showIds.get(ThreadLocalRandom.current().nextInt(showIds.size()));
            int seat = ThreadLocalRandom.current().nextInt(seats);
            String correlationId = show + "/" + seat + "/" + loadId + "-" + sequence.incrementAndGet();
            HttpRequest request = reservation(frontUrl, show, seat, correlationId);
            long sent = System.nanoTime();
            try {
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                int status = response.statusCode();
                if (status == 200) {
                    acknowledged.add(correlationId);
                } else if (status == 409) {
                    refused.add(correlationId);
                } else if (status == 503 && response.body().contains("\"code\":\"OVERLOADED\"")) {
                    overloaded.add(correlationId);
                } else {
                    failedAtNanos.put(correlationId + " (" + status + " " + oneLine(response.body()) + ")", System.nanoTime());
                }
                if (status == 200 || status == 409) {
                    lastSuccessNanos.set(System.nanoTime());
                    answeredAtNanos.add(System.nanoTime());
                }
            } catch (IOException e) {
                failedAtNanos.put(correlationId + " (" + e + ")", System.nanoTime());
            } catch (InterruptedException e) {
                return;
            }
            slowestNanos.accumulateAndGet(System.nanoTime() - sent, Math::max);
            pause();
        }
    }

    /** About 100 requests a second per thread: a load the test machine carries beside three nodes. */
    private static void pause() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    long answered() {
        return acknowledged.size() + refused.size();
    }

    /**
     * A starved host's moments, not a standing refusal: at most one request in a hundred refused as overloaded, or
     * one per thread (a node behind its bound once refuses what each thread has in flight; a short load answers few).
     */
    void assertRarelyOverloaded() {
        assertThat(overloaded.size()).as("requests refused as overloaded, of %d answered", answered())
                .isLessThanOrEqualTo((int) Math.max(threads.size(), answered() / 100));
    }

    /** A client's reservation of one seat, through the cluster's front, under {@code correlationId}. */
    static HttpRequest reservation(String frontUrl, String show, Object seat, String correlationId) {
        return HttpRequest.newBuilder(URI.create(frontUrl + "/shows/" + show + "/seats/" + seat))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .header("X-Correlation-Id", correlationId)
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"action\":\"RESERVE\"}")).build();
    }

    /** A failure's body as one short line: which part refused (a node's problem, or the proxy's page) tells why. */
    private static String oneLine(String body) {
        String line = body.replaceAll("\\s+", " ").strip();
        return line.length() <= 300 ? line : line.substring(0, 300) + "...";
    }

    /** The correlation id of a failure, without the reason added to its key. */
    static String correlationIdOf(String failure) {
        return failure.substring(0, failure.indexOf(' '));
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        for (Thread thread : threads) {
            thread.join();
        }
    }
}
