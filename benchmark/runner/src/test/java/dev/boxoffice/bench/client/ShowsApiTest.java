package dev.boxoffice.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The requests the scenarios send, as the service's API reads them. */
class ShowsApiTest {

    private static final UUID SHOW = UUID.fromString("00000000-0000-0000-0000-000000000001");

    @Test
    void pathsAndBodies() {
        assertThat(ShowsApi.show(SHOW)).isEqualTo("/shows/" + SHOW);
        assertThat(ShowsApi.seat(SHOW, 7)).isEqualTo("/shows/" + SHOW + "/seats/7");
        assertThat(ShowsApi.holds(SHOW)).isEqualTo("/shows/" + SHOW + "/holds");
        assertThat(ShowsApi.confirm("/shows/x/holds/y")).isEqualTo("/shows/x/holds/y/confirm");
        assertThat(ShowsApi.createShow(SHOW, 50).toString())
                .isEqualTo("{\"showId\":\"" + SHOW + "\",\"title\":\"Benchmark show\",\"maxSeats\":50}");
        assertThat(ShowsApi.hold(3, 3, 60).toString()).isEqualTo("{\"seats\":[3,4,5],\"ttlSeconds\":60}");
        assertThat(ShowsApi.hold(0, 1, 1).toString()).isEqualTo("{\"seats\":[0],\"ttlSeconds\":1}");
        assertThat(ShowsApi.holdBest(2, 30).toString()).contains("\"count\":2", "\"ttlSeconds\":30");
        assertThat(ShowsApi.RESERVE.toString()).isEqualTo("{\"action\":\"RESERVE\"}");
        assertThat(ShowsApi.CANCEL.toString()).isEqualTo("{\"action\":\"CANCEL_RESERVATION\"}");
    }

    @Test
    void showsAreCreatedBeforeTheLoadAndAnyAnswerButCreatedStopsTheRun() throws Exception {
        List<String> bodies = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger status = new AtomicInteger(201);
        HttpServer server = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
        server.createContext("/shows", exchange -> {
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(exchange.getRequestMethod().equals("GET") ? 200 : status.get(), -1);
            exchange.close();
        });
        server.start();
        String base = "http://localhost:" + server.getAddress().getPort();
        try {
            List<UUID> shows = ShowsApi.createShowsNow(base, 3, 20);
            ShowsApi.createShowWithWaitingRoomNow(base, SHOW, 10, 5, 50, Instant.parse("2026-12-06T12:00:00Z"));
            ShowsApi.createShowInHallNow(base, SHOW, "{\"sections\":[]}");

            assertThat(shows).hasSize(3).doesNotHaveDuplicates();
            assertThat(bodies).hasSize(5);
            assertThat(bodies.get(0)).contains("\"showId\":\"" + shows.get(0) + "\"", "\"maxSeats\":20");
            assertThat(bodies.get(3)).contains("\"onSaleAt\":\"2026-12-06T12:00:00Z\"",
                    "\"waitingRoom\":{\"admitPerSecond\":5,\"maxActive\":50}");
            assertThat(bodies.get(4)).contains("\"hall\":{\"sections\":[]}");
            assertThat(ShowsApi.millisUntilAnswered(base, Duration.ofSeconds(2))).isBetween(0.0, 2000.0);

            status.set(503);
            assertThatThrownBy(() -> ShowsApi.createShowNow(base, SHOW, 1)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("creating a show answered 503");
        } finally {
            server.stop(0);
        }
        assertThatThrownBy(() -> ShowsApi.createShowNow(base, SHOW, 1)).hasMessageContaining("could not create a show at " + base);
        assertThat(ShowsApi.millisUntilAnswered(base, Duration.ofMillis(300))).isNaN();
    }
}
