package dev.boxoffice.bench.scenario.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The independent checker (benchmark/checker, Go, Porcupine): built once per run from its sources, then run on each
 * history. Nothing of the service is in it: it knows the API's answers and the log's event names only.
 */
record Checker(Path binary) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Builds the checker with the Go toolchain ({@code go} on the PATH) into {@code directory}. */
    static Checker build(Path repository, Path directory) {
        Path binary = directory.resolve("checker").toAbsolutePath(); // go build runs in the sources
        Path sources = repository.resolve("benchmark/checker");
        try {
            Process build = new ProcessBuilder("go", "build", "-o", binary.toString(), ".").directory(sources.toFile())
                    .redirectErrorStream(true).start();
            String output = new String(build.getInputStream().readAllBytes());
            if (!build.waitFor(300, TimeUnit.SECONDS) || build.exitValue() != 0) {
                throw new IllegalStateException("faults: the checker did not build (go build in " + sources + "):\n" + output);
            }
        } catch (IOException e) {
            throw new IllegalStateException("faults: Go is needed to build the checker (apt-get install golang-go): "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("faults: interrupted while building the checker", e);
        }
        return new Checker(binary);
    }

    /** The checker's verdict on one history; a visualization of a non-linearizable one is written beside it. */
    Verdict check(Path history) {
        try {
            Process check = new ProcessBuilder(binary.toString(), "-timeout", "120s", "-html", history.getParent().toString(),
                    history.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String output = new String(check.getInputStream().readAllBytes());
            if (!check.waitFor(600, TimeUnit.SECONDS) || check.exitValue() > 1) {
                throw new IllegalStateException("faults: the checker failed on " + history + ":\n" + output);
            }
            return Verdict.of(JSON.readTree(output.lines().findFirst().orElseThrow()));
        } catch (IOException e) {
            throw new IllegalStateException("faults: the checker could not run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("faults: interrupted while checking " + history, e);
        }
    }

    /**
     * What the checker found: the operations, how many with an unknown outcome or refused before anything was done,
     * how many tickets of a waiting room's line it followed,
     * whether each show's operations are linearizable ("yes", "no", or "undecided" when the search ran out of time),
     * and every anomaly it lists.
     */
    public record Verdict(int operations, int unknown, int failed, int tickets, String linearizable, List<String> nonLinearizableShows,
            List<String> lostWrites, List<String> refusedButWritten, List<String> seatsTwice, List<String> logAnomalies,
            List<String> listingWrong, List<String> ticketsLost, List<String> admittedOutOfOrder,
            List<String> admittedBuyersRefused, String visualization) {

        public boolean clean() {
            return linearizable.equals("yes") && anomalies() == 0;
        }

        /** Every anomaly listed: shows not linearizable, writes lost or refused but written, the log's, the listing's, the line's. */
        public int anomalies() {
            return nonLinearizableShows.size() + lostWrites.size() + refusedButWritten.size() + seatsTwice.size()
                    + logAnomalies.size() + listingWrong.size() + lineWrong();
        }

        /** The waiting rooms' anomalies: tickets lost, buyers admitted out of order, admitted buyers refused. */
        public int lineWrong() {
            return ticketsLost.size() + admittedOutOfOrder.size() + admittedBuyersRefused.size();
        }

        static Verdict of(JsonNode json) {
            return new Verdict(json.path("operations").asInt(), json.path("unknown").asInt(), json.path("failed").asInt(),
                    json.path("tickets").asInt(), json.path("linearizable").asText(), strings(json, "nonLinearizableShows"), strings(json, "lostWrites"),
                    strings(json, "refusedButWritten"), strings(json, "seatsTwice"), strings(json, "logAnomalies"),
                    strings(json, "listingWrong"), strings(json, "ticketsLost"), strings(json, "admittedOutOfOrder"),
                    strings(json, "admittedBuyersRefused"), json.path("visualization").asText(""));
        }

        private static List<String> strings(JsonNode json, String field) {
            List<String> values = new ArrayList<>();
            json.path(field).forEach(value -> values.add(value.asText()));
            return values;
        }
    }
}
