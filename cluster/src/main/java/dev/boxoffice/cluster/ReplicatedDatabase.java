package dev.boxoffice.cluster;

import dev.boxoffice.postgres.ScramOverTls;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * PostgreSQL on R + 1 servers under pg_auto_failover (docs/decisions/0027-a-replicated-event-store.md): a monitor, and a
 * keeper per server that runs it, with synchronous replication (a commit is acknowledged once a standby has it too)
 * and failover within seconds of a lost primary; HAProxy in front ({@code deploy/haproxy/postgres.cfg}) sends every
 * connection to the server that takes writes.
 *
 * <p>On {@code port}: the proxy (what the nodes connect to), then the monitor, then each server. PostgreSQL does not
 * run as root: run by root, every process runs as the {@code postgres} user, which owns the data.
 *
 * <p>As production servers are ({@link ScramOverTls}): every connection between them and every client's goes over
 * TLS, checked against a CA made at each start ({@code verify-full}), and logs in by SCRAM-SHA-256 (the keepers to the
 * monitor as {@code autoctl_node}, the standbys to the primary as {@code pgautofailover_replicator}, the nodes as the
 * application's role), with passwords made once and kept beside the data. initdb's password-less lines are taken out
 * of each server's {@code pg_hba.conf}; the superuser keeps a password-less way in from the loopback, for the proxy's
 * check and the monitor's state, as on the embedded server.
 */
public final class ReplicatedDatabase implements AutoCloseable {

    /** The reference configuration of the proxy, relative to the repository. */
    public static final Path PROXY_REFERENCE = Path.of("deploy", "haproxy", "postgres.cfg");
    static final Path PG_AUTOCTL = Path.of("/usr/bin/pg_autoctl");
    static final Path PG_BIN = Path.of("/usr/lib/postgresql/15/bin");
    static final String INSTALL = "apt-get install postgresql-15-auto-failover pg-auto-failover-cli";

    /**
     * The monitor's health checks, tuned from their defaults (a check every 5 s, a node unhealthy after 20 s, 30 s
     * for an old primary to step down). A node is called unhealthy only when its checks fail and its keeper has
     * not reported for the unhealthy timeout (a keeper reports every second), so a check that fails while the
     * machine is busy does not start a failover. The old primary's keeper steps down after 2 s without the monitor
     * and the standbys, before the monitor promotes another after 2.5 s.
     */
    private static final Map<String, String> MONITOR_SETTINGS = Map.of(
            "pgautofailover.health_check_period", "500",
            "pgautofailover.health_check_timeout", "1000",
            "pgautofailover.health_check_max_retries", "1",
            "pgautofailover.health_check_retry_delay", "250",
            "pgautofailover.node_considered_unhealthy_timeout", "1000",
            "pgautofailover.primary_demote_timeout", "2500");
    private static final String NETWORK_PARTITION_TIMEOUT_SECONDS = "2";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    /** A keeper restarted at once may find its predecessor's processes not yet reaped, and exit. */
    private static final Duration RESTART_EVERY = Duration.ofSeconds(5);

    private final Path directory;
    private final int port;
    private final int replicas;
    private final Path logDirectory;
    private final boolean throwaway;
    private final List<String> commandPrefix;
    private final Map<String, Process> keepers = new LinkedHashMap<>();
    private final Map<String, Long> startedAtNanos = new LinkedHashMap<>();
    private Process monitor;
    private HaProxy proxy;
    private ScramOverTls secured;
    private Properties passwords;

    private ReplicatedDatabase(Path directory, int port, int replicas, Path logDirectory, boolean throwaway,
            List<String> commandPrefix) {
        this.commandPrefix = List.copyOf(commandPrefix);
        this.directory = directory;
        this.port = port;
        this.replicas = replicas;
        this.logDirectory = logDirectory;
        this.throwaway = throwaway;
    }

    /**
     * Starts the monitor, then each server (the first is the primary, the others copy it), then the proxy once one
     * primary and {@code replicas} standbys are in sync. Data already in {@code directory} is kept and run again.
     */
    public static ReplicatedDatabase start(Path repo, Path directory, int replicas, int port, Path logDirectory,
            boolean throwaway, ProcessBuilder.Redirect proxyOutput) {
        return start(repo, directory, replicas, port, logDirectory, throwaway, proxyOutput, List.of());
    }

    /** The same, each of its processes started after {@code commandPrefix} (a {@code taskset}, say). */
    public static ReplicatedDatabase start(Path repo, Path directory, int replicas, int port, Path logDirectory,
            boolean throwaway, ProcessBuilder.Redirect proxyOutput, List<String> commandPrefix) {
        if (replicas < 2 || replicas > 4) {
            throw new IllegalArgumentException("--db-replicas takes 2 to 4: with one replica, pg_auto_failover lets the"
                    + " primary take writes alone while the replica is away, so a commit would be on one server only");
        }
        if (!Files.isExecutable(PG_AUTOCTL) || !Files.isExecutable(PG_BIN.resolve("pg_ctl"))) {
            throw new IllegalStateException("pg_auto_failover is not installed (Debian/Ubuntu: " + INSTALL + ")");
        }
        ReplicatedDatabase database = new ReplicatedDatabase(directory.toAbsolutePath(), port, replicas, logDirectory,
                throwaway, commandPrefix);
        try {
            database.startAll(repo, proxyOutput);
            return database;
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
    }

    /** What the nodes get as DATABASE_URL: the proxy, as the application's role, TLS checked against the CA. */
    public String url() {
        return secured.url(port, "postgres");
    }

    public int port() {
        return port;
    }

    /** The server taking writes, as the monitor says (pg1, pg2...); empty while none is. */
    public Optional<String> primary() {
        return states().entrySet().stream().filter(node -> node.getValue().equals("primary/primary"))
                .map(Map.Entry::getKey).findFirst();
    }

    /**
     * Waits, at most {@code limit}, until every server is in the state assigned it, one the primary and the others
     * standbys in sync: what a planned switchover needs. Whether they are.
     */
    public boolean awaitInSync(Duration limit) {
        return awaitSettled(replicas + 1, limit);
    }

    /** Each server's state as the monitor has it: "reported/assigned" (primary/primary, secondary/secondary...). */
    public Map<String, String> states() {
        Map<String, String> states = new LinkedHashMap<>();
        try (Connection connection = DriverManager.getConnection(jdbc(monitorPort(), "pg_auto_failover"));
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT nodename, reportedstate, goalstate FROM pgautofailover.node ORDER BY nodename")) {
            while (rows.next()) {
                states.put(rows.getString(1), rows.getString(2) + "/" + rows.getString(3));
            }
        } catch (SQLException monitorNotUp) {
            return Map.of();
        }
        return states;
    }

    /** kill -9 of a server's PostgreSQL and its keeper, as when its machine is lost. */
    public void kill(String server) {
        Process keeper = keepers.get(server);
        keeper.descendants().forEach(ProcessHandle::destroyForcibly);
        keeper.destroyForcibly();
        try {
            keeper.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A planned switchover: the monitor has the primary step down and a standby in sync take over
     * ({@code pg_autoctl perform switchover}); returns once it is done.
     */
    public void switchover() {
        complete("monitor", List.of("perform", "switchover", "--pgdata", data("monitor").toString()));
    }

    /**
     * Starts the keeper of every server whose keeper has exited, at most once every {@link #RESTART_EVERY}: back
     * before the monitor gives up on it, a primary stays primary; after a failover, it rejoins as a standby.
     */
    public List<String> restartStopped() {
        List<String> restarted = new ArrayList<>();
        for (var keeper : keepers.entrySet()) {
            String server = keeper.getKey();
            if (!keeper.getValue().isAlive() && System.nanoTime() - startedAtNanos.get(server) > RESTART_EVERY.toNanos()) {
                keeper.setValue(run(server));
                startedAtNanos.put(server, System.nanoTime());
                restarted.add(server);
            }
        }
        return restarted;
    }

    private void startAll(Path repo, ProcessBuilder.Redirect proxyOutput) {
        try {
            Files.createDirectories(directory);
            Files.createDirectories(logDirectory);
            passwords = passwords();
            secured = ScramOverTls.prepare(directory.resolve("tls"));
            ownedByPostgres(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("could not prepare " + directory, e);
        }
        if (!Files.exists(directory.resolve("monitor"))) {
            List<String> create = new ArrayList<>(List.of("create", "monitor", "--pgdata", data("monitor").toString(),
                    "--pgport", Integer.toString(monitorPort()), "--hostname", "127.0.0.1", "--listen", "127.0.0.1"));
            create.addAll(tlsAndScram());
            complete("monitor", create);
            requirePasswords("monitor");
        }
        monitor = run("monitor");
        awaitMonitor();
        sql(monitorPort(), "pg_auto_failover", "ALTER ROLE autoctl_node PASSWORD '" + passwords.getProperty("autoctl_node") + "'");
        for (int i = 1; i <= replicas + 1; i++) {
            String server = "pg" + i;
            boolean created = !Files.exists(data(server));
            if (created) {
                List<String> create = new ArrayList<>(List.of("create", "postgres", "--pgdata", data(server).toString(),
                        "--pgport", Integer.toString(serverPort(i)), "--hostname", "127.0.0.1", "--listen", "127.0.0.1",
                        "--name", server, "--monitor", "postgres://autoctl_node:" + passwords.getProperty("autoctl_node")
                                + "@127.0.0.1:" + monitorPort() + "/pg_auto_failover?sslmode=verify-full&sslrootcert=" + secured.caFile()));
                create.addAll(tlsAndScram());
                // A standby copies the primary at its creation, as the replication role: libpq takes its password here
                complete(server, create, Map.of("PGPASSWORD", passwords.getProperty("pgautofailover_replicator")));
                complete(server, List.of("config", "set", "--pgdata", data(server).toString(),
                        "timeout.network_partition_timeout", NETWORK_PARTITION_TIMEOUT_SECONDS));
                complete(server, List.of("config", "set", "--pgdata", data(server).toString(),
                        "replication.password", passwords.getProperty("pgautofailover_replicator")));
                requirePasswords(server);
            }
            keepers.put(server, run(server));
            startedAtNanos.put(server, System.nanoTime());
            if (created) { // a new standby copies the primary: one at a time
                awaitStates(i);
            }
            if (created && i == 1) { // the standbys copy the primary as this role, by its password
                sql(serverPort(1), "postgres", "ALTER ROLE pgautofailover_replicator PASSWORD '"
                        + passwords.getProperty("pgautofailover_replicator") + "'");
            }
        }
        awaitStates(replicas + 1);
        proxy = HaProxy.start(proxyConfig(repo), logDirectory.resolve("haproxy-postgres.cfg"), port, port, commandPrefix, proxyOutput);
        awaitProxyOnPrimary();
        // On the primary itself: the proxy may not have found it yet
        int primaryPort = serverPort(Integer.parseInt(primary().orElseThrow().substring("pg".length())));
        try (Connection primary = DriverManager.getConnection(jdbc(primaryPort, "postgres"))) {
            secured.createRole(primary);
        } catch (SQLException e) {
            throw new IllegalStateException("could not create the application's role on the primary: " + e.getMessage(), e);
        }
    }

    /**
     * Until the proxy's checks have failed on every standby, it may send a connection to one (a server counts as up
     * until its first check fails, up to 1.5 s): the nodes' migrations would meet a read-only server. The proxy deals
     * connections round robin, so twice as many writable answers in a row as there are servers say it is done.
     */
    private void awaitProxyOnPrimary() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        int writableInARow = 0;
        while (true) {
            try (Connection connection = DriverManager.getConnection(jdbc(port, "postgres"));
                    Statement statement = connection.createStatement();
                    ResultSet row = statement.executeQuery("SHOW transaction_read_only")) {
                writableInARow = row.next() && row.getString(1).equals("off") ? writableInARow + 1 : 0;
                if (writableInARow >= 2 * (replicas + 1)) {
                    return;
                }
                if (writableInARow > 0) {
                    continue;
                }
            } catch (SQLException notYet) {
                writableInARow = 0; // the proxy is starting, or just cut a standby's session
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the PostgreSQL proxy on port " + port + " did not reach the primary within "
                        + START_TIMEOUT.toSeconds() + " s; see " + logDirectory);
            }
            pause();
        }
    }

    /** pg_autoctl's options for TLS with the CA's certificates, and SCRAM for the connections between the servers. */
    private List<String> tlsAndScram() {
        Path certificates = secured.caFile().getParent();
        return List.of("--auth", "scram-sha-256", "--ssl-mode", "verify-full", "--ssl-ca-file", secured.caFile().toString(),
                "--server-cert", certificates.resolve("server.crt").toString(),
                "--server-key", certificates.resolve("server.key").toString(),
                "--pgctl", PG_BIN.resolve("pg_ctl").toString());
    }

    /**
     * initdb lets every local TCP connection in without a password, ahead of pg_auto_failover's SCRAM lines; those go,
     * the superuser's from the loopback stays (the proxy's check, the monitor's state), and the application's role
     * may log in over TLS by SCRAM.
     */
    private void requirePasswords(String server) {
        Path hba = data(server).resolve("pg_hba.conf");
        try {
            List<String> lines = new ArrayList<>(List.of(
                    "host    all   postgres  127.0.0.1/32  trust          # BoxOffice: the proxy's check, the monitor's state",
                    "hostssl all   " + ScramOverTls.ROLE + " 127.0.0.1/32  scram-sha-256  # BoxOffice: the nodes"));
            Files.readAllLines(hba).stream()
                    .filter(line -> !line.matches("^host\\s+(all|replication)\\s+all\\s+\\S+\\s+trust.*"))
                    .forEach(lines::add);
            Files.write(hba, lines);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + hba, e);
        }
    }

    /**
     * The passwords of pg_auto_failover's roles, made once and kept beside the data (a keeper's configuration holds
     * its own). Data made before the servers required them cannot be used: it says so.
     */
    private Properties passwords() throws IOException {
        Path file = directory.resolve("passwords.properties");
        Properties passwords = new Properties();
        if (Files.exists(file)) {
            try (var in = Files.newBufferedReader(file)) {
                passwords.load(in);
            }
            return passwords;
        }
        if (Files.exists(directory.resolve("monitor"))) {
            throw new IllegalStateException(directory + " was made before its servers required SCRAM over TLS: remove it"
                    + " (rm -rf " + directory + ") and start again");
        }
        for (String role : List.of("autoctl_node", "pgautofailover_replicator")) {
            byte[] secret = new byte[18];
            new SecureRandom().nextBytes(secret);
            passwords.setProperty(role, HexFormat.of().formatHex(secret));
        }
        try (var out = Files.newBufferedWriter(file)) {
            passwords.store(out, "pg_auto_failover's roles");
        }
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return passwords;
    }

    /** One statement, as the superuser from the loopback; a server restarting (its keeper applying settings) is waited for. */
    private static void sql(int port, String database, String statement) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (true) {
            try (Connection connection = DriverManager.getConnection(jdbc(port, database));
                    Statement sql = connection.createStatement()) {
                sql.execute(statement);
                return;
            } catch (SQLException e) {
                if (System.nanoTime() > deadline || !"08001".equals(e.getSQLState()) && !"57P03".equals(e.getSQLState())) {
                    throw new IllegalStateException("PostgreSQL on port " + port + ": " + e.getMessage(), e);
                }
                pause();
            }
        }
    }

    private String proxyConfig(Path repo) {
        try {
            String reference = Files.readString(repo.resolve(PROXY_REFERENCE));
            List<String> out = new ArrayList<>();
            boolean serversWritten = false;
            for (String line : reference.split("\n", -1)) {
                if (line.matches("^\\s+bind 127\\.0\\.0\\.1:\\d+$")) {
                    out.add("    bind 127.0.0.1:" + port);
                } else if (line.matches("^\\s+server pg\\d+ .*$")) {
                    if (!serversWritten) {
                        for (int i = 1; i <= replicas + 1; i++) {
                            out.add("    server pg" + i + " 127.0.0.1:" + serverPort(i) + " check");
                        }
                        serversWritten = true;
                    }
                } else {
                    out.add(line);
                }
            }
            return String.join("\n", out);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + repo.resolve(PROXY_REFERENCE), e);
        }
    }

    /** Waits for the monitor to take connections, then tunes its checks (they apply at once, on reload). */
    private void awaitMonitor() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (true) {
            try (Connection connection = DriverManager.getConnection(jdbc(monitorPort(), "pg_auto_failover"));
                    Statement statement = connection.createStatement()) {
                for (var setting : MONITOR_SETTINGS.entrySet()) {
                    statement.execute("ALTER SYSTEM SET " + setting.getKey() + " = " + setting.getValue());
                }
                statement.execute("SELECT pg_reload_conf()");
                return;
            } catch (SQLException notYet) {
                if (System.nanoTime() > deadline || !monitor.isAlive()) {
                    throw new IllegalStateException("pg_auto_failover's monitor did not start; see "
                            + logDirectory.resolve("postgres-monitor.log"), notYet);
                }
                pause();
            }
        }
    }

    /** Waits for {@code servers} servers, all in the state assigned them, one of them the primary. */
    private void awaitStates(int servers) {
        if (!awaitSettled(servers, START_TIMEOUT)) {
            throw new IllegalStateException("PostgreSQL servers not in sync within " + START_TIMEOUT.toSeconds()
                    + " s: " + states() + "; see " + logDirectory + "/postgres-pg*.log");
        }
    }

    private boolean awaitSettled(int servers, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            Map<String, String> states = states();
            long settled = states.values().stream().filter(state -> state.equals("primary/primary")
                    || state.equals("secondary/secondary") || state.equals("single/single")).count();
            if (settled == servers && states.size() == servers) {
                return true;
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
            pause();
        }
    }

    /** Runs pg_autoctl with {@code arguments} to its end; its output goes to {@code name}'s log. */
    private void complete(String name, List<String> arguments) {
        complete(name, arguments, Map.of());
    }

    /** The same, with {@code environment} added (a password libpq reads, say). */
    private void complete(String name, List<String> arguments, Map<String, String> environment) {
        try {
            ProcessBuilder builder = process(name, arguments, ProcessBuilder.Redirect.appendTo(log(name).toFile()));
            builder.environment().putAll(environment);
            Process command = builder.start();
            if (!command.waitFor(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS) || command.exitValue() != 0) {
                throw new IllegalStateException("pg_autoctl " + String.join(" ", arguments.subList(0, 2)) + " " + name
                        + " failed; see " + log(name));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not run pg_autoctl", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private Process run(String name) {
        try {
            return process(name, List.of("run", "--pgdata", data(name).toString()),
                    ProcessBuilder.Redirect.appendTo(log(name).toFile())).start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start pg_autoctl for " + name, e);
        }
    }

    /** pg_autoctl with its configuration, state and pid files under the data directory, as postgres if run by root. */
    private ProcessBuilder process(String name, List<String> arguments, ProcessBuilder.Redirect output) {
        List<String> command = new ArrayList<>(commandPrefix);
        if (isRoot()) {
            command.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        command.add(PG_AUTOCTL.toString());
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).redirectOutput(output);
        builder.environment().put("XDG_CONFIG_HOME", directory.resolve("config").toString());
        builder.environment().put("XDG_DATA_HOME", directory.resolve("share").toString());
        builder.environment().put("XDG_RUNTIME_DIR", directory.resolve("run").toString());
        builder.environment().put("PATH", PG_BIN + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        return builder;
    }

    private Path data(String name) {
        return directory.resolve(name);
    }

    private Path log(String name) {
        return logDirectory.resolve("postgres-" + name + ".log");
    }

    private int monitorPort() {
        return port + 1;
    }

    private int serverPort(int server) {
        return port + 1 + server;
    }

    private static String jdbc(int port, String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=postgres&connectTimeout=2&socketTimeout=5";
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static void ownedByPostgres(Path directory) throws IOException {
        if (!isRoot()) {
            return;
        }
        UserPrincipal postgres = directory.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postgres");
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.toList()) {
                Files.setOwner(path, postgres);
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(250);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The proxy, then each server's keeper (it stops its PostgreSQL), then the monitor. */
    @Override
    public void close() {
        if (proxy != null) {
            proxy.close();
        }
        keepers.values().forEach(ReplicatedDatabase::stop);
        if (monitor != null) {
            stop(monitor);
        }
        if (throwaway) {
            try (Stream<Path> paths = Files.walk(directory)) {
                paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                System.err.println("could not delete " + directory + ": " + e.getMessage());
            }
        }
    }

    private static void stop(Process keeper) {
        List<ProcessHandle> tree = Stream.concat(Stream.of(keeper.toHandle()), keeper.descendants()).toList();
        tree.stream().filter(process -> process.info().command().map(c -> c.endsWith("pg_autoctl")).orElse(false))
                .forEach(ProcessHandle::destroy); // SIGTERM: pg_autoctl stops its PostgreSQL (fast shutdown)
        keeper.destroy();
        try {
            if (!keeper.waitFor(20, TimeUnit.SECONDS)) {
                tree.forEach(ProcessHandle::destroyForcibly);
            }
            for (ProcessHandle process : tree) {
                process.onExit().get(20, TimeUnit.SECONDS);
            }
        } catch (Exception e) {
            tree.forEach(ProcessHandle::destroyForcibly);
        }
    }
}
