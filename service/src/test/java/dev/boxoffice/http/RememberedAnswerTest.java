package dev.boxoffice.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.database.EmbeddedDatabase;
import dev.boxoffice.eventstore.KeyedRecord;
import dev.boxoffice.support.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/** An answer remembered under an idempotency key, as the value of a keyed record: written, read, and migrated. */
class RememberedAnswerTest {

    private static final byte[] FINGERPRINT = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

    @Test
    void readsBackWhatItWrote() {
        Answer created = new Answer(201, "/shows/é", "{\"a\":1}".getBytes(StandardCharsets.UTF_8));
        Answer refused = new Answer(409, null, new byte[0]);

        for (Answer answer : new Answer[] {created, refused}) {
            RememberedAnswer read = RememberedAnswer.of(new RememberedAnswer(FINGERPRINT, answer).under("key"));
            assertThat(read.answers(FINGERPRINT)).isTrue();
            assertThat(read.answers(new byte[16])).isFalse();
            assertThat(read.answer().status()).isEqualTo(answer.status());
            assertThat(read.answer().location()).isEqualTo(answer.location());
            assertThat(read.answer().body()).isEqualTo(answer.body());
        }
    }

    @Test
    void answersRememberedBeforeKeyedRecordsReadTheSameAfterTheirMigration() throws Exception {
        String url = TestDatabase.databaseMigratedTo("8");
        byte[] withLocation = new KeyedRecord("created", new byte[0]).keyHash();
        byte[] without = new KeyedRecord("refused", new byte[0]).keyHash();
        try (Connection connection = DriverManager.getConnection(url, EmbeddedDatabase.USER, null);
                PreparedStatement insert = connection.prepareStatement("INSERT INTO idempotency_keys"
                        + " (key_hash, request_fingerprint, status, location, body) VALUES (?, ?, ?, ?, ?)")) {
            row(insert, withLocation, 201, "/shows/ü/holds/1", "{\"seats\":[1]}");
            row(insert, without, 409, null, "{\"code\":\"SEAT_NOT_AVAILABLE\"}");
        }

        Flyway.configure().dataSource(url, EmbeddedDatabase.USER, null).locations("classpath:db/migration").load().migrate();

        RememberedAnswer created = RememberedAnswer.of(new KeyedRecord("created", valueOf(url, withLocation)));
        assertThat(created.answers(FINGERPRINT)).isTrue();
        assertThat(created.answer().status()).isEqualTo(201);
        assertThat(created.answer().location()).isEqualTo("/shows/ü/holds/1");
        assertThat(new String(created.answer().body(), StandardCharsets.UTF_8)).isEqualTo("{\"seats\":[1]}");
        RememberedAnswer refused = RememberedAnswer.of(new KeyedRecord("refused", valueOf(url, without)));
        assertThat(refused.answer().status()).isEqualTo(409);
        assertThat(refused.answer().location()).isNull();
        assertThat(new String(refused.answer().body(), StandardCharsets.UTF_8)).isEqualTo("{\"code\":\"SEAT_NOT_AVAILABLE\"}");
    }

    private static void row(PreparedStatement insert, byte[] keyHash, int status, String location, String body) throws Exception {
        insert.setBytes(1, keyHash);
        insert.setBytes(2, FINGERPRINT);
        insert.setShort(3, (short) status);
        insert.setString(4, location);
        insert.setBytes(5, body.getBytes(StandardCharsets.UTF_8));
        insert.executeUpdate();
    }

    private static byte[] valueOf(String url, byte[] keyHash) throws Exception {
        try (Connection connection = DriverManager.getConnection(url, EmbeddedDatabase.USER, null);
                PreparedStatement select = connection.prepareStatement("SELECT value FROM keyed_records WHERE key_hash = ?")) {
            select.setBytes(1, keyHash);
            try (ResultSet rows = select.executeQuery()) {
                assertThat(rows.next()).isTrue();
                return rows.getBytes(1);
            }
        }
    }
}
