package dev.boxoffice.bench.scenario.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The listing (GET /shows, a read model) at the end of a history: asked until it counts, for every show, the
 * available seats of the show's last read, or until the bound passes. The checker compares it with the log.
 */
final class Listing {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private Listing() {
    }

    static List<Map<String, Object>> awaitAgreement(String frontUrl, List<String> shows, List<Operation> operations,
            Duration bound) {
        Map<String, Integer> expected = lastReads(operations);
        long start = System.nanoTime();
        Map<String, Integer> listed = Map.of();
        while (true) {
            try {
                listed = listed(frontUrl, Set.copyOf(shows));
            } catch (IOException e) {
                // the edge or a node still settling: asked again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            Map<String, Integer> seen = listed;
            boolean agrees = shows.stream().allMatch(show -> seen.containsKey(show) && seen.get(show).equals(expected.get(show)));
            long elapsedMs = (System.nanoTime() - start) / 1_000_000;
            if (agrees || elapsedMs > bound.toMillis()) {
                List<Map<String, Object>> lines = new ArrayList<>();
                for (String show : shows) {
                    Map<String, Object> line = new LinkedHashMap<>();
                    line.put("type", "listing");
                    line.put("show", show);
                    line.put("available", listed.getOrDefault(show, -1));
                    line.put("convergedMs", agrees ? elapsedMs : -1);
                    lines.add(line);
                }
                return lines;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return List.of();
    }

    /** Each show's available seats as its last successful read saw them. */
    private static Map<String, Integer> lastReads(List<Operation> operations) {
        Map<String, Integer> available = new HashMap<>();
        operations.stream().filter(op -> op.kind().equals("read") && op.outcome().equals("ok"))
                .sorted(Comparator.comparingLong(Operation::call))
                .forEach(op -> available.put(op.show(), (int) op.seen().chars().filter(c -> c == 'A').count()));
        return available;
    }

    private static Map<String, Integer> listed(String frontUrl, Set<String> shows) throws IOException, InterruptedException {
        Map<String, Integer> listed = new HashMap<>();
        String after = null;
        do {
            String url = frontUrl + "/shows?limit=100" + (after == null ? "" : "&after=" + URLEncoder.encode(after, StandardCharsets.UTF_8));
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5))
                    .GET().build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IOException("listing answered " + response.statusCode());
            }
            JsonNode page = JSON.readTree(response.body());
            page.path("items").forEach(item -> {
                if (shows.contains(item.path("showId").asText())) {
                    listed.put(item.path("showId").asText(), item.path("availableSeats").asInt());
                }
            });
            after = page.path("next").isTextual() ? page.path("next").asText() : null;
        } while (after != null);
        return listed;
    }
}
