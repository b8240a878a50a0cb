package dev.boxoffice.process;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/** The few HTTP calls the process-level tests make, with the JDK client. */
final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    private Http() {
    }

    static HttpResponse<String> createShow(ServiceProcess service, UUID id, int seats) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(service.url("/shows")))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"showId\":\"" + id + "\",\"title\":\"Show\",\"maxSeats\":" + seats + "}")));
    }

    static HttpResponse<String> getShow(ServiceProcess service, UUID id) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(service.url("/shows/" + id))).GET());
    }

    static HttpResponse<String> listShows(ServiceProcess service) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(service.url("/shows?limit=200"))).GET());
    }

    static HttpResponse<String> seat(ServiceProcess service, UUID id, int seat, String action) throws Exception {
        return seatAsync(service, id, seat, action).get();
    }

    static CompletableFuture<HttpResponse<String>> seatAsync(ServiceProcess service, UUID id, int seat, String action) {
        return CLIENT.sendAsync(HttpRequest.newBuilder(URI.create(service.url("/shows/" + id + "/seats/" + seat)))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"action\":\"" + action + "\"}"))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return CLIENT.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
