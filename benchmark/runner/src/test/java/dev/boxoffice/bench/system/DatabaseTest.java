package dev.boxoffice.bench.system;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DatabaseTest {

    @Test
    void refusesARunFolderWithASpaceAtOnceInsteadOfWaitingForAServerThatCannotStart() {
        Pinning unpinned = Pinning.disabled();
        Path logs = Path.of("/tmp/my results/logs");

        assertThatThrownBy(() -> Database.startEmbedded(logs, Database.LOG_FILE_NAME, unpinned, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("/tmp/my results/logs")
                .hasMessageContaining("--out");
    }
}
