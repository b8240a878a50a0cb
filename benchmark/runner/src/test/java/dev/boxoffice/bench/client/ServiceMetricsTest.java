package dev.boxoffice.bench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.sun.net.httpserver.HttpServer;
import dev.boxoffice.bench.measure.Buckets;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The service's figures as read from its Prometheus exposition, on a recorded sample of one. */
class ServiceMetricsTest {

    private static final String EXPOSITION = """
            # HELP jvm_memory_used_bytes The amount of used memory
            # TYPE jvm_memory_used_bytes gauge
            jvm_memory_used_bytes{area="heap",id="G1 Eden Space"} 4194304.0
            jvm_memory_used_bytes{area="heap",id="G1 Old Gen"} 6291456.0
            jvm_memory_used_bytes{area="nonheap",id="Metaspace"} 1048576.0
            boxoffice_entities_in_memory 12.0
            boxoffice_admission_refused_total 3.0
            boxoffice_projection_lag_seconds{projection="show_view",quantile="0.5"} 0.0021
            boxoffice_projection_lag_seconds{projection="show_view",quantile="0.99"} 0.0153
            boxoffice_projection_lag_seconds_max{projection="show_view"} 0.042
            boxoffice_projection_lag_seconds{projection="other",quantile="0.5"} 9.0
            http_server_requests_seconds_bucket{method="GET",le="0.001"} 10.0
            http_server_requests_seconds_bucket{method="GET",le="0.01"} 30.0
            http_server_requests_seconds_bucket{method="GET",le="+Inf"} 40.0
            http_server_requests_seconds_bucket{method="POST",le="0.001"} 0.0
            http_server_requests_seconds_bucket{method="POST",le="0.01"} 10.0
            http_server_requests_seconds_bucket{method="POST",le="+Inf"} 10.0
            not a sample
            """;

    @Test
    void samplesAreKeyedAsExposedAndSummedByNameAndByArea() {
        Map<String, Double> values = ServiceMetrics.valuesIn(EXPOSITION);

        assertThat(values.get("jvm_memory_used_bytes{area=\"heap\",id=\"G1 Old Gen\"}")).isEqualTo(6291456.0);
        assertThat(values.get("jvm_memory_used_bytes{area=\"heap\"}")).isEqualTo(10485760.0);
        assertThat(values.get("jvm_memory_used_bytes")).isEqualTo(11534336.0);
        assertThat(ServiceMetrics.heapMiB(values)).isEqualTo(10.0);
        assertThat(values.get(ServiceMetrics.SHOWS_IN_MEMORY)).isEqualTo(12.0);
        assertThat(values).doesNotContainKey("not a");
        assertThat(ServiceMetrics.heapMiB(Map.of())).isNaN();
    }

    @Test
    void theReadModelsLagIsTheShowViewsInMilliseconds() {
        var lag = ServiceMetrics.readModelLagIn(EXPOSITION);

        assertThat(lag.p50Millis()).isCloseTo(2.1, within(1e-9));
        assertThat(lag.p99Millis()).isCloseTo(15.3, within(1e-9));
        assertThat(lag.maxMillis()).isCloseTo(42, within(1e-9));
        assertThat(ServiceMetrics.readModelLagIn("boxoffice_entities_in_memory 1.0\n")).isNull();
    }

    @Test
    void aHistogramsBucketsAreSummedOverItsOtherLabels() {
        Buckets buckets = ServiceMetrics.bucketsIn(EXPOSITION, "http_server_requests_seconds");

        assertThat(buckets.bounds()).containsExactly(0.001, 0.01, Double.POSITIVE_INFINITY);
        assertThat(buckets.cumulative()).containsExactly(10, 40, 50);
        assertThat(ServiceMetrics.bucketsIn(EXPOSITION, "absent").count()).isZero();
    }

    @Test
    void aShowHasSurelyLeftMemoryAfterItsIdleTimeoutASweepAndSlack() {
        assertThat(ServiceMetrics.passivatedWithinMillis(2)).isEqualTo(2_000 + 1_000 + 3_000);
        assertThat(ServiceMetrics.passivatedWithinMillis(0)).isEqualTo(100 + 3_000);
        assertThat(ServiceMetrics.passivatedWithinMillis(600)).isEqualTo(600_000 + 10_000 + 3_000);
    }

    @Test
    void aServiceIsScrapedAndOneThatDoesNotAnswerHasNoFigures() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
        server.createContext("/q/metrics", exchange -> {
            byte[] body = EXPOSITION.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        String base = "http://localhost:" + server.getAddress().getPort();
        try {
            assertThat(ServiceMetrics.values(base)).containsEntry("boxoffice_entities_in_memory", 12.0);
            assertThat(ServiceMetrics.buckets(base, "http_server_requests_seconds").count()).isEqualTo(50);
            assertThat(ServiceMetrics.readModelLag(base).p99Millis()).isCloseTo(15.3, within(1e-9));
            assertThat(ServiceMetrics.sum(List.of(base, base), "boxoffice_admission_refused_total")).isEqualTo(6);
            assertThat(ServiceMetrics.sum(List.of(base, base), "absent_total")).isNaN();
            Refusals before = new Refusals(1, 0, 0);
            Refusals now = Refusals.read(base);
            assertThat(now.inFlight()).isEqualTo(3);
            assertThat(now.queueDelay()).as("a counter the server does not expose").isNaN();
            assertThat(now.since(before).inFlight()).isEqualTo(2);
        } finally {
            server.stop(0);
        }
        assertThat(ServiceMetrics.values(base)).isEmpty();
        assertThat(ServiceMetrics.buckets(base, "http_server_requests_seconds")).isSameAs(Buckets.NONE);
        assertThat(ServiceMetrics.readModelLag(base)).isNull();
    }
}
