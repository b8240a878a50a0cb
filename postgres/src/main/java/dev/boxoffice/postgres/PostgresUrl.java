package dev.boxoffice.postgres;

import io.vertx.core.net.OpenSSLEngineOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.core.net.TrustOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;
import javax.net.ssl.TrustManagerFactory;

/**
 * A {@code DATABASE_URL} read as libpq reads it, such as
 * {@code postgresql://app:secret@db.example:5432/boxoffice?sslmode=verify-full&sslrootcert=/etc/ssl/db-ca.crt}, and
 * turned into the settings of both clients the processes use: the reactive client's {@link PgConnectOptions} and a
 * JDBC URL (Flyway, the heartbeat). Both clients then encrypt and verify alike:
 * <ul>
 * <li>{@code sslmode}: {@code disable}, {@code allow}, {@code prefer} (the default, as in libpq), {@code require}
 * (encrypted, the certificate not checked), {@code verify-ca} (signed by the CA), {@code verify-full} (and naming the
 * host);</li>
 * <li>{@code sslrootcert}: the CA's PEM file, or {@code system} for the CAs the JVM trusts; required by
 * {@code verify-ca} and {@code verify-full};</li>
 * <li>{@code application_name}: what {@code pg_stat_activity} shows; else the process's name given by the caller;</li>
 * <li>{@code connect_timeout}: seconds to connect and log in (libpq's name), 3 unless given: a process names a server that never answers within 5 s of its start, its JVM's start included.</li>
 * </ul>
 * A parameter the URL leaves out is taken from libpq's environment variable for it, as libpq does: {@code PGSSLMODE},
 * {@code PGSSLROOTCERT}, {@code PGAPPNAME}, {@code PGCONNECT_TIMEOUT} (so that a URL kept in a secret, such as
 * CloudNativePG's, is used with the CA mounted beside it). Password authentication is PostgreSQL's own: SCRAM-SHA-256
 * or MD5, whichever the server asks for.
 */
public record PostgresUrl(String host, int port, String database, Optional<String> user, Optional<String> password,
        SslMode sslMode, Optional<String> rootCert, Optional<String> applicationName, Duration connectTimeout) {

    /** {@code sslrootcert=system}: the CAs the JVM trusts, as libpq's {@code system}. */
    public static final String SYSTEM_CAS = "system";
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(3);
    /** Each parameter read, and libpq's environment variable for it. */
    private static final Map<String, String> PARAMETERS = Map.of("sslmode", "PGSSLMODE", "sslrootcert", "PGSSLROOTCERT",
            "application_name", "PGAPPNAME", "connect_timeout", "PGCONNECT_TIMEOUT");

    public PostgresUrl {
        if ((sslMode == SslMode.VERIFY_CA || sslMode == SslMode.VERIFY_FULL) && rootCert.isEmpty()) {
            throw new IllegalArgumentException("DATABASE_URL: sslmode=" + name(sslMode) + " needs sslrootcert, the CA's PEM"
                    + " file that signed the server's certificate (or sslrootcert=system for the CAs the JVM trusts)");
        }
        rootCert.filter(file -> !file.equals(SYSTEM_CAS)).map(Path::of).filter(file -> !Files.isReadable(file))
                .ifPresent(file -> {
                    throw new IllegalArgumentException("DATABASE_URL: sslrootcert " + file + " cannot be read");
                });
    }

    public static PostgresUrl parse(String url) {
        return parse(url, System.getenv());
    }

    /** As {@link #parse(String)}, with the environment given. */
    public static PostgresUrl parse(String url, Map<String, String> environment) {
        URI uri;
        try {
            uri = URI.create(url.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("DATABASE_URL is not a valid URL: " + e.getMessage());
        }
        if (!"postgresql".equals(uri.getScheme()) && !"postgres".equals(uri.getScheme())) {
            throw new IllegalArgumentException(
                    "DATABASE_URL must start with postgresql:// (for example postgresql://user:password@localhost:5432/boxoffice)");
        }
        if (uri.getHost() == null || uri.getPath() == null || uri.getPath().length() < 2) {
            throw new IllegalArgumentException("DATABASE_URL needs a host and a database name, as in postgresql://host:5432/boxoffice");
        }
        Optional<String> user = Optional.empty();
        Optional<String> password = Optional.empty();
        if (uri.getRawUserInfo() != null) {
            String[] parts = uri.getRawUserInfo().split(":", 2);
            user = Optional.of(decode(parts[0]));
            password = parts.length > 1 ? Optional.of(decode(parts[1])) : Optional.empty();
        }
        Map<String, String> parameters = parameters(uri.getRawQuery());
        PARAMETERS.forEach((parameter, variable) -> Optional.ofNullable(environment.get(variable)).filter(value -> !value.isBlank())
                .ifPresent(value -> parameters.putIfAbsent(parameter, value.strip())));
        return new PostgresUrl(uri.getHost(), uri.getPort() > 0 ? uri.getPort() : 5432, uri.getPath().substring(1), user,
                password, sslMode(parameters.getOrDefault("sslmode", "prefer")),
                Optional.ofNullable(parameters.get("sslrootcert")), Optional.ofNullable(parameters.get("application_name")),
                connectTimeout(parameters.get("connect_timeout")));
    }

    /** This URL, with {@code name} as its application name unless it names one itself. */
    public PostgresUrl named(String name) {
        return applicationName.isPresent() ? this : new PostgresUrl(host, port, database, user, password, sslMode, rootCert,
                Optional.of(name), connectTimeout);
    }

    /** This URL with {@code mode} as its {@code sslmode}. */
    public PostgresUrl withSslMode(SslMode mode) {
        return new PostgresUrl(host, port, database, user, password, mode, rootCert, applicationName, connectTimeout);
    }

    /** This URL with {@code otherPort} as its port: the same server reached through a relay. */
    public PostgresUrl withPort(int otherPort) {
        return new PostgresUrl(host, otherPort, database, user, password, sslMode, rootCert, applicationName, connectTimeout);
    }

    /** This URL written out again, every parameter explicit: what {@link #parse} reads back as this. */
    public String url() {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("sslmode", sslModeName());
        rootCert.ifPresent(file -> parameters.put("sslrootcert", file));
        applicationName.ifPresent(name -> parameters.put("application_name", name));
        parameters.put("connect_timeout", Long.toString(connectTimeout.toSeconds()));
        String credentials = user.map(name -> encode(name) + password.map(secret -> ":" + encode(secret)).orElse("") + "@").orElse("");
        return "postgresql://" + credentials + host + ":" + port + "/" + database + "?" + parameters.entrySet().stream()
                .map(entry -> entry.getKey() + "=" + encode(entry.getValue())).collect(Collectors.joining("&"));
    }

    /** Where it points, for messages: {@code host:port/database as user}, never the password. */
    public String describe() {
        return host + ":" + port + "/" + database + user.map(name -> " as " + name).orElse("");
    }

    /** The reactive client's options, as {@link #configure} sets them. */
    public PgConnectOptions pgConnectOptions() {
        return configure(new PgConnectOptions());
    }

    /**
     * Sets on options (new, or those Quarkus's pool made) this URL's address and credentials, TLS as {@code sslmode}
     * and the CA say, the application name, the bounded connect and TCP keepalive.
     */
    public PgConnectOptions configure(PgConnectOptions options) {
        options.setHost(host).setPort(port).setDatabase(database);
        user.ifPresent(options::setUser);
        password.ifPresent(options::setPassword);
        options.setConnectTimeout((int) connectTimeout.toMillis()).setTcpKeepAlive(true);
        applicationName.ifPresent(name -> options.addProperty("application_name", name));
        // The client's default asks for it at start-up; PgBouncer refuses unknown start-up parameters, and since
        // PostgreSQL 12 (older than supported here) the server's own default already gives exact floats.
        Map<String, String> properties = new LinkedHashMap<>(options.getProperties());
        properties.remove("extra_float_digits");
        options.setProperties(properties);
        options.setSslMode(sslMode);
        if (sslMode != SslMode.DISABLE && OpenSSLEngineOptions.isAvailable()) {
            // BoringSSL (netty-tcnative) encrypts with less CPU and allocation than the JDK's engine
            options.setSslEngineOptions(new OpenSSLEngineOptions());
        }
        switch (sslMode) {
            case DISABLE -> { }
            // libpq checks no certificate below verify-ca: encryption against a passive listener only
            case ALLOW, PREFER, REQUIRE -> options.setTrustAll(true);
            case VERIFY_CA, VERIFY_FULL -> {
                options.setTrustAll(false).setTrustOptions(trust());
                options.setHostnameVerificationAlgorithm(sslMode == SslMode.VERIFY_FULL ? "HTTPS" : "");
            }
        }
        return options;
    }

    /** The JDBC URL, with TLS and the application name; credentials and timeouts are {@link #jdbcProperties}. */
    public String jdbcUrl() {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("sslmode", name(sslMode));
        rootCert.ifPresent(file -> {
            if (file.equals(SYSTEM_CAS)) {
                parameters.put("sslfactory", "org.postgresql.ssl.DefaultJavaSSLFactory");
            } else {
                parameters.put("sslrootcert", file);
            }
        });
        applicationName.ifPresent(name -> parameters.put("ApplicationName", name));
        return "jdbc:postgresql://" + host + ":" + port + "/" + database + "?" + parameters.entrySet().stream()
                .map(entry -> entry.getKey() + "=" + encode(entry.getValue())).collect(Collectors.joining("&"));
    }

    /** The credentials, the bounded connect and TCP keepalive for {@link #jdbcUrl}, as JDBC's driver takes them. */
    public Properties jdbcProperties() {
        Properties properties = new Properties();
        properties.setProperty("connectTimeout", Long.toString(connectTimeout.toSeconds()));
        properties.setProperty("loginTimeout", Long.toString(connectTimeout.toSeconds()));
        properties.setProperty("tcpKeepAlive", "true");
        user.ifPresent(name -> properties.setProperty("user", name));
        password.ifPresent(secret -> properties.setProperty("password", secret));
        return properties;
    }

    private TrustOptions trust() {
        String file = rootCert.orElseThrow();
        if (!file.equals(SYSTEM_CAS)) {
            return new PemTrustOptions().addCertPath(file);
        }
        try {
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init((KeyStore) null);
            return TrustOptions.wrap(factory);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JVM's trusted CAs cannot be read: " + e.getMessage(), e);
        }
    }

    private static Map<String, String> parameters(String query) {
        Map<String, String> parameters = new LinkedHashMap<>();
        if (query == null || query.isEmpty()) {
            return parameters;
        }
        for (String pair : query.split("&")) {
            String[] parts = pair.split("=", 2);
            String key = decode(parts[0]);
            if (!PARAMETERS.containsKey(key)) {
                throw new IllegalArgumentException("DATABASE_URL: unknown parameter " + key + " (the ones read: "
                        + PARAMETERS.keySet().stream().sorted().collect(Collectors.joining(", ")) + ")");
            }
            parameters.put(key, parts.length > 1 ? decode(parts[1]) : "");
        }
        return parameters;
    }

    private static SslMode sslMode(String value) {
        try {
            return SslMode.of(value.toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("DATABASE_URL: sslmode must be disable, allow, prefer, require, verify-ca"
                    + " or verify-full, not " + value);
        }
    }

    private static Duration connectTimeout(String seconds) {
        if (seconds == null) {
            return DEFAULT_CONNECT_TIMEOUT;
        }
        try {
            int value = Integer.parseInt(seconds);
            if (value >= 1 && value <= 300) {
                return Duration.ofSeconds(value);
            }
        } catch (NumberFormatException notANumber) {
            // the message below
        }
        throw new IllegalArgumentException("DATABASE_URL: connect_timeout is whole seconds from 1 to 300, not " + seconds);
    }

    /** {@code sslmode} as libpq names it: verify-full, require... */
    public String sslModeName() {
        return name(sslMode);
    }

    static String name(SslMode mode) {
        return mode.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String decode(String value) {
        return URLDecoder.decode(value, StandardCharsets.UTF_8);
    }
}
