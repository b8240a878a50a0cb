package dev.boxoffice.variants.crud;

/**
 * The classic schema: a row per show with its seat count kept up to date, a row per seat with its status, each
 * change an UPDATE in place guarded by the status it expects. The statements are written for the reactive client
 * ($1, $2, ... each used once, in order) and turned into JDBC's ? by {@link #jdbc}.
 */
final class CrudSql {

    static final String CREATE_TABLES = """
            CREATE TABLE IF NOT EXISTS crud_shows (
                show_id         uuid        PRIMARY KEY,
                title           text        NOT NULL,
                total_seats     integer     NOT NULL,
                available_seats integer     NOT NULL,
                price           numeric     NOT NULL,
                updated_at      timestamptz NOT NULL DEFAULT now()
            );
            CREATE TABLE IF NOT EXISTS crud_seats (
                show_id     uuid    NOT NULL REFERENCES crud_shows,
                seat_number integer NOT NULL,
                reserved    boolean NOT NULL DEFAULT false,
                PRIMARY KEY (show_id, seat_number)
            );
            """;

    /** The show and all its seats in one statement; no row at all if the show exists. */
    static final String CREATE_SHOW = """
            WITH show AS (
                INSERT INTO crud_shows (show_id, title, total_seats, available_seats, price)
                SELECT $1::uuid, $2, p.seats, p.seats, p.price FROM (SELECT $3::int AS seats, $4::numeric AS price) p
                ON CONFLICT (show_id) DO NOTHING
                RETURNING show_id, total_seats)
            INSERT INTO crud_seats (show_id, seat_number)
            SELECT show.show_id, n FROM show, generate_series(0, show.total_seats - 1) AS n
            """;

    /**
     * Flips a seat from the status expected ($3: reserved or not) and moves the show's count by $4, in one statement;
     * no row if the seat is not in that status (or does not exist). Concurrent changes of one seat queue on its row
     * lock and find it changed: a seat is never reserved twice.
     */
    static final String CHANGE_SEAT = """
            WITH seat AS (
                UPDATE crud_seats SET reserved = NOT reserved
                WHERE show_id = $1::uuid AND seat_number = $2 AND reserved = $3
                RETURNING show_id)
            UPDATE crud_shows s SET available_seats = s.available_seats + $4, updated_at = now()
            FROM seat WHERE s.show_id = seat.show_id
            RETURNING s.price
            """;

    static final String READ_SHOW = """
            SELECT title, total_seats, price,
                   ARRAY(SELECT seat_number FROM crud_seats WHERE show_id = s.show_id AND reserved) AS reserved
            FROM crud_shows s WHERE s.show_id = $1::uuid
            """;

    static final String SHOWS_RELATION = "crud_shows";

    private CrudSql() {
    }

    static String jdbc(String sql) {
        return sql.replaceAll("\\$\\d+", "?");
    }
}
