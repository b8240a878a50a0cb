package dev.boxoffice.line;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.security.SecureRandom;

/**
 * Keys kept in the database for what must verify on every node and after every restart when no key is configured:
 * the first process to ask (a node or a line service) makes the key (random, 32 bytes), and every node then reads that one. Anyone who reads the
 * database reads the key too: a deployment that minds sets its own (boxoffice.waiting-room.signing-key).
 */
public final class SigningKeys {

    /** The key that signs the waiting rooms' tickets, admission tokens and block requests. */
    public static final String WAITING_ROOM = "waiting-room";

    static final int KEY_BYTES = 32;

    private SigningKeys() {
    }

    /** The key named {@code name}, made now if no node made it yet. */
    public static Future<byte[]> shared(SqlClient pool, String name) {
        byte[] fresh = new byte[KEY_BYTES];
        new SecureRandom().nextBytes(fresh);
        return pool.preparedQuery("INSERT INTO signing_keys (name, key) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
                .execute(Tuple.of(name, Buffer.buffer(fresh)))
                .compose(inserted -> pool.preparedQuery("SELECT key FROM signing_keys WHERE name = $1").execute(Tuple.of(name)))
                .map(rows -> rows.iterator().next().getBuffer(0).getBytes());
    }
}
