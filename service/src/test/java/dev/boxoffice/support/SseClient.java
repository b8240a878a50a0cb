package dev.boxoffice.support;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A server-sent events client for tests: opens a stream, parses its events on a thread of its own, and hands them
 * over one at a time. Comments (keep-alives) and {@code retry} lines are skipped.
 */
public final class SseClient implements AutoCloseable {

    /** One event: its id (null if it had none), its name and its data. */
    public record Event(String id, String event, String data) {
    }

    private final HttpResponse<Stream<String>> response;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private volatile boolean ended;

    private SseClient(HttpResponse<Stream<String>> response) {
        this.response = response;
        Thread reader = new Thread(this::read, "sse-client");
        reader.setDaemon(true);
        reader.start();
    }

    /** Opens {@code uri}, sending {@code lastEventId} if not null; fails unless the answer is a 200 stream. */
    public static SseClient open(URI uri, String lastEventId) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).header("Accept", "text/event-stream")
                .timeout(Duration.ofSeconds(10));
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        return open(request);
    }

    /** Opens {@code uri} with the {@code Authorization} header given; fails unless the answer is a 200 stream. */
    public static SseClient openAuthorized(URI uri, String authorization) throws Exception {
        return open(HttpRequest.newBuilder(uri).header("Accept", "text/event-stream").header("Authorization", authorization)
                .timeout(Duration.ofSeconds(10)));
    }

    private static SseClient open(HttpRequest.Builder request) throws Exception {
        HttpResponse<Stream<String>> response = HttpClient.newHttpClient()
                .send(request.build(), HttpResponse.BodyHandlers.ofLines());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("status " + response.statusCode() + ": " + String.join("\n", response.body().toList()));
        }
        return new SseClient(response);
    }

    public String contentType() {
        return response.headers().firstValue("Content-Type").orElse("");
    }

    /** The next event, waiting up to {@code timeout}; fails if none comes. */
    public Event next(Duration timeout) throws InterruptedException {
        Event event = events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (event == null) {
            throw new AssertionError("no event within " + timeout + (ended ? " (the stream ended)" : ""));
        }
        return event;
    }

    /** The next event within a short while, or null. */
    public Event poll(Duration timeout) throws InterruptedException {
        return events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public boolean ended() {
        return ended;
    }

    private void read() {
        try (Stream<String> lines = response.body()) {
            parse(lines::iterator, events::add);
        } catch (RuntimeException e) {
            // closed
        } finally {
            ended = true;
        }
    }

    /** The one event of {@code frame} (text/event-stream, ending with its blank line). */
    public static Event parse(String frame) {
        List<Event> parsed = new ArrayList<>();
        parse(frame.lines()::iterator, parsed::add);
        if (parsed.size() != 1) {
            throw new IllegalArgumentException("not one event: " + frame);
        }
        return parsed.getFirst();
    }

    private static void parse(Iterable<String> lines, Consumer<Event> sink) {
        String id = null;
        String event = null;
        List<String> data = new ArrayList<>();
        for (String line : lines) {
            if (line.isEmpty()) {
                if (!data.isEmpty()) {
                    sink.accept(new Event(id, event == null ? "message" : event, String.join("\n", data)));
                }
                id = null;
                event = null;
                data.clear();
            } else if (line.startsWith("id:")) {
                id = line.substring(3).trim();
            } else if (line.startsWith("event:")) {
                event = line.substring(6).trim();
            } else if (line.startsWith("data:")) {
                data.add(line.substring(5).trim());
            }
        }
    }

    @Override
    public void close() {
        response.body().close();
    }
}
