package dev.boxoffice.app;

import com.sun.management.UnixOperatingSystemMXBean;
import java.lang.management.ManagementFactory;

/**
 * Sets Quarkus's bound on open connections below the process's open-files limit, to three quarters of it (the rest
 * left to the database connections, the log and the jars): a connection accepted past the open-files limit would fail
 * the accept loop itself. Past this bound a new connection is closed as soon as accepted, without an answer; the
 * bound derived from memory ({@code ConnectionBound}) is kept below it, so that clients are answered first. Set it
 * explicitly and it is left alone.
 */
final class ConnectionLimit {

    static final String PROPERTY = "quarkus.http.limits.max-connections";
    private static final int LEAST = 256;

    private ConnectionLimit() {
    }

    static void fitToOpenFilesLimit() {
        if (System.getProperty(PROPERTY) != null || System.getenv("QUARKUS_HTTP_LIMITS_MAX_CONNECTIONS") != null) {
            return;
        }
        if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean os) {
            System.setProperty(PROPERTY, Long.toString(Math.max(LEAST, os.getMaxFileDescriptorCount() * 3 / 4)));
        }
    }
}
