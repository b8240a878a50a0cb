package dev.boxoffice.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.boxoffice.support.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The bound on open connections derived from memory, made small (16 KB: four connections at 4 KiB each): past it a
 * request is answered 503 and its connection closed, never a socket closed without an answer; probes are answered.
 */
@QuarkusTest
@TestProfile(ConnectionBoundTest.FourConnections.class)
@QuarkusTestResource(TestDatabase.class)
class ConnectionBoundTest {

    public static class FourConnections implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("boxoffice.connections.memory-budget", "16K");
        }
    }

    @TestHTTPResource("/")
    URL base;

    @Inject
    ConnectionBound bound;

    @Test
    void pastTheBoundARequestIsAnsweredAndItsConnectionClosed() throws Exception {
        assertThat(bound.bound()).isEqualTo(4);
        await().atMost(Duration.ofSeconds(5)).until(() -> bound.open() == 0);
        List<RawConnection> held = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            held.add(new RawConnection(base));
            assertThat(held.get(i).get("/shows?limit=1").status()).isEqualTo(200);
        }
        long refusedBefore = bound.refused();

        try (RawConnection fifth = new RawConnection(base); RawConnection probe = new RawConnection(base)) {
            Response refused = fifth.get("/shows?limit=1");
            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.headers()).containsEntry("retry-after", "1").containsEntry("connection", "close")
                    .containsEntry("content-type", "application/problem+json");
            assertThat(refused.body()).contains("\"code\":\"OVERLOADED\"");
            assertThat(fifth.closedByServer()).as("the refused connection is closed after its answer").isTrue();
            assertThat(bound.refused()).isEqualTo(refusedBefore + 1);

            assertThat(probe.get("/q/health/live").status()).as("probes are answered past the bound").isEqualTo(200);
            assertThat(held.get(0).get("/shows?limit=1").status()).as("connections within it go on").isEqualTo(200);
        }

        held.remove(0).close();
        await().atMost(Duration.ofSeconds(5)).until(() -> bound.open() == 3);
        try (RawConnection next = new RawConnection(base)) {
            assertThat(next.get("/shows?limit=1").status()).as("a closed connection makes room").isEqualTo(200);
        }
        for (RawConnection connection : held) {
            connection.close();
        }
    }

    @Test
    void clientsThatGiveUpLeaveNothingCountedAndTheServiceAnswering() throws Exception {
        await().atMost(Duration.ofSeconds(5)).until(() -> bound.open() == 0);
        // A crowd of clients that send a request and reset their connection without waiting for the answer.
        for (int i = 0; i < 300; i++) {
            try (Socket socket = new Socket(base.getHost(), base.getPort())) {
                socket.setSoLinger(true, 0);
                socket.getOutputStream().write("GET /shows?limit=1 HTTP/1.1\r\nHost: localhost\r\n\r\n"
                        .getBytes(StandardCharsets.US_ASCII));
            }
        }

        await().atMost(Duration.ofSeconds(10)).until(() -> bound.open() == 0);
        try (RawConnection next = new RawConnection(base)) {
            assertThat(next.get("/shows?limit=1").status()).isEqualTo(200);
        }
    }

    record Response(int status, Map<String, String> headers, String body) {
    }

    /** One keep-alive HTTP/1.1 connection, spoken by hand, so that the test decides when it opens and closes. */
    static final class RawConnection implements AutoCloseable {

        private final Socket socket;
        private final InputStream in;

        RawConnection(URL base) throws IOException {
            socket = new Socket(base.getHost(), base.getPort());
            socket.setSoTimeout(5000);
            in = socket.getInputStream();
        }

        Response get(String path) throws IOException {
            socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            String statusLine = line();
            Map<String, String> headers = new LinkedHashMap<>();
            for (String header = line(); !header.isEmpty(); header = line()) {
                int colon = header.indexOf(':');
                headers.put(header.substring(0, colon).trim().toLowerCase(Locale.ROOT), header.substring(colon + 1).trim());
            }
            byte[] body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
            return new Response(Integer.parseInt(statusLine.split(" ")[1]), headers, new String(body, StandardCharsets.UTF_8));
        }

        boolean closedByServer() throws IOException {
            return in.read() == -1;
        }

        private String line() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b == -1) {
                    throw new IOException("connection closed in the middle of an answer");
                }
                if (b != '\r') {
                    line.write(b);
                }
            }
            return line.toString(StandardCharsets.US_ASCII);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
