package dev.boxoffice.line;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A line service's block request verifies only with the rooms' key, for its show, and as what it is. */
class LineTokensTest {

    private static final byte[] KEY = "0123456789abcdef0123456789abcdef".getBytes();

    @Test
    void aBlockRequestVerifiesWithTheKeyForItsShowOnly() {
        LineTokens tokens = new LineTokens(KEY);
        UUID show = UUID.randomUUID();
        String request = tokens.blockRequest(show, 16, 1_000);

        assertThat(tokens.readBlockRequest(show, request)).hasValue(new LineTokens.BlockRequest(show, 16, 1_000));
        assertThat(tokens.readBlockRequest(UUID.randomUUID(), request)).isEmpty();
        assertThat(new LineTokens("another key, 32 bytes or more....".getBytes()).readBlockRequest(show, request)).isEmpty();
        assertThat(tokens.readTicket(show, request)).as("not a ticket").isEmpty();
        assertThat(tokens.readBlockRequest(show, tokens.ticket(show, 16, 1_000))).as("a ticket is not one").isEmpty();
    }
}
