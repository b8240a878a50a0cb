package dev.boxoffice.bench.scenario.stream;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.parsetools.RecordParser;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;

/**
 * Browsers watching one show's seat map: each holds a stream open (a connection of its own), and for every seat
 * change it receives records the time from the event's recording in the database (its {@code recordedAt}, the same
 * clock on one machine) to its arrival here. The database stamps an event as its statement starts, before the commit,
 * so the figure includes the commit: it is an upper bound of commit-to-arrival.
 */
final class Viewers implements AutoCloseable {

    private static final int TRIES = 10;
    private static final byte[] RECORDED_AT = "\"recordedAt\":\"".getBytes(StandardCharsets.US_ASCII);

    private final HttpClient client;
    private final Recorder delivery = new Recorder(TimeUnit.SECONDS.toMicros(60), 3);
    private final LongAdder delivered = new LongAdder();
    private final LongAdder ended = new LongAdder();
    private final AtomicInteger opened = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();

    Viewers(Vertx vertx, URI base, int viewers) {
        client = vertx.createHttpClient(new HttpClientOptions().setDefaultHost(base.getHost())
                .setDefaultPort(base.getPort()).setKeepAlive(false).setTcpNoDelay(true).setIdleTimeout(0),
                new PoolOptions().setHttp1MaxSize(viewers).setMaxWaitQueueSize(-1));
    }

    /** Opens {@code count} streams on {@code path}, {@code perSecond} at a time; completes once each began or failed. */
    Future<Void> open(String path, int count, int perSecond, Vertx vertx) {
        List<Future<Void>> all = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long delay = 1 + (long) i * 1000 / perSecond;
            Promise<Void> began = Promise.promise();
            vertx.setTimer(delay, t -> openOne(vertx, path, 1, began));
            all.add(began.future());
        }
        return Future.join(all).mapEmpty();
    }

    /** One stream; a 503 is tried again after its Retry-After, with jitter, as the page does, up to {@value #TRIES} times. */
    private void openOne(Vertx vertx, String path, int attempt, Promise<Void> began) {
        client.request(new RequestOptions().setMethod(HttpMethod.GET).setURI(path).setTimeout(0)
                        .addHeader("Accept", "text/event-stream"))
                .compose(HttpClientRequest::send)
                .onFailure(e -> {
                    failed.incrementAndGet();
                    began.tryComplete();
                })
                .onSuccess(response -> {
                    if (response.statusCode() != 200) {
                        response.body();
                        refused.incrementAndGet();
                        String retryAfter = response.getHeader("Retry-After");
                        if (response.statusCode() == 503 && retryAfter != null && attempt < TRIES) {
                            long wait = Long.parseLong(retryAfter) * 1000 + ThreadLocalRandom.current().nextLong(1000);
                            vertx.setTimer(wait, t -> openOne(vertx, path, attempt + 1, began));
                        } else {
                            failed.incrementAndGet();
                            began.tryComplete();
                        }
                        return;
                    }
                    RecordParser events = RecordParser.newDelimited("\n\n", event -> receive(event, began));
                    response.handler(events);
                    response.exceptionHandler(e -> began.tryComplete());
                });
    }

    private void receive(Buffer event, Promise<Void> began) {
        long arrived = System.currentTimeMillis() * 1000; // before any parsing
        String head = event.getString(0, Math.min(event.length(), 40)); // "id: 123\nevent: seats\n..."
        if (head.contains("event: seats")) {
            int from = indexOf(event, RECORDED_AT);
            if (from >= 0) {
                int to = from;
                while (to < event.length() && event.getByte(to) != '"') {
                    to++;
                }
                String at = event.getString(from, to);
                long micros = arrived - toMicros(Instant.parse(at));
                delivery.recordValue(Math.max(0, Math.min(micros, TimeUnit.SECONDS.toMicros(60))));
                delivered.increment();
            }
        } else if (head.contains("event: snapshot")) {
            opened.incrementAndGet();
            began.tryComplete();
        } else if (head.contains("event: end")) {
            ended.increment();
        }
    }

    /** Where the value of {@code marker} starts in {@code event}, searched from its end (recordedAt comes last). */
    private static int indexOf(Buffer event, byte[] marker) {
        for (int i = event.length() - marker.length; i >= 0; i--) {
            int j = 0;
            while (j < marker.length && event.getByte(i + j) == marker[j]) {
                j++;
            }
            if (j == marker.length) {
                return i + marker.length;
            }
        }
        return -1;
    }

    private static long toMicros(Instant instant) {
        return instant.getEpochSecond() * 1_000_000 + instant.getNano() / 1000;
    }

    int opened() {
        return opened.get();
    }

    /** Answers other than a stream, 503s tried again included. */
    int refused() {
        return refused.get();
    }

    /** Streams that never began: no connection, another answer than 503, or 503 {@value #TRIES} times. */
    int failed() {
        return failed.get();
    }

    long delivered() {
        return delivered.sum();
    }

    long ended() {
        return ended.sum();
    }

    /** The deliveries so far, in microseconds. */
    org.HdrHistogram.Histogram deliveries() {
        return delivery.getIntervalHistogram();
    }

    @Override
    public void close() {
        client.close();
    }
}
