import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.UUID;

/**
 * The training workload of the service's AOT cache (JDK 25+, see the boxoffice script): exercises every endpoint,
 * errors included, so that the classes they need are loaded, linked and profiled while the JVM records.
 * Run as a single source file: java AotTraining.java http://localhost:PORT
 */
public final class AotTraining {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    public static void main(String[] args) throws Exception {
        String base = args[0];
        for (int round = 0; round < 40; round++) {
            String show = UUID.randomUUID().toString();
            send(base, "POST", "/shows", "{\"showId\":\"" + show + "\",\"title\":\"Training " + round + "\",\"maxSeats\":10}");
            for (int seat = 0; seat < 10; seat++) {
                send(base, "PATCH", "/shows/" + show + "/seats/" + seat, "{\"action\":\"RESERVE\"}");
            }
            send(base, "PATCH", "/shows/" + show + "/seats/3", "{\"action\":\"CANCEL_RESERVATION\"}");
            send(base, "PATCH", "/shows/" + show + "/seats/4", "{\"action\":\"RESERVE\"}"); // 409
            send(base, "PATCH", "/shows/" + show + "/seats/99", "{\"action\":\"RESERVE\"}"); // 404
            send(base, "PATCH", "/shows/" + show + "/seats/1", "{\"action\":\"DANCE\"}"); // 400
            send(base, "POST", "/shows", "{\"title\":\"\"}"); // 400
            send(base, "GET", "/shows/" + show, null);
            send(base, "GET", "/shows/" + UUID.randomUUID(), null); // 404
            send(base, "GET", "/shows?available=true&limit=5", null);
            holds(base);
        }
        for (String path : new String[] {"/q/health", "/q/health/ready", "/q/metrics", "/q/openapi", "/nowhere"}) {
            send(base, "GET", path, null);
        }
    }

    /** A show of its own: a hold refused, one invalid, one placed, read and confirmed twice, one released. */
    private static void holds(String base) throws Exception {
        String show = send(base, "POST", "/shows", "{\"showId\":\"" + UUID.randomUUID() + "\",\"title\":\"Holds\",\"maxSeats\":20}");
        if (show == null) {
            return;
        }
        send(base, "POST", show + "/holds", "{\"seats\":[10,11],\"ttlSeconds\":60}");
        send(base, "POST", show + "/holds", "{\"seats\":[11,12]}"); // 409
        send(base, "POST", show + "/holds", "{\"seats\":[12,12]}"); // 400
        send(base, "POST", show + "/reservations", "{\"seats\":[15,16,17]}");
        String hold = send(base, "POST", show + "/holds", "{\"seats\":[13,14],\"ttlSeconds\":60}");
        if (hold != null) {
            send(base, "GET", hold, null);
            send(base, "POST", hold + "/confirm", null);
            send(base, "POST", hold + "/confirm", null);
            send(base, "DELETE", hold, null); // 409
        }
        String released = send(base, "POST", show + "/holds", "{\"seats\":[18]}");
        if (released != null) {
            send(base, "DELETE", released, null);
        }
    }

    /** Sends the request; returns the path of its Location header, if any. */
    private static String send(String base, String method, String path, String json) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path));
        if (json == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json").method(method, BodyPublishers.ofString(json));
        }
        return HTTP.send(request.build(), BodyHandlers.discarding()).headers().firstValue("Location")
                .map(location -> URI.create(location).getRawPath()).orElse(null);
    }
}
