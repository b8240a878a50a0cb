package dev.boxoffice.entity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.entity.Lifecycle.Appending;
import dev.boxoffice.entity.Lifecycle.CatchingUp;
import dev.boxoffice.entity.Lifecycle.Loading;
import dev.boxoffice.entity.Lifecycle.Passivated;
import dev.boxoffice.entity.Lifecycle.Ready;
import dev.boxoffice.entity.Lifecycle.Unloaded;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The lifecycle's transition table, move by move. */
class LifecycleTest {

    private static final Lifecycle<String> UNLOADED = new Unloaded<>();
    private static final Lifecycle<String> LOADING = new Loading<>();
    private static final Lifecycle<String> READY = new Ready<>("state", 3);
    private static final Lifecycle<String> APPENDING = new Appending<>("state", 3, "next");
    private static final Lifecycle<String> CATCHING_UP = new CatchingUp<>("state", 3);
    private static final Lifecycle<String> PASSIVATED = new Passivated<>();
    private static final List<Lifecycle<String>> ALL = List.of(UNLOADED, LOADING, READY, APPENDING, CATCHING_UP, PASSIVATED);

    @Test
    void everyMoveOfTheTableAndNoOther() {
        assertThat(targets(UNLOADED)).containsExactlyInAnyOrder("Loading", "Passivated");
        assertThat(targets(LOADING)).containsExactlyInAnyOrder("Ready", "Unloaded");
        assertThat(targets(READY)).containsExactlyInAnyOrder("Appending", "CatchingUp", "Passivated");
        assertThat(targets(APPENDING)).containsExactlyInAnyOrder("Ready", "CatchingUp", "Unloaded");
        assertThat(targets(CATCHING_UP)).containsExactlyInAnyOrder("Ready", "Unloaded");
        assertThat(targets(PASSIVATED)).as("passivated is final").isEmpty();
    }

    @Test
    void workWaitsOnlyWhileIoIsInFlight() {
        assertThat(ALL.stream().filter(Lifecycle::awaitsIo).map(l -> l.getClass().getSimpleName()))
                .containsExactlyInAnyOrder("Loading", "Appending", "CatchingUp");
    }

    private static Set<String> targets(Lifecycle<String> from) {
        return ALL.stream().filter(from::canBecome).map(l -> l.getClass().getSimpleName()).collect(Collectors.toSet());
    }
}
