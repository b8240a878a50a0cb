package dev.boxoffice.app;

import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Defaults the event-loop pool to one loop per core, below every other configuration source, so a value set
 * anywhere (system property, environment, application.properties) still wins.
 *
 * <p>Vert.x defaults to two loops per core, headroom for code that blocks a loop now and then. Nothing here blocks,
 * and a second loop on the same core only adds hand-offs: a request, its entity and its database connection then
 * live on different threads that wait for each other's time slice. Measured on one core at 4,000-6,000 req/s: 17 %
 * less service CPU and a lower p99 with one loop (docs/decisions/0004-one-event-loop-per-core.md).
 */
public final class OneEventLoopPerCore implements ConfigSource {

    private static final String EVENT_LOOPS = "quarkus.vertx.event-loops-pool-size";
    /** Below application.properties (250) and microprofile-config.properties (100). */
    private static final int ORDINAL = 50;

    @Override
    public Map<String, String> getProperties() {
        return Map.of(EVENT_LOOPS, Integer.toString(Runtime.getRuntime().availableProcessors()));
    }

    @Override
    public Set<String> getPropertyNames() {
        return Set.of(EVENT_LOOPS);
    }

    @Override
    public String getValue(String propertyName) {
        return getProperties().get(propertyName);
    }

    @Override
    public String getName() {
        return "boxoffice: one event loop per core";
    }

    @Override
    public int getOrdinal() {
        return ORDINAL;
    }
}
