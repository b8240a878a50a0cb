package dev.boxoffice.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ConnectException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class StartWaitTest {

    private static final PostgresUrl URL = PostgresUrl.parse("postgresql://app:secret@db.example:5432/boxoffice");

    @Test
    void aDurationIsReadAsWrittenByHand() {
        assertThat(StartWait.parse("60s")).isEqualTo(Duration.ofSeconds(60));
        assertThat(StartWait.parse("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThat(StartWait.parse("500ms")).isEqualTo(Duration.ofMillis(500));
        assertThat(StartWait.parse("0")).isZero();
        assertThat(StartWait.parse("PT90S")).isEqualTo(Duration.ofSeconds(90));
        assertThatThrownBy(() -> StartWait.parse("soon")).hasMessageContaining("BOXOFFICE_DATABASE_START_WAIT");
    }

    @Test
    void aPassingFailureIsTriedAgainUntilItPassesSayingSo() throws Exception {
        AtomicInteger tries = new AtomicInteger();
        List<String> said = new ArrayList<>();
        String answer = StartWait.retry(URL, Duration.ofSeconds(10), () -> {
            if (tries.incrementAndGet() < 3) {
                throw new SQLException("Connection to db.example:5432 refused", new ConnectException("Connection refused"));
            }
            return "connected";
        }, said::add);

        assertThat(answer).isEqualTo("connected");
        assertThat(tries).hasValue(3);
        assertThat(said).hasSize(1).first().asString().startsWith("waiting for PostgreSQL at db.example:5432/boxoffice");
    }

    @Test
    void aWrongSettingIsNotTriedAgain() {
        AtomicInteger tries = new AtomicInteger();
        assertThatThrownBy(() -> StartWait.retry(URL, Duration.ofSeconds(10), () -> {
            tries.incrementAndGet();
            throw new SQLException("FATAL: password authentication failed for user \"app\"");
        }, message -> { })).hasMessageContaining("password authentication failed");
        assertThat(tries).hasValue(1);
    }

    @Test
    void aFailureThatOutlastsTheBoundIsThrown() {
        long start = System.nanoTime();
        assertThatThrownBy(() -> StartWait.retry(URL, Duration.ofMillis(600), () -> {
            throw new SQLException("Connection refused");
        }, message -> { })).hasMessageContaining("Connection refused");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isBetween(Duration.ofMillis(250), Duration.ofSeconds(3));
    }
}
