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
        }
        for (String path : new String[] {"/q/health", "/q/health/ready", "/q/metrics", "/q/openapi", "/nowhere"}) {
            send(base, "GET", path, null);
        }
    }

    private static void send(String base, String method, String path, String json) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path));
        if (json == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json").method(method, BodyPublishers.ofString(json));
        }
        HTTP.send(request.build(), BodyHandlers.discarding());
    }
}
