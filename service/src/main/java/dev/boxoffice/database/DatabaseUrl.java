package dev.boxoffice.database;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@code DATABASE_URL} such as {@code postgresql://user:secret@db.example:5432/boxoffice?sslmode=require},
 * turned into the Quarkus datasource settings for the reactive client (requests) and JDBC (Flyway migrations).
 */
public record DatabaseUrl(String host, int port, String database, String user, String password, String query) {

    public static DatabaseUrl parse(String url) {
        URI uri;
        try {
            uri = URI.create(url.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("DATABASE_URL is not a valid URL: " + e.getMessage());
        }
        String scheme = uri.getScheme();
        if (!"postgresql".equals(scheme) && !"postgres".equals(scheme)) {
            throw new IllegalArgumentException(
                    "DATABASE_URL must start with postgresql:// (for example postgresql://user:password@localhost:5432/boxoffice)");
        }
        if (uri.getHost() == null || uri.getPath() == null || uri.getPath().length() < 2) {
            throw new IllegalArgumentException("DATABASE_URL needs a host and a database name, as in postgresql://host:5432/boxoffice");
        }
        String user = null;
        String password = null;
        if (uri.getRawUserInfo() != null) {
            String[] parts = uri.getRawUserInfo().split(":", 2);
            user = decode(parts[0]);
            password = parts.length > 1 ? decode(parts[1]) : null;
        }
        return new DatabaseUrl(uri.getHost(), uri.getPort() > 0 ? uri.getPort() : 5432, uri.getPath().substring(1),
                user, password, uri.getRawQuery());
    }

    /** The Quarkus configuration properties this URL stands for. */
    public Map<String, String> quarkusProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        String suffix = query == null ? "" : "?" + query;
        properties.put("quarkus.datasource.reactive.url", "postgresql://" + host + ":" + port + "/" + database + suffix);
        properties.put("quarkus.datasource.jdbc.url", "jdbc:postgresql://" + host + ":" + port + "/" + database + suffix);
        if (user != null) {
            properties.put("quarkus.datasource.username", user);
        }
        if (password != null) {
            properties.put("quarkus.datasource.password", password);
        }
        return properties;
    }

    private static String decode(String value) {
        return URLDecoder.decode(value, StandardCharsets.UTF_8);
    }
}
