package dev.boxoffice.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxoffice.entity.Upcasters.Stored;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class UpcastersTest {

    private static Stored stored(String type, int version, String payload) {
        return new Stored(type, version, payload.getBytes(StandardCharsets.UTF_8));
    }

    private static String text(byte[] payload) {
        return new String(payload, StandardCharsets.UTF_8);
    }

    @Test
    void aCurrentEventPassesUnchanged() {
        Stored current = stored("Renamed", 1, "x");

        assertThat(new Upcasters().upcast(current)).containsExactly(current);
    }

    @Test
    void stepsChainFromTheOldestVersionToTheCurrentOneAcrossARename() {
        Upcasters upcasters = new Upcasters()
                .from("Old", 1, payload -> List.of(stored("Old", 2, text(payload) + "+v2")))
                .from("Old", 2, payload -> List.of(stored("New", 1, text(payload) + "+renamed")))
                .from("New", 1, payload -> List.of(stored("New", 2, text(payload) + "+v2")));

        List<Stored> current = upcasters.upcast(stored("Old", 1, "a"));

        assertThat(current).singleElement().satisfies(event -> {
            assertThat(event.type()).isEqualTo("New");
            assertThat(event.schemaVersion()).isEqualTo(2);
            assertThat(text(event.payload())).isEqualTo("a+v2+renamed+v2");
        });
        assertThat(upcasters.upcast(stored("Old", 2, "b"))).extracting(e -> text(e.payload())).containsExactly("b+renamed+v2");
    }

    @Test
    void aSplitEventBecomesSeveralEachUpcastInTurn() {
        Upcasters upcasters = new Upcasters()
                .from("Both", 1, payload -> List.of(stored("First", 1, "1"), stored("Second", 1, "2")))
                .from("Second", 1, payload -> List.of(stored("Second", 2, text(payload) + "+v2")));

        assertThat(upcasters.upcast(stored("Both", 1, ""))).extracting(Stored::type, Stored::schemaVersion)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("First", 1), org.assertj.core.groups.Tuple.tuple("Second", 2));
    }

    @Test
    void aStepThatDoesNotMoveForwardIsRefusedRatherThanLoopingForever() {
        Upcasters upcasters = new Upcasters().from("Loop", 2, payload -> List.of(stored("Loop", 2, "again")));

        assertThatThrownBy(() -> upcasters.upcast(stored("Loop", 2, ""))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void oneStepPerShapeAndAFailingStepNamesTheShape() {
        Upcasters upcasters = new Upcasters().from("Broken", 1, payload -> {
            throw new java.io.IOException("truncated");
        });

        assertThatThrownBy(() -> upcasters.from("Broken", 1, payload -> List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> upcasters.upcast(stored("Broken", 1, ""))).hasMessageContaining("Broken version 1");
    }
}
