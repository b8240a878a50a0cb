package dev.boxoffice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a comparison of run folders says about one figure: of two runs, each value and B / A; of three or more, the
 * median and how far the farthest run lies from it. The recorded run, its serial capacity changed per copy.
 */
class CompareTest {

    private static final Path RECORDED = Path.of("src/test/resources/recorded-run/results.json");

    @TempDir
    Path work;

    @Test
    void twoRunsSideBySideWithTheSecondOverTheFirst() throws IOException {
        List<Path> runs = runsWithSerialCapacities(100, 150);

        String markdown = Compare.write(runs, work);

        assertThat(markdown).contains("| Figure | a | b | B / A |");
        assertThat(markdown).contains("| Serial capacity, req/s | 100 | 150 | 1.50× |");
        assertThat(markdown).contains("| HTTP ceiling, req/s | 2,379 | 2,379 | 1.00× |");
    }

    @Test
    void threeRunsByTheirMedianAndTheFarthestFromIt() throws IOException {
        List<Path> runs = runsWithSerialCapacities(100, 150, 120);

        String markdown = Compare.write(runs, work);

        assertThat(markdown).contains("| Serial capacity, req/s | 100 | 150 | 120 | 120 | 25% |");
    }

    @Test
    void threeVariantsRunsSplitTheServicesLeadIntoTheSharedCommitAndTheEventLoop() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Path> runs = new ArrayList<>();
        double[][] capacities = {{1000, 300, 600}, {1000, 250, 500}, {1000, 400, 600}}; // reactive, per request, shared
        for (int i = 0; i < capacities.length; i++) {
            ObjectNode run = (ObjectNode) json.readTree(RECORDED.toFile());
            var variants = run.path("results").path("variants").path("variants");
            String[] names = {"reactive", "virtual-threads", "virtual-threads-shared-commit"};
            for (int v = 0; v < names.length; v++) {
                ((ObjectNode) variants.get(v)).put("name", names[v]);
                ((ObjectNode) variants.get(v).path("serial")).put("capacityRps", capacities[i][v]);
            }
            Path folder = Files.createDirectories(work.resolve("run" + i));
            json.writeValue(folder.resolve("results.json").toFile(), run);
            runs.add(folder);
        }

        String markdown = Compare.write(runs, work);

        assertThat(markdown).contains("| Step: median of the runs' ratios (range, farthest run) | virtual-threads → "
                + "virtual-threads-shared-commit | virtual-threads-shared-commit → reactive |");
        // The commit: 600/300, 500/250, 600/400; then the event loop: 1000/600, 1000/500, 1000/600.
        assertThat(markdown).contains("| serial capacity req/s | 2.00 (1.50-2.00, ±25 %) | 1.67 (1.67-2.00, ±20 %) |");
    }

    @Test
    void aFolderWithoutResultsIsRefusedByName() throws IOException {
        Path empty = Files.createDirectories(work.resolve("empty"));

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Compare.write(List.of(empty, empty), work))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty is not a run folder");
    }

    /** One run folder per capacity, named a, b, c…: the recorded run with its serial capacity set to that. */
    private List<Path> runsWithSerialCapacities(double... capacities) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Path> runs = new ArrayList<>();
        for (int i = 0; i < capacities.length; i++) {
            ObjectNode run = (ObjectNode) json.readTree(RECORDED.toFile());
            ((ObjectNode) run.path("results").path("serial")).put("capacityRps", capacities[i]);
            Path folder = Files.createDirectories(work.resolve(String.valueOf((char) ('a' + i))));
            json.writeValue(folder.resolve("results.json").toFile(), run);
            runs.add(folder);
        }
        return runs;
    }
}
