package dev.boxoffice.line;

import java.nio.ByteBuffer;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A waiting room's signed papers: a ticket (a place in a show's line: its arrival number and when it joined), an
 * admission token (the place admitted, and when its admission lapses), and a line service's request to a node for a
 * block of arrival numbers (its size, and when it was made). Each is 33 bytes (kind, show, two numbers)
 * and the first 16 bytes of their HMAC-SHA256 under the service's key, in URL-safe base64: the client holds them,
 * the service keeps nothing per arrival, and a forged or altered one does not verify. Any node with the key reads
 * any node's papers.
 */
public final class LineTokens {

    /** A place in a show's line, as its ticket says. */
    public record Ticket(UUID showId, long number, long joinedAtMillis) {
    }

    /** An admitted place, as its token says. */
    public record AdmissionToken(UUID showId, long place, long lapsesAtMillis) {
    }

    /** A line service's request for {@code size} arrival numbers, made at {@code madeAtMillis}. */
    public record BlockRequest(UUID showId, long size, long madeAtMillis) {
    }

    public static final int MIN_KEY_BYTES = 32;
    private static final byte TICKET = 1;
    private static final byte ADMISSION = 2;
    private static final byte BLOCK_REQUEST = 3;
    private static final int BODY_BYTES = 1 + 16 + 8 + 8;
    private static final int MAC_BYTES = 16;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private final SecretKeySpec key;
    private final ThreadLocal<Mac> macs;

    public LineTokens(byte[] key) {
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException("a signing key has at least " + MIN_KEY_BYTES + " bytes");
        }
        this.key = new SecretKeySpec(key.clone(), "HmacSHA256");
        this.macs = ThreadLocal.withInitial(this::newMac);
    }

    public String ticket(UUID showId, long number, long joinedAtMillis) {
        return sign(TICKET, showId, number, joinedAtMillis);
    }

    public String admission(UUID showId, long place, long lapsesAtMillis) {
        return sign(ADMISSION, showId, place, lapsesAtMillis);
    }

    public String blockRequest(UUID showId, int size, long madeAtMillis) {
        return sign(BLOCK_REQUEST, showId, size, madeAtMillis);
    }

    /** The ticket {@code text} is, if this service signed it for {@code showId}. */
    public Optional<Ticket> readTicket(UUID showId, String text) {
        return verified(TICKET, showId, text).map(body -> new Ticket(showId, body.getLong(17), body.getLong(25)));
    }

    /** The admission token {@code text} is, if this service signed it for {@code showId} (lapsed or not). */
    public Optional<AdmissionToken> readAdmission(UUID showId, String text) {
        return verified(ADMISSION, showId, text).map(body -> new AdmissionToken(showId, body.getLong(17), body.getLong(25)));
    }

    /** The block request {@code text} is, if signed with this key for {@code showId}. */
    public Optional<BlockRequest> readBlockRequest(UUID showId, String text) {
        return verified(BLOCK_REQUEST, showId, text).map(body -> new BlockRequest(showId, body.getLong(17), body.getLong(25)));
    }

    private String sign(byte kind, UUID showId, long first, long second) {
        ByteBuffer body = ByteBuffer.allocate(BODY_BYTES + MAC_BYTES).put(kind)
                .putLong(showId.getMostSignificantBits()).putLong(showId.getLeastSignificantBits())
                .putLong(first).putLong(second);
        body.put(mac(body.array()), 0, MAC_BYTES);
        return ENCODER.encodeToString(body.array());
    }

    private Optional<ByteBuffer> verified(byte kind, UUID showId, String text) {
        if (text == null || text.length() > 2 * (BODY_BYTES + MAC_BYTES)) {
            return Optional.empty();
        }
        byte[] bytes;
        try {
            bytes = DECODER.decode(text.strip());
        } catch (IllegalArgumentException notBase64) {
            return Optional.empty();
        }
        if (bytes.length != BODY_BYTES + MAC_BYTES || bytes[0] != kind) {
            return Optional.empty();
        }
        byte[] expected = mac(bytes);
        byte[] given = new byte[MAC_BYTES];
        System.arraycopy(bytes, BODY_BYTES, given, 0, MAC_BYTES);
        ByteBuffer body = ByteBuffer.wrap(bytes);
        boolean forShow = body.getLong(1) == showId.getMostSignificantBits() && body.getLong(9) == showId.getLeastSignificantBits();
        return MessageDigest.isEqual(Arrays.copyOf(expected, MAC_BYTES), given) && forShow
                ? Optional.of(body) : Optional.empty();
    }

    /** The MAC of the first {@link #BODY_BYTES} of {@code bytes}. */
    private byte[] mac(byte[] bytes) {
        Mac mac = macs.get();
        mac.update(bytes, 0, BODY_BYTES);
        return mac.doFinal();
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac;
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("every JDK has HmacSHA256", e);
        }
    }
}
