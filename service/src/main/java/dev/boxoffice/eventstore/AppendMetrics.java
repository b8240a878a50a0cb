package dev.boxoffice.eventstore;

/** Told of every append statement committed: how many appends and events it carried, and how long it took. */
public interface AppendMetrics {

    void flushed(int appends, int events, long nanos);
}
