package dev.boxoffice.cluster;

import dev.boxoffice.postgres.PostgresUrl;
import dev.boxoffice.postgres.ScramOverTls;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The PostgreSQL every node of a cluster shares: an embedded server from real binaries (default durability: fsync
 * and synchronous commit on), servers replicated under pg_auto_failover behind a proxy ({@link ReplicatedDatabase}),
 * or an external one given by URL.
 */
public final class ClusterDatabase implements AutoCloseable {

    private final EmbeddedPostgres embedded;
    private final ReplicatedDatabase replicated;
    private final String url;
    private final Optional<String> directUrl;
    /** Files deleted when the server stops: a throwaway server's certificates. */
    private final Optional<Path> throwawayFiles;

    private ClusterDatabase(EmbeddedPostgres embedded, ReplicatedDatabase replicated, String url, Optional<String> directUrl,
            Optional<Path> throwawayFiles) {
        this.embedded = embedded;
        this.replicated = replicated;
        this.url = url;
        this.directUrl = directUrl;
        this.throwawayFiles = throwawayFiles;
    }

    /**
     * A server the caller runs: {@code postgresql://user:password@host:port/database}, as the service's DATABASE_URL;
     * with {@code directUrl}, the same database without the pooler in transaction mode that {@code url} goes through.
     */
    public static ClusterDatabase external(String url, Optional<String> directUrl) {
        return new ClusterDatabase(null, null, url, directUrl, Optional.empty());
    }

    /** Servers replicated under pg_auto_failover; the nodes connect to its proxy. */
    public static ClusterDatabase replicated(ReplicatedDatabase database) {
        return new ClusterDatabase(null, database, database.url(), Optional.empty(), Optional.empty());
    }

    /** The replicated servers, when the cluster runs on them. */
    public Optional<ReplicatedDatabase> replicas() {
        return Optional.ofNullable(replicated);
    }

    /**
     * Starts a server on {@code dataDirectory}, keeping its data (the single-node service's directory can be shared:
     * the same shows, run on one node or several); {@code throwaway} deletes it when the server stops. It is configured
     * as production servers are ({@link ScramOverTls}): the nodes connect as an application role, with a password
     * checked by SCRAM-SHA-256, over TLS with verify-full against a CA made at each start beside the data.
     */
    public static ClusterDatabase embedded(Path dataDirectory, boolean throwaway) {
        refuseIfInUse(dataDirectory);
        try {
            Files.createDirectories(dataDirectory);
            Path certificates = dataDirectory.resolveSibling(dataDirectory.getFileName() + "-tls");
            ScramOverTls secured = ScramOverTls.prepare(certificates);
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setDataDirectory(dataDirectory)
                    .setCleanDataDirectory(throwaway)
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", "on")
                    // Per node: 8 reactive connections, the read model's and Flyway's at start-up
                    .setServerConfig("max_connections", "300");
            secured.serverConfig().forEach(builder::setServerConfig);
            EmbeddedPostgres postgres = builder.start();
            try (Connection superuser = postgres.getPostgresDatabase().getConnection()) {
                secured.createRole(superuser);
            }
            return new ClusterDatabase(postgres, null, secured.url(postgres.getPort(), "postgres"), Optional.empty(),
                    throwaway ? Optional.of(certificates) : Optional.empty());
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the embedded PostgreSQL in " + dataDirectory, e);
        } catch (SQLException e) {
            throw new IllegalStateException("could not reach the embedded PostgreSQL just started: " + e.getMessage(), e);
        }
    }

    /** The URL every node gets as DATABASE_URL. */
    public String url() {
        return url;
    }

    /** What every node and line service is given: DATABASE_URL, and DATABASE_DIRECT_URL behind a pooler. */
    public Map<String, String> environment() {
        return directUrl.map(direct -> Map.of("DATABASE_URL", url, "DATABASE_DIRECT_URL", direct))
                .orElse(Map.of("DATABASE_URL", url));
    }

    /** The same database as a JDBC URL with its user, password and TLS (past any pooler), for checks from outside the nodes. */
    public String jdbcUrl() {
        PostgresUrl parsed = PostgresUrl.parse(directUrl.orElse(url)).named("cluster-check");
        StringBuilder jdbc = new StringBuilder(parsed.jdbcUrl());
        parsed.jdbcProperties().forEach((key, value) -> jdbc.append('&').append(key).append('=')
                .append(URLEncoder.encode((String) value, StandardCharsets.UTF_8)));
        return jdbc.toString();
    }

    private String caFile() {
        return PostgresUrl.parse(url).rootCert().orElse("none");
    }

    @Override
    public String toString() {
        if (replicated != null) {
            return "PostgreSQL replicated under pg_auto_failover, through HAProxy on port " + replicated.port();
        }
        return embedded != null ? "embedded PostgreSQL on port " + embedded.getPort() + " (SCRAM over TLS, CA " + caFile() + ")"
                : "PostgreSQL at DATABASE_URL";
    }

    @Override
    public void close() {
        if (replicated != null) {
            replicated.close();
        }
        if (embedded != null) {
            try {
                embedded.close();
                for (Path file : throwawayFiles.map(ClusterDatabase::filesDeepestFirst).orElse(List.of())) {
                    Files.delete(file);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static List<Path> filesDeepestFirst(Path directory) {
        try (var files = Files.walk(directory)) {
            return files.sorted(Comparator.reverseOrder()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A second server on a data directory would wait 60 s and fail obscurely. A server whose parent is gone (a launcher
     * killed with kill -9) is stopped; one that something still runs is left alone, with a clear error.
     */
    private static void refuseIfInUse(Path dataDirectory) {
        Optional<ProcessHandle> holder = postmasterPid(dataDirectory).flatMap(ProcessHandle::of).filter(ProcessHandle::isAlive);
        if (holder.isEmpty()) {
            return;
        }
        boolean orphaned = holder.get().parent().map(parent -> parent.pid() == 1).orElse(true);
        if (!orphaned) {
            throw new IllegalStateException(dataDirectory + " is in use by PostgreSQL (pid " + holder.get().pid()
                    + "): is ./boxoffice run still running? Stop it first.");
        }
        holder.get().destroy();
        holder.get().onExit().orTimeout(60, TimeUnit.SECONDS).join();
    }

    private static Optional<Long> postmasterPid(Path dataDirectory) {
        try {
            return Optional.of(Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).trim()));
        } catch (IOException | RuntimeException missingOrUnreadable) {
            return Optional.empty();
        }
    }
}
