package dev.boxoffice.bench.system;

import java.net.http.HttpClient;
import java.time.Duration;

/**
 * The JDK client for the benchmark's few calls outside the load (start-up probe, setting up shows, reading metrics).
 * HTTP/1.1 like the load itself: the JDK client's default, HTTP/2 with an h2c upgrade, would make the service
 * compile and run its HTTP/2 code in the middle of a measurement.
 */
public final class BlockingHttp {

    private BlockingHttp() {
    }

    public static HttpClient client(Duration connectTimeout) {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connectTimeout).build();
    }
}
