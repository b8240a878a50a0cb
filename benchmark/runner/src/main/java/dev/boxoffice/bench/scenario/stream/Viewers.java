package dev.boxoffice.bench.scenario.stream;

import io.vertx.core.Future;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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

    private static final String RECORDED_AT = "\"recordedAt\":\"";

    private final HttpClient client;
    private final Recorder delivery = new Recorder(TimeUnit.SECONDS.toMicros(60), 3);
    private final LongAdder delivered = new LongAdder();
    private final LongAdder ended = new LongAdder();
    private final AtomicInteger opened = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();

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
            io.vertx.core.Promise<Void> began = io.vertx.core.Promise.promise();
            vertx.setTimer(delay, t -> openOne(path).onComplete(began));
            all.add(began.future());
        }
        return Future.join(all).mapEmpty();
    }

    private Future<Void> openOne(String path) {
        io.vertx.core.Promise<Void> began = io.vertx.core.Promise.promise();
        client.request(new RequestOptions().setMethod(HttpMethod.GET).setURI(path).setTimeout(0)
                        .addHeader("Accept", "text/event-stream"))
                .compose(HttpClientRequest::send)
                .onFailure(e -> {
                    refused.incrementAndGet();
                    began.tryComplete();
                })
                .onSuccess(response -> {
                    if (response.statusCode() != 200) {
                        refused.incrementAndGet();
                        began.tryComplete();
                        response.body();
                        return;
                    }
                    RecordParser events = RecordParser.newDelimited("\n\n", event -> receive(event, began));
                    response.handler(events);
                    response.exceptionHandler(e -> began.tryComplete());
                });
        return began.future();
    }

    private void receive(Buffer event, io.vertx.core.Promise<Void> began) {
        String text = event.toString();
        if (text.contains("event: seats")) {
            int at = text.indexOf(RECORDED_AT);
            if (at >= 0) {
                int from = at + RECORDED_AT.length();
                Instant recorded = Instant.parse(text.substring(from, text.indexOf('"', from)));
                long micros = java.time.Duration.between(recorded, Instant.now()).toNanos() / 1000;
                delivery.recordValue(Math.max(0, Math.min(micros, TimeUnit.SECONDS.toMicros(60))));
                delivered.increment();
            }
        } else if (text.contains("event: snapshot")) {
            opened.incrementAndGet();
            began.tryComplete();
        } else if (text.contains("event: end")) {
            ended.increment();
        }
    }

    int opened() {
        return opened.get();
    }

    int refused() {
        return refused.get();
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
