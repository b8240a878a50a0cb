package dev.boxoffice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The command line's exit status is that of its work. A command of ./boxoffice ends its branch with the status of its
 * last line; a last line {@code [ condition ] && step} fails the command whenever the condition is false, after
 * all its work succeeded (`./boxoffice image` without --test did, and a CI step after it would have stopped).
 */
class CommandLineScriptTest {

    private static final Path REPO = Path.of(System.getProperty("boxoffice.repo", "..")).toAbsolutePath().normalize();
    private static final Pattern TEST_AND_STEP = Pattern.compile("^\\s*\\[\\[? .*\\]\\]?\\s*&&\\s*[^|]*$");

    @Test
    void noCommandEndsWithAConditionThatFailsIt() throws IOException {
        assertThat(lastLinesOfBranches(REPO.resolve("boxoffice"))).isNotEmpty()
                .noneMatch(line -> TEST_AND_STEP.matcher(line).matches());
    }

    @Test
    void theCheckFindsSuchAnEnding() {
        assertThat(TEST_AND_STEP.matcher("    [ \"${1:-}\" = --test ] && deploy/image/test").matches()).isTrue();
        assertThat(TEST_AND_STEP.matcher("    if [ \"${1:-}\" = --test ]; then deploy/image/test; fi").matches()).isFalse();
    }

    /** The line before each `;;` of the script's case statements (comments and blank lines skipped). */
    private static List<String> lastLinesOfBranches(Path script) throws IOException {
        List<String> lastLines = new ArrayList<>();
        String previous = null;
        for (String line : Files.readAllLines(script)) {
            String trimmed = line.strip();
            if (trimmed.equals(";;") && previous != null) {
                lastLines.add(previous);
            } else if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
                previous = line;
            }
        }
        return lastLines;
    }
}
