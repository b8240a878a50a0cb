package dev.boxoffice.eventstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxoffice.eventstore.AppendResult.Appended;
import dev.boxoffice.eventstore.AppendResult.KeyTaken;
import dev.boxoffice.eventstore.AppendResult.WrongExpectedVersion;
import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What every implementation of the event-store ports (streams, the log, snapshots) does, run against each (PostgreSQL's,
 * and the one in memory that entity tests use), so that a test passing on one means the same on the other.
 */
abstract class EventStoreContract {

    private final EventStore store = eventStore();
    private final EventLog log = (EventLog) store;
    private final SnapshotStore snapshots = snapshotStore();
    private final KeyedRecords records = keyedRecords(store);

    /** A store that is also its log. */
    abstract EventStore eventStore();

    abstract SnapshotStore snapshotStore();

    /** The keyed records that {@code store}'s appends write. */
    abstract KeyedRecords keyedRecords(EventStore store);

    @Test
    void appendsToANewStreamAndReadsItBackInOrder() {
        StreamName stream = newStream();
        Appended appended = (Appended) append(stream, 0, "a", "b", "c");

        assertThat(appended.nextExpectedVersion()).isEqualTo(3);
        assertThat(appended.lastPosition() - appended.firstPosition()).isEqualTo(2);
        List<RecordedEvent> events = join(store.readStream(stream, 0));
        assertThat(events).extracting(RecordedEvent::version).containsExactly(1L, 2L, 3L);
        assertThat(events).extracting(e -> new String(e.payload(), StandardCharsets.UTF_8)).containsExactly("a", "b", "c");
        assertThat(events).extracting(RecordedEvent::correlationId).containsOnly("corr-1");
        assertThat(events).allSatisfy(e -> assertThat(e.recordedAt()).isNotNull());
        assertThat(join(store.readStream(stream, 2))).extracting(RecordedEvent::version).containsExactly(3L);
        assertThat(join(store.readStream(newStream(), 0))).isEmpty();
    }

    @Test
    void aWrongExpectedVersionIsATypedResultAndWritesNothing() {
        StreamName stream = newStream();
        append(stream, 0, "first");

        assertThat(append(stream, 0, "again")).isEqualTo(new WrongExpectedVersion(stream, ExpectedVersion.NO_STREAM));
        assertThat(append(stream, 5, "ahead")).isInstanceOf(WrongExpectedVersion.class);
        assertThat(append(newStream(), 1, "missing stream")).isInstanceOf(WrongExpectedVersion.class);
        assertThat(join(store.readStream(stream, 0))).hasSize(1);
        assertThat(append(stream, 1, "second")).isInstanceOf(Appended.class);
    }

    @Test
    void concurrentAppendsAtOneVersionLetExactlyOneWin() {
        StreamName stream = newStream();
        append(stream, 0, "created");
        List<Future<AppendResult>> racing = IntStream.range(0, 20)
                .mapToObj(i -> store.append(stream, ExpectedVersion.of(1), List.of(event("e" + i), event("f" + i)))).toList();

        List<AppendResult> results = join(Future.all(racing).map(all -> all.<AppendResult>list()));

        assertThat(results).filteredOn(r -> r instanceof Appended).hasSize(1);
        List<RecordedEvent> events = join(store.readStream(stream, 0));
        assertThat(events).extracting(RecordedEvent::version).containsExactly(1L, 2L, 3L);
        // Both events of the winning append, never a mix of two appends.
        assertThat(new String(events.get(1).payload()).substring(1)).isEqualTo(new String(events.get(2).payload()).substring(1));
    }

    @Test
    void appendsToManyStreamsAtOnceFailOnlyTheConflictingOne() {
        List<StreamName> streams = IntStream.range(0, 50).mapToObj(i -> newStream()).toList();
        StreamName conflicting = streams.get(17);
        append(conflicting, 0, "already there");

        List<Future<AppendResult>> appends = new ArrayList<>();
        for (StreamName stream : streams) {
            appends.add(store.append(stream, ExpectedVersion.NO_STREAM, List.of(event("x"))));
        }
        List<AppendResult> results = join(Future.all(appends).map(all -> all.<AppendResult>list()));

        for (int i = 0; i < streams.size(); i++) {
            if (streams.get(i).equals(conflicting)) {
                assertThat(results.get(i)).isInstanceOf(WrongExpectedVersion.class);
            } else {
                assertThat(results.get(i)).isInstanceOf(Appended.class);
                assertThat(join(store.readStream(streams.get(i), 0))).hasSize(1);
            }
        }
    }

    @Test
    void aTakenKeyRefusesTheWholeAppendNamingTheKey() {
        KeyedRecord answer = answer("once");
        assertThat(join(store.append(newStream(), ExpectedVersion.NO_STREAM, List.of(event("a")), List.of(answer))))
                .isInstanceOf(Appended.class);
        StreamName other = newStream();

        assertThat(join(store.append(other, ExpectedVersion.NO_STREAM, List.of(event("b")), List.of(answer("fresh"), answer))))
                .isEqualTo(new KeyTaken(other, Set.of(answer.key())));
        assertThat(join(store.readStream(other, 0))).isEmpty();
    }

    @Test
    void aRecordIsCommittedWithItsEventsAndNotWithoutThem() {
        StreamName stream = newStream();
        KeyedRecord record = answer("first");
        assertThat(join(store.append(stream, ExpectedVersion.NO_STREAM, List.of(event("a")), List.of(record))))
                .isInstanceOf(Appended.class);
        assertThat(join(records.find(record.key()))).hasValueSatisfying(found -> {
            assertThat(found.key()).isEqualTo(record.key());
            assertThat(found.value()).isEqualTo(record.value());
        });

        KeyedRecord refused = answer("conflicting");
        assertThat(join(store.append(stream, ExpectedVersion.NO_STREAM, List.of(event("b")), List.of(refused))))
                .isInstanceOf(WrongExpectedVersion.class);
        assertThat(join(records.find(refused.key()))).isEmpty();
    }

    @Test
    void aRecordWithoutEventsIsWrittenUnlessItsKeyIsTakenAndThenTakesItsKey() {
        KeyedRecord first = answer("refusal");
        assertThat(join(records.insertUnlessTaken(first))).isEmpty();

        assertThat(join(records.insertUnlessTaken(new KeyedRecord(first.key(), new byte[] {9}))))
                .hasValueSatisfying(found -> assertThat(found.value()).isEqualTo(first.value()));
        StreamName stream = newStream();
        assertThat(join(store.append(stream, ExpectedVersion.NO_STREAM, List.of(event("c")), List.of(first))))
                .isEqualTo(new KeyTaken(stream, Set.of(first.key())));
    }

    @Test
    void anAppendRefusedForItsVersionTakesNoKey() {
        StreamName stream = newStream();
        append(stream, 0, "first");
        KeyedRecord answer = answer("refused first");

        assertThat(join(store.append(stream, ExpectedVersion.NO_STREAM, List.of(event("b")), List.of(answer))))
                .isInstanceOf(WrongExpectedVersion.class);
        assertThat(join(store.append(stream, ExpectedVersion.of(1), List.of(event("b")), List.of(answer))))
                .isInstanceOf(Appended.class);
    }

    @Test
    void refusesAnAppendOfNoEvents() {
        assertThatThrownBy(() -> store.append(newStream(), ExpectedVersion.NO_STREAM, List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void eventsAndSnapshotsKeepTheSchemaVersionTheyWereWrittenIn() {
        StreamName stream = newStream();
        join(store.append(stream, ExpectedVersion.NO_STREAM, List.of(new NewEvent("Test", 1, new byte[] {1}, null),
                new NewEvent("Test", 3, new byte[] {3}, null))));
        join(snapshots.save(new Snapshot(stream, 2, 7, new byte[] {7})));

        assertThat(join(store.readStream(stream, 0))).extracting(RecordedEvent::schemaVersion).containsExactly(1, 3);
        assertThat(join(snapshots.load(stream)).orElseThrow().schemaVersion()).isEqualTo(7);
    }

    @Test
    void keepsTheNewestSnapshot() {
        StreamName stream = newStream();
        assertThat(join(snapshots.load(stream))).isEmpty();

        join(snapshots.save(new Snapshot(stream, 10, 1, "ten".getBytes())));
        join(snapshots.save(new Snapshot(stream, 5, 1, "five".getBytes())));

        Snapshot loaded = join(snapshots.load(stream)).orElseThrow();
        assertThat(loaded.version()).isEqualTo(10);
        assertThat(new String(loaded.payload())).isEqualTo("ten");
        join(snapshots.save(new Snapshot(stream, 20, 1, "twenty".getBytes())));
        assertThat(join(snapshots.load(stream)).orElseThrow().version()).isEqualTo(20);
    }

    @Test
    void theLogPagesInCommitOrderAndResumesFromAPosition() {
        LogPosition start = endOfLog();
        StreamName one = newStream();
        StreamName two = newStream();
        for (int version = 0; version < 4; version++) {
            append(one, version, "one" + version);
            append(two, version, "two" + version);
        }
        List<RecordedEvent> seen = new ArrayList<>();
        LogPosition position = start;
        List<RecordedEvent> page;
        while (!(page = join(log.readAll(position, 3))).isEmpty()) {
            assertThat(page.size()).isLessThanOrEqualTo(3);
            seen.addAll(page);
            position = page.get(page.size() - 1).logPosition();
        }
        List<RecordedEvent> ours = seen.stream().filter(e -> e.stream().equals(one) || e.stream().equals(two)).toList();
        assertThat(ours).extracting(e -> new String(e.payload(), StandardCharsets.UTF_8))
                .containsExactly("one0", "two0", "one1", "two1", "one2", "two2", "one3", "two3");
        assertThat(ours).extracting(RecordedEvent::position).isSorted();
    }

    @Test
    void readsTheTailsOfManyStreamsAtOnceUpToALimitEach() {
        StreamName one = newStream();
        StreamName two = newStream();
        StreamName empty = newStream();
        append(one, 0, "a", "b", "c", "d");
        append(two, 0, "x", "y");

        List<RecordedEvent> tails = join(log.readStreamTails(List.of(one, two, empty), new long[] {1, 0, 0}, 2));

        assertThat(tails).filteredOn(e -> e.stream().equals(one)).extracting(RecordedEvent::version).containsExactly(2L, 3L);
        assertThat(tails).filteredOn(e -> e.stream().equals(two)).extracting(RecordedEvent::version).containsExactly(1L, 2L);
        assertThat(tails).hasSize(4);
        assertThatThrownBy(() -> log.readStreamTails(List.of(one), new long[] {0, 0}, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void mapsAStreamsVersionsToLogPositionsAndBack() {
        StreamName stream = newStream();
        StreamName other = newStream();
        Appended appended = (Appended) append(stream, 0, "a", "b");
        append(other, 0, "z");

        assertThat(join(log.positionOf(stream, 2))).hasValue(appended.lastPosition());
        assertThat(join(log.versionAt(stream, appended.firstPosition()))).hasValue(1);
        assertThat(join(log.positionOf(stream, 3))).isEmpty();
        assertThat(join(log.versionAt(other, appended.firstPosition()))).as("a position of another stream").isEmpty();
    }

    @Test
    void tellsItsListenersOfEveryCommit() {
        List<int[]> commits = new java.util.concurrent.CopyOnWriteArrayList<>();
        log.onCommit((appends, events, nanos) -> commits.add(new int[] {appends, events}));

        append(newStream(), 0, "a", "b", "c");
        append(newStream(), 0, "d");

        assertThat(commits.stream().mapToInt(c -> c[1]).sum()).as("events committed").isEqualTo(4);
        assertThat(commits.stream().mapToInt(c -> c[0]).sum()).as("appends committed").isEqualTo(2);
    }

    private LogPosition endOfLog() {
        LogPosition position = LogPosition.START;
        List<RecordedEvent> page;
        while (!(page = join(log.readAll(position, 10_000))).isEmpty()) {
            position = page.get(page.size() - 1).logPosition();
        }
        return position;
    }

    private AppendResult append(StreamName stream, long expectedVersion, String... payloads) {
        List<NewEvent> events = java.util.Arrays.stream(payloads).map(EventStoreContract::event).toList();
        return join(store.append(stream, ExpectedVersion.of(expectedVersion), events));
    }

    private static NewEvent event(String payload) {
        return new NewEvent("Test", 1, payload.getBytes(StandardCharsets.UTF_8), "corr-1");
    }

    private static KeyedRecord answer(String body) {
        return new KeyedRecord(UUID.randomUUID().toString(), body.getBytes(StandardCharsets.UTF_8));
    }

    private static StreamName newStream() {
        return StreamName.of("test", UUID.randomUUID());
    }

    private static <T> T join(Future<T> future) {
        return future.toCompletionStage().toCompletableFuture().join();
    }
}
