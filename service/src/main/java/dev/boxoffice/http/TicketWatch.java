package dev.boxoffice.http;

import dev.boxoffice.api.QueueTicketView;
import io.smallrye.mutiny.subscription.MultiEmitter;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A ticket's standing, sent on its stream now and again after a quarter of the estimated wait (between 1 and 10
 * seconds), or at once when its room's seats run out or come back ({@link TicketWatches}), until it is ADMITTED,
 * EXPIRED or SOLD_OUT. What a stream holds is one timer and the last answer's bytes; the open connection is bounded
 * with the others (ConnectionBound).
 */
final class TicketWatch {

    static final long MIN_INTERVAL_MILLIS = 1_000;
    static final long MAX_INTERVAL_MILLIS = 10_000;

    private final Vertx vertx;
    private final Context context;
    private final MultiEmitter<? super QueueTicketView> emitter;
    private final Supplier<Future<QueueAnswers.Answer>> standing;
    private long timer = -1; // these three on the context only
    private boolean asking;
    private boolean askAgain;

    /** @param onEnd told when the stream ends, however it ends (the emitter takes one termination callback) */
    TicketWatch(Vertx vertx, MultiEmitter<? super QueueTicketView> emitter, Supplier<Future<QueueAnswers.Answer>> standing,
            Consumer<TicketWatch> onEnd) {
        this.vertx = vertx;
        this.context = vertx.getOrCreateContext();
        this.emitter = emitter;
        this.standing = standing;
        emitter.onTermination(() -> context.runOnContext(ended -> {
            vertx.cancelTimer(timer);
            onEnd.accept(this);
        }));
    }

    /** Asks now rather than at the timer (or once the answer under way is in), on the stream's own context. */
    void wake() {
        context.runOnContext(now -> {
            if (emitter.isCancelled()) {
                return;
            }
            if (asking) {
                askAgain = true;
            } else {
                vertx.cancelTimer(timer);
                next();
            }
        });
    }

    void next() {
        if (emitter.isCancelled()) {
            return;
        }
        asking = true;
        // Answered on the show's event loop, perhaps another: the watch's state is kept on its own.
        standing.get().onComplete(answered -> context.runOnContext(onItsOwn -> {
            asking = false;
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
            if (askAgain) {
                askAgain = false;
                next();
            } else {
                timer = vertx.setTimer(interval(view), t -> next());
            }
        }));
    }

    private static long interval(QueueTicketView view) {
        long waitMillis = view.estimatedWaitSeconds() == null ? MAX_INTERVAL_MILLIS : view.estimatedWaitSeconds() * 250;
        return Math.max(MIN_INTERVAL_MILLIS, Math.min(MAX_INTERVAL_MILLIS, waitMillis));
    }
}
