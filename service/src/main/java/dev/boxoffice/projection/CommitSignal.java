package dev.boxoffice.projection;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * "Events were just committed by this instance": raised by the event store after each append statement commits,
 * heard by the projection runners (which then read the log) and by the notifier that tells other instances.
 * It carries no data; the log is the only source of what was committed.
 */
public final class CommitSignal {

    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    public void listen(Runnable listener) {
        listeners.add(listener);
    }

    public void committed() {
        for (Runnable listener : listeners) {
            listener.run();
        }
    }
}
