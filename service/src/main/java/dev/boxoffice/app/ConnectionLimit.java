package dev.boxoffice.app;

import com.sun.management.UnixOperatingSystemMXBean;
import java.lang.management.ManagementFactory;

/**
 * The connections the process's open-files limit allows: three quarters of it, the rest left to the database
 * connections, the log and the jars. The bound derived from memory ({@code ConnectionBound}) is kept below it.
 *
 * <p>Quarkus's {@code quarkus.http.limits.max-connections} is not set: its count misses the close of a connection
 * whose client left before Quarkus saw it, so under an on-sale crowd of clients giving up it reached its bound with
 * no connection open, and the service closed every new connection unanswered, for good (measured: the service held
 * to half a core, 1,000 new buyers a second for 15 s; without that bound the service answered again within a second
 * of the crowd's end). Set explicitly, it is applied, and the memory bound kept below it too.
 */
final class ConnectionLimit {

    static final String PROPERTY = "quarkus.http.limits.max-connections";
    private static final int LEAST = 256;

    private ConnectionLimit() {
    }

    /** Three quarters of the open-files limit, or {@code explicit} when lower; unbounded where the limit is unknown. */
    static int fileBound(int explicit) {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean os) {
            return (int) Math.min(explicit, Math.max(LEAST, Math.min(Integer.MAX_VALUE, os.getMaxFileDescriptorCount() * 3 / 4)));
        }
        return explicit;
    }
}
