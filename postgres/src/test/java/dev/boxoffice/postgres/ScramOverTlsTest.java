package dev.boxoffice.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnection;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both clients against a server that requires SCRAM over TLS: they connect with verify-full, and each wrong setting
 * fails within the connect timeout with one line naming its cause.
 */
class ScramOverTlsTest {

    @TempDir
    static Path directory;
    static EmbeddedPostgres server;
    static ScramOverTls secured;
    static Vertx vertx;

    @BeforeAll
    static void start() throws Exception {
        secured = ScramOverTls.prepare(directory.resolve("tls"));
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder().setDataDirectory(directory.resolve("data"))
                .setCleanDataDirectory(true);
        secured.serverConfig().forEach(builder::setServerConfig);
        server = builder.start();
        try (Connection superuser = server.getPostgresDatabase().getConnection()) {
            secured.createRole(superuser);
        }
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        server.close();
    }

    @Test
    void theReactiveClientConnectsWithVerifyFullOverTlsAndNamesItself() throws Exception {
        PostgresUrl url = PostgresUrl.parse(secured.url(server.getPort(), "postgres")).named("test-1");
        PgConnection connection = connect(url);
        var row = connection.query("SELECT ssl, current_user, current_setting('application_name') AS name"
                + " FROM pg_stat_ssl JOIN pg_stat_activity USING (pid) WHERE pid = pg_backend_pid()").execute()
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS).iterator().next();
        connection.close();
        assertThat(row.getBoolean("ssl")).isTrue();
        assertThat(row.getString("current_user")).isEqualTo(ScramOverTls.ROLE);
        assertThat(row.getString("name")).isEqualTo("test-1");
    }

    @Test
    void jdbcConnectsWithVerifyFullOverTls() throws Exception {
        PostgresUrl url = PostgresUrl.parse(secured.url(server.getPort(), "postgres")).named("test-jdbc");
        try (Connection connection = DriverManager.getConnection(url.jdbcUrl(), url.jdbcProperties());
                ResultSet row = connection.createStatement().executeQuery(
                        "SELECT ssl, current_setting('application_name') FROM pg_stat_ssl WHERE pid = pg_backend_pid()")) {
            row.next();
            assertThat(row.getBoolean(1)).isTrue();
            assertThat(row.getString(2)).isEqualTo("test-jdbc");
        }
    }

    @Test
    void aWrongPasswordIsNamed() {
        String url = secured.url(server.getPort(), "postgres").replace(secured.password(), "wrong");
        assertThat(failure(url)).contains("wrong password for user boxoffice");
    }

    @Test
    void aPlainTextConnectionIsToldToUseTls() {
        String url = "postgresql://boxoffice:" + secured.password() + "@localhost:" + server.getPort() + "/postgres?sslmode=disable";
        assertThat(failure(url)).contains("accepts only encrypted connections");
    }

    @Test
    void aCertificateFromAnotherCaIsRefused() throws Exception {
        Path otherCa = ScramOverTls.prepare(directory.resolve("other")).caFile();
        String url = secured.url(server.getPort(), "postgres").replace(secured.caFile().toString(), otherCa.toString());
        assertThat(failure(url)).contains("not signed by a CA in sslrootcert=" + otherCa);
    }

    @Test
    void aServerThatDoesNotListenIsNamed() throws Exception {
        int closed;
        try (var socket = new java.net.ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        assertThat(failure("postgresql://boxoffice:x@127.0.0.1:" + closed + "/postgres")).contains("connection refused");
    }

    @Test
    void aCaFileThatCannotBeReadIsRefusedBeforeConnecting() {
        assertThat(Files.exists(directory.resolve("nothing.crt"))).isFalse();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PostgresUrl.parse(
                "postgresql://h/db?sslmode=verify-full&sslrootcert=" + directory.resolve("nothing.crt")))
                .hasMessageContaining("cannot be read");
    }

    private static PgConnection connect(PostgresUrl url) throws Exception {
        return PgConnection.connect(vertx, url.pgConnectOptions()).toCompletionStage().toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
    }

    /** The line a failed connection is explained by; within the connect timeout. */
    private static String failure(String url) {
        PostgresUrl parsed = PostgresUrl.parse(url);
        long started = System.nanoTime();
        try {
            connect(parsed).close();
            throw new AssertionError("connected with " + url);
        } catch (Exception e) {
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(PostgresUrl.DEFAULT_CONNECT_TIMEOUT);
            String line = ConnectionProblem.explain(parsed, e.getCause() == null ? e : e.getCause());
            assertThat(line).doesNotContain("\n").startsWith("cannot connect to PostgreSQL at ");
            return line;
        }
    }
}
