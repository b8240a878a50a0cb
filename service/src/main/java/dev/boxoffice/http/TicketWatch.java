package dev.boxoffice.http;

import dev.boxoffice.api.QueueTicketView;
import io.smallrye.mutiny.subscription.MultiEmitter;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.function.Supplier;

/**
 * A ticket's standing, sent on its stream now and again after a quarter of the estimated wait (between 1 and 10
 * seconds), until it is ADMITTED or EXPIRED. What a stream holds is one timer and the last answer's bytes; the open
 * connection is bounded with the others (ConnectionBound).
 */
final class TicketWatch {

    static final long MIN_INTERVAL_MILLIS = 1_000;
    static final long MAX_INTERVAL_MILLIS = 10_000;

    private final Vertx vertx;
    private final MultiEmitter<? super QueueTicketView> emitter;
    private final Supplier<Future<QueueAnswers.Answer>> standing;
    private volatile long timer = -1;

    TicketWatch(Vertx vertx, MultiEmitter<? super QueueTicketView> emitter, Supplier<Future<QueueAnswers.Answer>> standing) {
        this.vertx = vertx;
        this.emitter = emitter;
        this.standing = standing;
        emitter.onTermination(() -> vertx.cancelTimer(timer));
    }

    void next() {
        if (emitter.isCancelled()) {
            return;
        }
        standing.get().onComplete(answered -> {
            if (answered.failed()) {
                emitter.fail(answered.cause());
                return;
            }
            QueueTicketView view = answered.result().view();
            emitter.emit(view);
            if (!view.status().equals("WAITING")) {
                emitter.complete();
                return;
            }
            timer = vertx.setTimer(interval(view), t -> next());
        });
    }

    private static long interval(QueueTicketView view) {
        long waitMillis = view.estimatedWaitSeconds() == null ? MAX_INTERVAL_MILLIS : view.estimatedWaitSeconds() * 250;
        return Math.max(MIN_INTERVAL_MILLIS, Math.min(MAX_INTERVAL_MILLIS, waitMillis));
    }
}
