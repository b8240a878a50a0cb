package dev.boxoffice.variants;

import dev.boxoffice.app.BoxOfficeMain;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * Starts one variant: refuses an unknown name before anything starts, then starts as the service does (its database
 * set-up included), with the embedded database in a directory of its own so that the service's data is never touched.
 */
@QuarkusMain
public final class VariantsMain {

    static final String DEFAULT_DATA_DIR = "data/variants/postgres";

    private VariantsMain() {
    }

    public static void main(String... args) {
        String profile = System.getProperty("quarkus.profile", System.getenv("QUARKUS_PROFILE"));
        if (profile == null || Variant.of(profile).isEmpty()) {
            System.err.println("boxoffice-variants: start with -Dquarkus.profile=NAME, NAME one of " + Variant.names()
                    + (profile == null ? "" : " (not " + profile + ")"));
            System.exit(2);
        }
        if (System.getProperty("boxoffice.embedded-postgres.data-dir") == null
                && System.getenv("BOXOFFICE_EMBEDDED_POSTGRES_DATA_DIR") == null) {
            System.setProperty("boxoffice.embedded-postgres.data-dir", DEFAULT_DATA_DIR);
        }
        BoxOfficeMain.main(args);
    }
}
