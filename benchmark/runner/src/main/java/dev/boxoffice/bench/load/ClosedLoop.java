package dev.boxoffice.bench.load;

/**
 * Closed-model load: a fixed number of workers, each sending its next request as soon as the previous one is
 * answered (like a fixed number of connections in wrk or the article's concurrency sweep). Latency is then the
 * plain service time, and throughput is what the server sustains at that concurrency.
 */
public final class ClosedLoop {

    /** One worker's request: send it, record it in {@code recorder}, then call {@code next}. */
    @FunctionalInterface
    public interface Request {
        void send(int worker, long intendedNanos, Runnable next);
    }

    private ClosedLoop() {
    }

    /** Starts {@code workers} loops on the calling event loop; they stop when the recorder closes. */
    public static void start(int workers, StepRecorder recorder, Request request) {
        for (int worker = 0; worker < workers; worker++) {
            loop(worker, recorder, request);
        }
    }

    private static void loop(int worker, StepRecorder recorder, Request request) {
        if (!recorder.closing()) {
            request.send(worker, System.nanoTime(), () -> loop(worker, recorder, request));
        }
    }
}
