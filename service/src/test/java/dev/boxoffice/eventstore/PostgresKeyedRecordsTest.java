package dev.boxoffice.eventstore;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.eventstore.AppendResult.Appended;
import dev.boxoffice.eventstore.AppendResult.KeyTaken;
import dev.boxoffice.support.TestPostgres;
import io.vertx.core.Future;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What only PostgreSQL's keyed records do: a taken key in a statement shared by many appends, and expiry by age. The
 * ports' contract, which the store in memory keeps too, is EventStoreContract.
 */
class PostgresKeyedRecordsTest {

    private final PostgresEventStore store = TestPostgres.eventStore();
    private final PostgresKeyedRecords keys = new PostgresKeyedRecords(TestPostgres.pool(), Duration.ofHours(1));

    @Test
    void aTakenKeyInASharedStatementRefusesOnlyItsOwnAppend() {
        KeyedRecord taken = answer("taken");
        join(store.append(newStream(), ExpectedVersion.NO_STREAM, List.of(event()), List.of(taken)));
        List<Future<AppendResult>> appends = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            KeyedRecord answer = i == 11 ? taken : answer("new " + i);
            appends.add(store.append(newStream(), ExpectedVersion.NO_STREAM, List.of(event()), List.of(answer)));
        }
        List<AppendResult> results = join(Future.all(appends).map(all -> all.<AppendResult>list()));

        assertThat(results.get(11)).isInstanceOf(KeyTaken.class);
        assertThat(results).filteredOn(r -> r instanceof Appended).hasSize(29);
    }

    @Test
    void anExpiredKeyIsNotFoundAndIsPurgedInBoundedBatches() throws SQLException {
        List<KeyedRecord> expired = IntStream.range(0, 7).mapToObj(i -> answer("old " + i)).toList();
        expired.forEach(answer -> join(keys.insertUnlessTaken(answer)));
        KeyedRecord live = answer("live");
        join(keys.insertUnlessTaken(live));
        try (var jdbc = TestPostgres.jdbc(); var age = jdbc.prepareStatement(
                "UPDATE keyed_records SET created_at = now() - interval '2 hours' WHERE key_hash = ?")) {
            for (KeyedRecord old : expired) {
                age.setBytes(1, old.keyHash());
                age.executeUpdate();
            }
        }

        assertThat(join(keys.find(expired.get(0).key()))).isEmpty(); // and deleted, so the key may be used again
        assertThat(join(keys.purgeExpired(3))).isEqualTo(3);
        assertThat(join(keys.purgeExpired(3))).isEqualTo(3);
        assertThat(join(keys.purgeExpired(3))).isZero();
        assertThat(join(keys.find(live.key()))).isPresent();
        assertThat(join(keys.insertUnlessTaken(expired.get(0)))).isEmpty();
    }

    @Test
    void aKeyAnotherWriterCommitsWhileTheAppendWaitsForItIsAConflictNotAFailure() throws Exception {
        KeyedRecord record = answer("raced");
        StreamName stream = newStream();
        Future<AppendResult> append;
        try (var held = TestPostgres.jdbc()) {
            held.setAutoCommit(false);
            try (var insert = held.prepareStatement("INSERT INTO keyed_records (key_hash, value) VALUES (?, ?)")) {
                insert.setBytes(1, record.keyHash());
                insert.setBytes(2, new byte[] {7});
                insert.executeUpdate();
            }
            // The append's check does not see the uncommitted key; its insert waits for the other writer's commit.
            append = store.append(stream, ExpectedVersion.NO_STREAM, List.of(event()), List.of(record));
            Thread.sleep(200);
            held.commit();
        }

        // As a version taken first: the writer decides again, and then meets the key.
        assertThat(join(append)).isEqualTo(new AppendResult.WrongExpectedVersion(stream, ExpectedVersion.NO_STREAM));
        assertThat(join(store.readStream(stream, 0))).isEmpty();
        assertThat(join(store.append(stream, ExpectedVersion.NO_STREAM, List.of(event()), List.of(record))))
                .isEqualTo(new KeyTaken(stream, java.util.Set.of(record.key())));
    }

    private static KeyedRecord answer(String name) {
        String key = name + " " + UUID.randomUUID();
        return new KeyedRecord(key, ("{\"answer\":\"" + name + "\"}").getBytes(StandardCharsets.UTF_8));
    }

    private static NewEvent event() {
        return new NewEvent("Happened", 1, new byte[] {1}, null);
    }

    private static StreamName newStream() {
        return StreamName.of("keyed", UUID.randomUUID().toString());
    }

    private static <T> T join(Future<T> future) {
        return future.toCompletionStage().toCompletableFuture().join();
    }
}
