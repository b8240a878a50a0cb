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

/** The purge runs by itself: batch after batch while they come back full, until every expired key is gone. */
class IdempotencyKeyPurgeTest {

    private final IdempotencyKeys keys = new IdempotencyKeys(TestPostgres.pool(), Duration.ofHours(1));

    @Test
    void deletesEveryExpiredKeyInBatchesAndKeepsTheLiveOnes() throws SQLException {
        String run = UUID.randomUUID().toString();
        List<IdempotencyRecord> expired = IntStream.range(0, 25).mapToObj(i -> answer(run + " old " + i)).toList();
        IdempotencyRecord live = answer(run + " live");
        expired.forEach(this::remember);
        remember(live);
        try (var jdbc = TestPostgres.jdbc(); var age = jdbc.prepareStatement(
                "UPDATE idempotency_keys SET created_at = now() - interval '2 hours' WHERE key_hash = ?")) {
            for (IdempotencyRecord old : expired) {
                age.setBytes(1, old.keyHash());
                age.executeUpdate();
            }
        }

        try (var purge = new IdempotencyKeyPurge(TestPostgres.vertx(), keys, Duration.ofMillis(100), 4)) {
            purge.start();
            await().atMost(Duration.ofSeconds(10)).until(() -> purge.purged() >= expired.size());
        }

        try (var jdbc = TestPostgres.jdbc(); var left = jdbc.prepareStatement(
                "SELECT count(*) FROM idempotency_keys WHERE key_hash = ?")) {
            for (IdempotencyRecord old : expired) {
                left.setBytes(1, old.keyHash());
                try (var rows = left.executeQuery()) {
                    rows.next();
                    assertThat(rows.getLong(1)).isZero();
                }
            }
        }
        assertThat(keys.find(live.key()).toCompletionStage().toCompletableFuture().join()).isPresent();
    }

    private void remember(IdempotencyRecord answer) {
        keys.rememberUnlessTaken(answer).toCompletionStage().toCompletableFuture().join();
    }

    private static IdempotencyRecord answer(String key) {
        return new IdempotencyRecord(key, new byte[16], 200, null, key.getBytes(StandardCharsets.UTF_8));
    }
}
