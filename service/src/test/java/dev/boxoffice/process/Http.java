package dev.boxoffice.process;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** The few HTTP calls the process-level tests make, with the JDK client. */
final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    private Http() {
    }

    static HttpResponse<String> createShow(ServiceProcess service, UUID id, int seats) throws Exception {
        return createShowAsync(service, id, seats).get();
    }

    static CompletableFuture<HttpResponse<String>> createShowAsync(ServiceProcess service, UUID id, int seats) {
        return CLIENT.sendAsync(HttpRequest.newBuilder(URI.create(service.url("/shows")))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"showId\":\"" + id + "\",\"title\":\"Show\",\"maxSeats\":" + seats + "}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A POST of {@code body} as JSON; without a body (null), none and no Content-Type. */
    static HttpResponse<String> post(ServiceProcess service, String path, String body) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(service.url(path)));
        if (body == null) {
            return send(request.POST(HttpRequest.BodyPublishers.noBody()));
        }
        return send(request.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    static HttpResponse<String> get(ServiceProcess service, String path) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(service.url(path))).GET());
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

    /** A POST of {@code body} (JSON) with {@code Authorization}: an operator's request. */
    static HttpResponse<String> postAuthorized(ServiceProcess service, String path, String body, String authorization)
            throws Exception {
        return send(HttpRequest.newBuilder(URI.create(service.url(path))).header("Content-Type", "application/json")
                .header("Authorization", authorization).POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** A seat reserved by the buyer admitted with {@code admissionToken}, on a show that sells through its waiting room. */
    static HttpResponse<String> reserveAsAdmitted(ServiceProcess service, UUID id, int seat, String admissionToken)
            throws Exception {
        return send(HttpRequest.newBuilder(URI.create(service.url("/shows/" + id + "/seats/" + seat)))
                .header("Content-Type", "application/json").header("Admission-Token", admissionToken)
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"action\":\"RESERVE\"}")));
    }

    /**
     * Like {@link #seatAsync}, but as a well-behaved client under overload: a 503 is sent again after its
     * Retry-After (a refused request changed nothing), up to {@code attempts} times in all.
     */
    static CompletableFuture<HttpResponse<String>> seatRetryingAsync(ServiceProcess service, UUID id, int seat,
            String action, int attempts) {
        return seatAsync(service, id, seat, action).thenCompose(response -> {
            if (response.statusCode() != 503 || attempts <= 1) {
                return CompletableFuture.completedFuture(response);
            }
            long seconds = response.headers().firstValueAsLong("Retry-After").orElse(1);
            return CompletableFuture.supplyAsync(() -> null, CompletableFuture.delayedExecutor(seconds, TimeUnit.SECONDS))
                    .thenCompose(ignored -> seatRetryingAsync(service, id, seat, action, attempts - 1));
        });
    }

    static HttpResponse<String> hold(ServiceProcess service, UUID show, String seats, int ttlSeconds) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(service.url("/shows/" + show + "/holds")))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":" + seats + ",\"ttlSeconds\":" + ttlSeconds + "}")));
    }

    /** A write under an Idempotency-Key; {@code body} may be null. */
    static CompletableFuture<HttpResponse<String>> keyedAsync(ServiceProcess service, String method, String path,
            String body, String key) {
        return CLIENT.sendAsync(HttpRequest.newBuilder(URI.create(service.url(path)))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", key)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> keyed(ServiceProcess service, String method, String path, String body, String key)
            throws Exception {
        return keyedAsync(service, method, path, body, key).get();
    }

    /** The value of a metric without labels from /q/metrics; NaN when the service does not expose it. */
    static double metric(ServiceProcess service, String name) throws Exception {
        for (String line : get(service, "/q/metrics").body().split("\n")) {
            if (line.startsWith(name + " ") || line.startsWith(name + "{")) {
                return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return Double.NaN;
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return CLIENT.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
