package dev.boxoffice.eventstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.boxoffice.support.TestPostgres;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The purge runs by itself: batch after batch while they come back full, until every expired record is gone. */
class KeyedRecordPurgeTest {

    private final PostgresKeyedRecords keys = new PostgresKeyedRecords(TestPostgres.pool(), Duration.ofHours(1));

    @Test
    void deletesEveryExpiredKeyInBatchesAndKeepsTheLiveOnes() throws SQLException {
        String run = UUID.randomUUID().toString();
        List<KeyedRecord> expired = IntStream.range(0, 25).mapToObj(i -> answer(run + " old " + i)).toList();
        KeyedRecord live = answer(run + " live");
        expired.forEach(this::remember);
        remember(live);
        try (var jdbc = TestPostgres.jdbc(); var age = jdbc.prepareStatement(
                "UPDATE keyed_records SET created_at = now() - interval '2 hours' WHERE key_hash = ?")) {
            for (KeyedRecord old : expired) {
                age.setBytes(1, old.keyHash());
                age.executeUpdate();
            }
        }

        try (var purge = new KeyedRecordPurge(TestPostgres.vertx(), keys, Duration.ofMillis(100), 4)) {
            purge.start();
            await().atMost(Duration.ofSeconds(10)).until(() -> purge.purged() >= expired.size());
        }

        try (var jdbc = TestPostgres.jdbc(); var left = jdbc.prepareStatement(
                "SELECT count(*) FROM keyed_records WHERE key_hash = ?")) {
            for (KeyedRecord old : expired) {
                left.setBytes(1, old.keyHash());
                try (var rows = left.executeQuery()) {
                    rows.next();
                    assertThat(rows.getLong(1)).isZero();
                }
            }
        }
        assertThat(keys.find(live.key()).toCompletionStage().toCompletableFuture().join()).isPresent();
    }

    private void remember(KeyedRecord answer) {
        keys.insertUnlessTaken(answer).toCompletionStage().toCompletableFuture().join();
    }

    private static KeyedRecord answer(String key) {
        return new KeyedRecord(key, key.getBytes(StandardCharsets.UTF_8));
    }
}
