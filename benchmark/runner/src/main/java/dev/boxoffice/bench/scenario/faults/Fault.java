package dev.boxoffice.bench.scenario.faults;

import java.util.LinkedHashMap;
import java.util.Map;

/** A fault the nemesis injected: from its start to the moment it was healed, in nanoseconds since the history began. */
public record Fault(String kind, String target, long start, long end, String description) {

    Map<String, Object> line() {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("type", "fault");
        line.put("kind", kind);
        line.put("target", target);
        line.put("start", start);
        line.put("end", end);
        line.put("description", description);
        return line;
    }
}
