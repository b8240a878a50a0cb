package dev.boxoffice.entity;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.GraphLayout;

/**
 * What {@link Entity#OVERHEAD_BYTES} stands for, measured with JOL on this JVM: the entity object, its lifecycle, its
 * empty queue, its id and stream name, and its node in the runtime's ConcurrentHashMap with a share of the map's table.
 */
class EntityOverheadTest {

    static {
        // Records hide their field offsets from Unsafe; JOL then finds them by its own probing.
        System.setProperty("jol.magicFieldOffset", "true");
    }

    @Test
    void theOverheadCoversAnEntitysOwnObjects() {
        String id = UUID.randomUUID().toString();
        long entity = ClassLayout.parseClass(Entity.class).instanceSize()
                + ClassLayout.parseClass(Lifecycle.Ready.class).instanceSize();
        long queue = GraphLayout.parseInstance(new ArrayDeque<>()).totalSize();
        long names = GraphLayout.parseInstance(id, "show-" + id).totalSize();
        long mapNode = 32 + 8; // ConcurrentHashMap.Node (hash, key, value, next) and about two table slots per entry

        long measured = entity + queue + names + mapNode;

        assertThat(Entity.OVERHEAD_BYTES).as("measured %d bytes", measured).isBetween(measured, measured + measured / 5);
    }
}
