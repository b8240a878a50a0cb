package dev.boxoffice.postgres;

import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Why a connection to PostgreSQL failed, in one line that says what to fix: the reactive client's and JDBC's errors
 * (their exceptions and the server's messages) read alike, so that every process reports the same cause the same way.
 */
public final class ConnectionProblem {

    private ConnectionProblem() {
    }

    /** One line: where it tried, the cause, the fix; never the password. */
    public static String explain(PostgresUrl url, Throwable failure) {
        return "cannot connect to PostgreSQL at " + url.describe() + ": " + cause(url, failure);
    }

    /**
     * Whether trying again may succeed: a server starting, stopping, recovering or out of connections, a connection
     * refused, cut or unanswered (a server restarting, a proxy moving to a new primary, or holding connections until
     * one is elected); never a wrong setting (password, TLS, certificate, database name), which trying again only
     * delays.
     */
    public static boolean passing(Throwable failure) {
        String text = messages(failure).toLowerCase(Locale.ROOT);
        boolean setting = text.contains("ssl") || text.contains("certificat") || text.contains("password")
                || text.contains("pg_hba") || text.contains("does not exist") || text.contains("unknownhost");
        boolean passing = text.contains("connection refused") || text.contains("i/o error") || text.contains("connection reset")
                || text.contains("closed") || text.contains("starting up") || text.contains("shutting down")
                || text.contains("in recovery") || text.contains("too many") || text.contains("eof")
                || text.contains("timed out") || text.contains("timeout"); // a proxy with no primary behind it yet
        return passing && !setting;
    }

    static String cause(PostgresUrl url, Throwable failure) {
        String all = messages(failure);
        String text = all.toLowerCase(Locale.ROOT);
        String mode = PostgresUrl.name(url.sslMode());
        if (text.contains("password authentication failed")) {
            return "wrong password for user " + url.user().orElse("?") + " (or no such user): fix the password in DATABASE_URL";
        }
        if (text.contains("no password was provided") || text.contains("password must be provided")
                || text.contains("password is an empty")) {
            return "the server asks for a password and DATABASE_URL gives none: postgresql://user:password@host/database";
        }
        if (text.contains("no pg_hba.conf entry") && text.contains("no encryption")) {
            return "the server accepts only encrypted connections: add sslmode=verify-full&sslrootcert=<its CA file>"
                    + " (or sslmode=require) to DATABASE_URL";
        }
        if (text.contains("no pg_hba.conf entry")) {
            return "the server's pg_hba.conf lets no such connection in (" + firstLine(all, "no pg_hba.conf entry") + ")";
        }
        if (text.contains("does not support ssl") || text.contains("does not handle ssl")) {
            return "the server does not offer TLS, and sslmode=" + mode + " requires it: turn ssl on in the server, or"
                    + " lower sslmode in DATABASE_URL";
        }
        if (text.contains("no subject alternative") || text.contains("no name matching")
                || text.contains("hostname") && (text.contains("certificate") || text.contains("could not be verified"))) {
            return "the server's certificate does not name " + url.host() + " (sslmode=" + mode + " checks the name):"
                    + " connect by a name the certificate holds, or fix the certificate";
        }
        if (text.contains("pkix") || text.contains("certification path") || text.contains("certificate_unknown")
                || text.contains("signature check failed") || text.contains("unable to find valid")) {
            return "the server's certificate is not signed by a CA in sslrootcert=" + url.rootCert().orElse("?")
                    + ": give the CA file that signed it";
        }
        if (text.contains("ssl") && (text.contains("handshake") || text.contains("certificate"))) {
            // The reactive client reports no more than that the handshake failed
            return switch (url.sslMode()) {
                case VERIFY_CA -> "the TLS handshake failed: is the server's certificate signed by a CA in sslrootcert="
                        + url.rootCert().orElse("?") + "?";
                case VERIFY_FULL -> "the TLS handshake failed: the server's certificate is not signed by a CA in sslrootcert="
                        + url.rootCert().orElse("?") + ", or does not name " + url.host() + " (verify-full checks both)";
                default -> "the TLS handshake failed (sslmode=" + mode + "): " + firstLine(all, "");
            };
        }
        if (causedBy(failure, UnknownHostException.class) || text.contains("failed to resolve")
                || text.contains("unknownhost") || text.contains("name or service not known")) {
            return "the host " + url.host() + " cannot be resolved: fix the host in DATABASE_URL";
        }
        if (text.contains("connection refused")) {
            return "nothing accepts connections at " + url.host() + ":" + url.port()
                    + " (connection refused): is PostgreSQL running there, on that port?";
        }
        if (text.contains("timed out") || text.contains("timeout")) {
            return "no answer from " + url.host() + ":" + url.port() + " within " + url.connectTimeout().toSeconds()
                    + " s: a wrong address, a firewall, or a server down";
        }
        if (text.contains("database") && text.contains("does not exist")) {
            return "the database " + url.database() + " does not exist on the server: create it, or fix its name in DATABASE_URL";
        }
        if (text.contains("too many") && text.contains("connections")) {
            return "the server has no connection left (" + firstLine(all, "") + "): raise max_connections, or lower the pools";
        }
        return firstLine(all, "");
    }

    private static String messages(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            text.append(cause.getClass().getSimpleName()).append(": ").append(cause.getMessage()).append('\n');
        }
        return text.toString();
    }

    /** The first message line that contains {@code marker} (any, if empty), without its exception's class name. */
    private static String firstLine(String messages, String marker) {
        for (String line : messages.split("\n")) {
            if (line.toLowerCase(Locale.ROOT).contains(marker) && !line.endsWith(": null")) {
                String message = line.substring(line.indexOf(": ") + 2).strip();
                return message.lines().findFirst().orElse(message);
            }
        }
        return messages.lines().findFirst().orElse("unknown failure");
    }

    private static boolean causedBy(Throwable failure, Class<? extends Throwable> type) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (type.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }
}
