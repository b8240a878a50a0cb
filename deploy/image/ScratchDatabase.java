import dev.boxoffice.postgres.ScramOverTls;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;

/**
 * A throwaway PostgreSQL for the image's test and the AOT caches' training runs, configured as production servers are: it admits the
 * service only over TLS, by SCRAM ({@link ScramOverTls}). Prints its DATABASE_URL (sslmode=verify-full against a CA
 * made for it), and stops when its standard input closes.
 */
class ScratchDatabase {
    public static void main(String[] args) throws Exception {
        Path directory = Files.createTempDirectory("boxoffice-scratch-pg-");
        ScramOverTls secured = ScramOverTls.prepare(directory.resolve("tls"));
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder().setDataDirectory(directory.resolve("data"))
                .setCleanDataDirectory(true);
        secured.serverConfig().forEach(builder::setServerConfig);
        try (EmbeddedPostgres database = builder.start()) {
            try (Connection superuser = database.getPostgresDatabase().getConnection()) {
                secured.createRole(superuser);
            }
            System.out.println(secured.url(database.getPort(), "postgres"));
            System.out.flush();
            while (System.in.read() >= 0) {
                // until the test closes this process's input
            }
        } finally {
            try (var files = Files.walk(directory)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            }
        }
    }
}
