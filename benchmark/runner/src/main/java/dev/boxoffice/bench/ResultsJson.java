package dev.boxoffice.bench;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * results.json: every figure of a run, NaN written as "NaN" (not measured), read back by the compare mode. Each
 * scenario's result sits under {@code results}, by its name, read back as the scenario's result type. A run folder
 * written before results were grouped (one field per scenario at the top) reads the same.
 */
final class ResultsJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private ResultsJson() {
    }

    static void write(RunResult result, Path file) {
        try {
            MAPPER.writeValue(file.toFile(), result);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static RunResult read(Path file) {
        try {
            ObjectNode root = (ObjectNode) MAPPER.readTree(file.toFile());
            ObjectNode results = root.has("results") ? (ObjectNode) root.get("results") : grouped(root);
            Map<String, Object> typed = new LinkedHashMap<>();
            for (Scenario<?> scenario : Scenarios.all()) {
                JsonNode result = results.get(scenario.name());
                if (result != null && !result.isNull()) {
                    typed.put(scenario.name(), MAPPER.treeToValue(result, scenario.resultType()));
                }
            }
            root.remove("results");
            RunResult run = MAPPER.treeToValue(root, RunResult.class);
            return new RunResult(run.startedAt(), run.durationSeconds(), run.machine(), run.pinning(), run.options(),
                    run.service(), typed, run.topologies(), run.notes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The earlier layout: a field per scenario at the top (the variants as a bare list), and a topology's serial and
     * contention results in fields of their own.
     */
    private static ObjectNode grouped(ObjectNode root) {
        ObjectNode results = MAPPER.createObjectNode();
        for (Scenario<?> scenario : Scenarios.all()) {
            JsonNode result = root.remove(scenario.name());
            if (result != null && !result.isNull()) {
                results.set(scenario.name(), result.isArray() ? MAPPER.createObjectNode().set("variants", result) : result);
            }
        }
        for (JsonNode topology : root.path("topologies")) {
            ObjectNode stepped = MAPPER.createObjectNode();
            for (String name : new String[] {"serial", "contention"}) {
                JsonNode result = ((ObjectNode) topology).remove(name);
                if (result != null && !result.isNull()) {
                    stepped.set(name, result);
                }
            }
            ((ObjectNode) topology).set("stepped", stepped);
        }
        return results;
    }
}
