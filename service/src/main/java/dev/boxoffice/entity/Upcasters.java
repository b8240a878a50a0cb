package dev.boxoffice.entity;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Events stored in an older shape, turned into the current one before they are decoded. Each step turns one stored
 * shape (a type at a schema version) into the next: the same type at a later version, another type (a rename), or
 * several events (a split); the steps chain until no step applies. A codec that upcasts decodes current shapes only.
 */
public final class Upcasters {

    /** An event as stored: its type, the schema version of its payload, the payload. */
    public record Stored(String type, int schemaVersion, byte[] payload) {
    }

    /** One step, from the payload of one stored shape to the events of the next. */
    @FunctionalInterface
    public interface Step {
        List<Stored> apply(byte[] payload) throws IOException;
    }

    private record Shape(String type, int schemaVersion) {
    }

    private final Map<Shape, Step> steps = new HashMap<>();

    /** Adds the step from {@code type} at {@code schemaVersion}; one per shape. */
    public Upcasters from(String type, int schemaVersion, Step step) {
        if (steps.putIfAbsent(new Shape(type, schemaVersion), step) != null) {
            throw new IllegalArgumentException("a step from " + type + " version " + schemaVersion + " exists already");
        }
        return this;
    }

    /** The stored event in current shapes: itself if no step applies to it. */
    public List<Stored> upcast(Stored stored) {
        Step step = steps.get(new Shape(stored.type(), stored.schemaVersion()));
        if (step == null) {
            return List.of(stored);
        }
        List<Stored> next;
        try {
            next = step.apply(stored.payload());
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("Corrupt " + stored.type() + " version " + stored.schemaVersion() + " payload", e);
        }
        List<Stored> current = new ArrayList<>(next.size());
        for (Stored event : next) {
            if (event.type().equals(stored.type()) && event.schemaVersion() <= stored.schemaVersion()) {
                throw new IllegalStateException("a step from " + stored.type() + " version " + stored.schemaVersion()
                        + " must lead to a later version or another type");
            }
            current.addAll(upcast(event));
        }
        return current;
    }
}
