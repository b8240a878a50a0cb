package dev.boxoffice.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes manifests of deploy/kubernetes against the Kubernetes API's schemas (kubernetes-validate, strict:
 * an unknown or misspelt field fails), and their HAProxy configuration against HAProxy itself, so that neither rots.
 * Nothing here runs a cluster: the manifests are validated, not deployed.
 */
class KubernetesManifestsTest {

    private static final Path REPO = Path.of(System.getProperty("boxoffice.repo", "..")).toAbsolutePath().normalize();
    private static final Path MANIFESTS = REPO.resolve("deploy/kubernetes");
    /** A custom resource of CloudNativePG's, checked against its own schema. */
    private static final String DATABASE_CLUSTER = "postgres.yaml";

    @Test
    void everyManifestMatchesTheKubernetesSchemas() throws Exception {
        List<String> command = new ArrayList<>(List.of(validator(), "--strict", "--no-warn"));
        try (Stream<Path> files = Files.list(MANIFESTS)) {
            files.filter(f -> f.toString().endsWith(".yaml") && !f.getFileName().toString().equals("kustomization.yaml")
                            && !f.getFileName().toString().equals(DATABASE_CLUSTER))
                    .sorted().forEach(f -> command.add(f.toString()));
        }
        assertThat(command).hasSizeGreaterThan(3);

        Run result = run(command);

        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).contains("deployment/boxoffice", "poddisruptionbudget/boxoffice", "deployment/boxoffice-haproxy");
    }

    /**
     * The database's Cluster against CloudNativePG's schema for it (as strictly: an unknown field fails), replicated
     * synchronously with durability required, and the nodes take their URL from the Secret the operator writes for it.
     */
    @Test
    void theDatabaseClusterMatchesCloudNativePgsSchemaAndTheNodesUseIt() throws Exception {
        Path crd = Path.of(System.getProperty("user.home"), ".cache/boxoffice/cloudnative-pg-v1.28.0/postgresql.cnpg.io_clusters.yaml");
        assertThat(crd).as("./boxoffice test fetches it").exists();
        Path check = Path.of(KubernetesManifestsTest.class.getResource("/check_custom_resource.py").toURI());
        Path python = Path.of(validator()).resolveSibling("python");

        Run result = run(List.of(python.toString(), check.toString(), crd.toString(), MANIFESTS.resolve(DATABASE_CLUSTER).toString()));

        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output()).contains("cluster/boxoffice-db: valid");
        String cluster = Files.readString(MANIFESTS.resolve(DATABASE_CLUSTER));
        assertThat(cluster).contains("instances: 3", "method: any", "number: 1", "dataDurability: required");
        assertThat(Files.readString(MANIFESTS.resolve("boxoffice.yaml"))).contains("secretKeyRef: {name: boxoffice-db-app, key: uri}");
        assertThat(Files.readString(MANIFESTS.resolve("kustomization.yaml"))).contains("- " + DATABASE_CLUSTER);
    }

    @Test
    void theHaProxyConfigurationOfTheManifestsIsValid() throws Exception {
        Path haproxy = HaProxy.binary().orElseThrow(() -> new AssertionError("HAProxy is not installed: ./boxoffice test installs it"));

        Run result = run(List.of(haproxy.toString(), "-c", "-f", MANIFESTS.resolve("haproxy.cfg").toString()));

        assertThat(result.exitCode()).as(result.output()).isZero();
    }

    /**
     * The crowd's bounds at the edge (queue timeouts, refusal bodies, the per-client rate, which backend takes what)
     * are the reference file's.
     */
    @Test
    void theEdgesBoundsInKubernetesAreTheReferenceFiles() throws Exception {
        List<String> reference = edgeRules(Files.readString(REPO.resolve(HaProxyConfig.REFERENCE)));
        List<String> manifests = edgeRules(Files.readString(MANIFESTS.resolve("haproxy.cfg")));

        assertThat(reference).hasSize(16);
        assertThat(manifests).isEqualTo(reference);
    }

    private static List<String> edgeRules(String config) {
        return config.lines().map(String::strip).filter(line -> line.startsWith("timeout queue") || line.startsWith("option http-no-delay") || line.startsWith("http-error")
                || line.startsWith("stick-table") || line.contains("txn.client") || line.startsWith("http-request deny")
                || line.startsWith("use_backend") || line.startsWith("default_backend")).toList();
    }

    /**
     * The Deployment runs the image that ./boxoffice image builds (tagged with the project's version) as the image's
     * own user, and leaves the JVM's options to the image (service/jvm.options), so that there is one place for them.
     */
    @Test
    void theDeploymentRunsTheImageBuiltHereAsItsUser() throws Exception {
        String deployment = Files.readString(MANIFESTS.resolve("boxoffice.yaml"));
        String dockerfile = Files.readString(REPO.resolve("Dockerfile"));
        String imageUser = dockerfile.lines().filter(line -> line.startsWith("USER ")).findFirst().orElseThrow()
                .substring("USER ".length()).split(":")[0];

        assertThat(deployment).contains("image: boxoffice:" + System.getProperty("boxoffice.version"))
                .contains("runAsUser: " + imageUser).contains("runAsNonRoot: true")
                .doesNotContain("JAVA_TOOL_OPTIONS", "-Xmx");
    }

    /** The validator ./boxoffice test installs (a PyPI package, in a virtual environment of its own). */
    private static String validator() {
        String configured = System.getenv("KUBERNETES_VALIDATE");
        Path path = Path.of(configured != null ? configured
                : System.getProperty("user.home") + "/.cache/boxoffice/kubernetes-validate-1.37.0/bin/kubernetes-validate");
        if (!Files.isExecutable(path)) {
            throw new AssertionError(path + " is missing: ./boxoffice test installs it (pip install kubernetes-validate)");
        }
        return path.toString();
    }

    private record Run(int exitCode, String output) {
    }

    private static Run run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        return new Run(process.waitFor(), output);
    }
}
