package dev.boxoffice.app;

import com.sun.management.UnixOperatingSystemMXBean;
import java.lang.management.ManagementFactory;

/**
 * Keeps the open-connections bound below the process's open-files limit: a connection accepted past that limit
 * fails the accept loop itself instead of being refused. The configured bound (12,000: ten thousand seat-map streams
 * and requests beside them) stands where the limit allows it; else it is lowered to three quarters of the limit, the
 * rest left to the database connections, the log and the jars. Set it explicitly and it is left alone.
 */
final class ConnectionLimit {

    static final String PROPERTY = "quarkus.http.limits.max-connections";
    private static final int CONFIGURED = 12_000;

    private ConnectionLimit() {
    }

    static void fitToOpenFilesLimit() {
        if (System.getProperty(PROPERTY) != null || System.getenv("QUARKUS_HTTP_LIMITS_MAX_CONNECTIONS") != null) {
            return;
        }
        if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean os) {
            long fitting = os.getMaxFileDescriptorCount() * 3 / 4;
            if (fitting < CONFIGURED) {
                System.setProperty(PROPERTY, Long.toString(Math.max(256, fitting)));
            }
        }
    }
}
