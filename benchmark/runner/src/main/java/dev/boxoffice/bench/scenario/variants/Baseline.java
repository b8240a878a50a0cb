package dev.boxoffice.bench.scenario.variants;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The service as committed at another git revision of this repository, exported and built in a folder of its own
 * ({@code target/baseline/COMMIT}), so that a run can measure this checkout's service and that one side by side.
 * A build is kept and reused for the same commit; building another commit deletes the one before.
 *
 * @param revision what the user named (a branch, tag or commit)
 * @param commit   the commit it resolved to
 * @param root     the exported and built tree
 */
public record Baseline(String revision, String commit, Path root) {

    /**
     * The fixed reference build that every change to a hot or overload path is measured against ({@code --baseline
     * reference}): moved forward only when a newer build beats it, so that small leaks cannot add up unseen, as they
     * do when each change is compared with the build just before it. 9086c1c until this one beat it on every target
     * (docs/performance.md).
     */
    public static final String REFERENCE = "8acb45d";
    /** The name by which --baseline asks for {@link #REFERENCE}. */
    public static final String REFERENCE_NAME = "reference";

    private static final String BUILT_MARKER = ".built";
    private static final long BUILD_MINUTES = 20;

    /**
     * Resolves the revision, and exports and builds its service unless that commit's build is already there; the
     * build's command starts with {@code prefix} (which cores it runs on).
     */
    public static Baseline build(Path repository, String named, Path logDirectory, List<String> prefix) {
        String revision = revisionOf(named);
        String commit = resolve(repository, revision);
        Path folder = repository.resolve("target/baseline");
        Baseline baseline = new Baseline(revision, commit, folder.resolve(commit).toAbsolutePath().normalize());
        if (Files.isRegularFile(baseline.root.resolve(BUILT_MARKER)) && Files.isRegularFile(baseline.serviceJar())) {
            return baseline;
        }
        try {
            deleteTree(folder);
            Files.createDirectories(baseline.root);
            Path archive = folder.resolve(commit + ".tar");
            run(repository, logDirectory.resolve("baseline-export.log"), "git", "archive", "--format=tar",
                    "--output=" + archive.toAbsolutePath(), commit);
            run(baseline.root, logDirectory.resolve("baseline-export.log"), "tar", "-xf", archive.toAbsolutePath().toString());
            Files.delete(archive);
            // The runner's own JDK builds it: the one ./boxoffice chose, so the baseline is compiled like this checkout.
            // Its tests are neither run nor compiled: only the service's jar is measured.
            Path log = logDirectory.resolve("baseline-build.log").toAbsolutePath();
            List<String> command = new ArrayList<>(prefix);
            command.addAll(List.of("./mvnw", "-B", "-q", "-Dmaven.test.skip=true", "-pl", "service", "-am", "package"));
            ProcessBuilder maven = new ProcessBuilder(command)
                    .directory(baseline.root.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
            maven.environment().put("JAVA_HOME", System.getProperty("java.home"));
            waitFor(maven.start(), "building the service at " + revision + " failed; see " + log);
            if (!Files.isRegularFile(baseline.serviceJar())) {
                throw new IllegalStateException("the build of " + revision + " made no " + baseline.serviceJar()
                        + ": is there a service module at that revision?");
            }
            Files.writeString(baseline.root.resolve(BUILT_MARKER), commit + "\n");
            return baseline;
        } catch (IOException e) {
            throw new UncheckedIOException("could not export and build " + revision + " in " + baseline.root, e);
        }
    }

    /** The git revision a --baseline value names: itself, or the reference build for {@value #REFERENCE_NAME}. */
    public static String revisionOf(String named) {
        return named.equals(REFERENCE_NAME) ? REFERENCE : named;
    }

    public Path serviceJar() {
        return root.resolve("service/target/quarkus-app/quarkus-run.jar");
    }

    /** For the report: what was measured as the baseline. */
    public String describe() {
        return "built from " + revision + (revision.startsWith(commit.substring(0, 7)) ? "" : " (" + commit.substring(0, 12) + ")");
    }

    private static String resolve(Path repository, String revision) {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "--verify", "--quiet", revision + "^{commit}")
                    .directory(repository.toFile()).redirectErrorStream(true).start();
            String output = new String(git.getInputStream().readAllBytes()).strip();
            if (!git.waitFor(30, TimeUnit.SECONDS) || git.exitValue() != 0 || !output.matches("[0-9a-f]{40,64}")) {
                throw new IllegalArgumentException("--baseline " + revision + ": not a commit of the repository at " + repository);
            }
            return output;
        } catch (IOException e) {
            throw new IllegalStateException("--baseline needs git, and the benchmark run from a git checkout", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void run(Path directory, Path log, String... command) throws IOException {
        Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        waitFor(process, String.join(" ", List.of(command).subList(0, 2)) + " failed; see " + log);
    }

    private static void waitFor(Process process, String failure) {
        try {
            if (!process.waitFor(BUILD_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException(failure + " (no end after " + BUILD_MINUTES + " minutes)");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(failure);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void deleteTree(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
