package dev.boxoffice.http;

import dev.boxoffice.eventstore.KeyedRecord;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * An answer remembered under an idempotency key: the fingerprint of the request it answered, and the answer as sent,
 * kept as the value of a keyed record. The encoding, which a migration writes too (V9__keyed_records.sql): the
 * fingerprint's length (1 byte) and the fingerprint, the status (2 bytes), the Location's length in UTF-8 bytes
 * (4 bytes, -1 for none) and the Location, then the body; integers big-endian.
 */
record RememberedAnswer(byte[] requestFingerprint, Answer answer) {

    static RememberedAnswer of(KeyedRecord record) {
        ByteBuffer value = ByteBuffer.wrap(record.value());
        byte[] fingerprint = new byte[Byte.toUnsignedInt(value.get())];
        value.get(fingerprint);
        int status = value.getShort();
        int locationLength = value.getInt();
        String location = null;
        if (locationLength >= 0) {
            byte[] utf8 = new byte[locationLength];
            value.get(utf8);
            location = new String(utf8, StandardCharsets.UTF_8);
        }
        byte[] body = new byte[value.remaining()];
        value.get(body);
        return new RememberedAnswer(fingerprint, new Answer(status, location, body));
    }

    KeyedRecord under(String key) {
        byte[] location = answer.location() == null ? new byte[0] : answer.location().getBytes(StandardCharsets.UTF_8);
        ByteBuffer value = ByteBuffer.allocate(1 + requestFingerprint.length + 2 + 4 + location.length + answer.body().length)
                .put((byte) requestFingerprint.length).put(requestFingerprint)
                .putShort((short) answer.status())
                .putInt(answer.location() == null ? -1 : location.length).put(location)
                .put(answer.body());
        return new KeyedRecord(key, value.array());
    }

    /** Whether {@code fingerprint} is that of the request this answered. */
    boolean answers(byte[] fingerprint) {
        return Arrays.equals(requestFingerprint, fingerprint);
    }
}
