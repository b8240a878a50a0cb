package dev.boxoffice.eventstore;

import dev.boxoffice.eventstore.AppendResult.WrongExpectedVersion;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.Pool;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Appends of many streams share one statement, hence one round trip and one transaction.
 *
 * <p>No timer: an append is written at once while fewer than {@code maxConcurrentStatements} statements are in
 * flight; otherwise it waits and joins the next statement with everything else that arrived meanwhile. Light load
 * pays no batching delay; heavy load gets large batches. A conflict refuses only its own append: a statement that
 * hits one is run again with each of its appends on its own.
 *
 * <p>An append is given up on when the database stops answering ({@link DatabaseLiveness}): one still waiting is
 * dropped unwritten, and one in a statement sent fails with its outcome unknown, which the caller treats as it treats
 * a lost connection. A late answer changes nothing then.
 */
final class GroupCommit {

    /** A stream's version, or a keyed record's key, that another writer took first. */
    private static final Set<String> CONFLICT_CONSTRAINTS = Set.of("events_stream_version_unique", "keyed_records_pkey");

    /** Deadlock and serialisation failures between instances: the whole statement is safe to run again. */
    private static final Set<String> RETRYABLE_SQL_STATES = Set.of("40P01", "40001");
    private static final String UNIQUE_VIOLATION = "23505";
    private static final int MAX_ATTEMPTS = 3;

    private final Vertx vertx;
    private final Pool pool;
    private final DatabaseLiveness liveness;
    private final int maxConcurrentStatements;
    private final int maxEventsPerStatement;
    private final List<CommitListener> listeners = new CopyOnWriteArrayList<>();

    private final ArrayDeque<PendingAppend> waiting = new ArrayDeque<>();
    private final List<List<PendingAppend>> inFlight = new ArrayList<>(); // guarded by this; compared by identity
    private boolean watching; // guarded by this: a timer will look for overdue appends

    GroupCommit(Vertx vertx, Pool pool, DatabaseLiveness liveness, int maxConcurrentStatements, int maxEventsPerStatement) {
        this.vertx = vertx;
        this.pool = pool;
        this.liveness = liveness;
        this.maxConcurrentStatements = maxConcurrentStatements;
        this.maxEventsPerStatement = maxEventsPerStatement;
    }

    void onCommit(CommitListener listener) {
        listeners.add(listener);
    }

    Future<AppendResult> append(StreamName stream, ExpectedVersion expected, List<NewEvent> events,
            List<KeyedRecord> records) {
        long now = liveness.now();
        if (liveness.silent(now)) { // nothing new waits on a database that has not been heard for the timeout
            return Future.failedFuture(new DatabaseUnresponsiveException("The database has not been heard for "
                    + liveness.timeout().toMillis() + " ms; nothing was written", false));
        }
        PendingAppend pending = new PendingAppend(stream, expected, List.copyOf(events), List.copyOf(records),
                Promise.promise(), now);
        boolean watch;
        synchronized (this) {
            waiting.addLast(pending);
            watch = !watching;
            watching = true;
        }
        if (watch) {
            watchDeadlines();
        }
        writeIfCapacity();
        return pending.promise().future();
    }

    private void writeIfCapacity() {
        List<PendingAppend> batch;
        synchronized (this) {
            if (inFlight.size() >= maxConcurrentStatements || waiting.isEmpty()) {
                return;
            }
            batch = takeBatch();
            inFlight.add(batch);
        }
        long started = System.nanoTime();
        var statement = new AppendStatement(batch);
        liveness.owe(pool.preparedQuery(statement.sql()).execute(statement.parameters())).onComplete(ar -> {
            synchronized (this) {
                inFlight.removeIf(sent -> sent == batch);
            }
            if (ar.succeeded()) {
                liveness.writesSucceed();
                long nanos = System.nanoTime() - started;
                int events = AppendStatement.countEvents(batch);
                listeners.forEach(listener -> listener.committed(batch.size(), events, nanos));
                statement.complete(ar.result());
            } else {
                fail(batch, ar.cause());
            }
            writeIfCapacity();
        });
    }

    /**
     * Oldest first, at most one append per stream (its versions would collide), up to the event budget. An append
     * that must go alone (after a conflict in a shared statement) is never joined by others.
     */
    private List<PendingAppend> takeBatch() {
        List<PendingAppend> batch = new ArrayList<>();
        Set<StreamName> streams = new HashSet<>();
        int events = 0;
        for (Iterator<PendingAppend> it = waiting.iterator(); it.hasNext(); ) {
            PendingAppend next = it.next();
            if (!batch.isEmpty() && (next.alone() || events + next.events().size() > maxEventsPerStatement)) {
                break;
            }
            if (streams.add(next.stream())) {
                it.remove();
                batch.add(next);
                events += next.events().size();
                if (next.alone()) {
                    break;
                }
            }
        }
        return batch;
    }

    /**
     * A version conflict of a lone append is its typed refusal. In a shared statement it does not say whose it
     * was, so each append of the statement goes again on its own. Deadlocks and serialisation failures between
     * instances: the whole statement is safe to run again.
     */
    private void fail(List<PendingAppend> batch, Throwable cause) {
        if (isVersionConflict(cause)) {
            if (batch.size() == 1) {
                PendingAppend append = batch.get(0);
                append.promise().tryComplete(new WrongExpectedVersion(append.stream(), append.expected()));
            } else {
                requeue(batch.stream().map(PendingAppend::goingAlone).toList());
            }
            return;
        }
        boolean retryable = cause instanceof PgException pg && RETRYABLE_SQL_STATES.contains(pg.getSqlState());
        if (cause instanceof PgException && !retryable) {
            liveness.writeRefused();
        }
        List<PendingAppend> again = new ArrayList<>();
        for (PendingAppend append : batch) {
            if (retryable && append.attempt() < MAX_ATTEMPTS && !append.answered()) {
                again.add(append.nextAttempt());
            } else {
                append.promise().tryFail(cause);
            }
        }
        requeue(again);
    }

    /**
     * While appends are pending, as often as {@link DatabaseLiveness} says: those given up on are answered, and
     * waiting ones dropped. One timer at a time, none while nothing is pending.
     */
    private void watchDeadlines() {
        vertx.setTimer(liveness.checkEveryMillis(), timer -> {
            List<PendingAppend> unwritten = new ArrayList<>();
            List<PendingAppend> unknown = new ArrayList<>();
            boolean again;
            synchronized (this) {
                long now = liveness.now();
                for (Iterator<PendingAppend> it = waiting.iterator(); it.hasNext(); ) {
                    PendingAppend append = it.next();
                    if (liveness.givesUp(append.sinceNanos(), now)) {
                        it.remove();
                        unwritten.add(append);
                    }
                }
                inFlight.forEach(batch -> batch.stream().filter(append -> liveness.givesUp(append.sinceNanos(), now) && !append.answered())
                        .forEach(unknown::add));
                again = !waiting.isEmpty() || !inFlight.isEmpty();
                watching = again;
            }
            String timeout = liveness.timeout().toMillis() + " ms";
            unwritten.forEach(append -> append.promise().tryFail(new DatabaseUnresponsiveException(
                    "The database answered nothing for " + timeout + " while this append waited; nothing was written", false)));
            unknown.forEach(append -> append.promise().tryFail(new DatabaseUnresponsiveException(
                    "The database did not answer the commit within " + timeout + "; it may or may not be committed", true)));
            if (again) {
                watchDeadlines();
            }
        });
    }

    private static boolean isVersionConflict(Throwable cause) {
        return cause instanceof PgException pg && UNIQUE_VIOLATION.equals(pg.getSqlState())
                && CONFLICT_CONSTRAINTS.contains(pg.getConstraint());
    }

    /** Back to the head of the queue, in their order: they are older than anything waiting. */
    private void requeue(List<PendingAppend> appends) {
        synchronized (this) {
            for (int i = appends.size() - 1; i >= 0; i--) {
                waiting.addFirst(appends.get(i));
            }
        }
    }

}
