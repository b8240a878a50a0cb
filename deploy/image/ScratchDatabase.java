import dev.boxoffice.database.EmbeddedDatabase;

/**
 * A throwaway PostgreSQL for the image's test (the service's own embedded server, outside the image): prints its
 * DATABASE_URL, and stops when its standard input closes.
 */
class ScratchDatabase {
    public static void main(String[] args) throws Exception {
        try (EmbeddedDatabase database = EmbeddedDatabase.startThrowaway()) {
            System.out.println("postgresql://" + EmbeddedDatabase.USER + "@127.0.0.1:" + database.port() + "/"
                    + EmbeddedDatabase.DATABASE);
            System.out.flush();
            while (System.in.read() >= 0) {
                // until the test closes this process's input
            }
        }
    }
}
