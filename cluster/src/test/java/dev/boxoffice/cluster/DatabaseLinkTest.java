package dev.boxoffice.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A node's link to its database, cut and healed, in front of an echo server standing in for PostgreSQL. */
class DatabaseLinkTest {

    private ServerSocket echo;
    private DatabaseLink link;

    @BeforeEach
    void start() throws IOException {
        echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            while (!echo.isClosed()) {
                try {
                    Socket client = echo.accept();
                    Thread.ofVirtual().start(() -> {
                        try (client) {
                            client.getInputStream().transferTo(client.getOutputStream());
                        } catch (IOException gone) {
                            // the test closed it
                        }
                    });
                } catch (IOException closed) {
                    return;
                }
            }
        });
        link = DatabaseLink.open("127.0.0.1", echo.getLocalPort());
    }

    @AfterEach
    void stop() throws IOException {
        link.close();
        echo.close();
    }

    @Test
    void relaysBothWays() throws IOException {
        try (Socket node = connect()) {
            node.getOutputStream().write("SELECT 1".getBytes());
            assertThat(read(node, 8)).isEqualTo("SELECT 1");
        }
    }

    @Test
    void cutHoldsTheBytesAndHealedDeliversThemLate() throws Exception {
        try (Socket node = connect()) {
            node.getOutputStream().write("BEGIN".getBytes());
            assertThat(read(node, 5)).isEqualTo("BEGIN");
            link.cut();
            assertHeldUntilHealed(node, "COMMIT");
        }
    }

    @Test
    void aConnectionOpenedWhileCutReachesNothingUntilHealed() throws Exception {
        link.cut();
        try (Socket node = connect()) {
            assertHeldUntilHealed(node, "hello");
        }
    }

    @Test
    void healedWithAResetTheConnectionsCutAreClosedAndNewOnesWork() throws Exception {
        try (Socket cut = connect()) {
            cut.getOutputStream().write("up".getBytes());
            assertThat(read(cut, 2)).isEqualTo("up"); // relayed: the link knows the connection
            link.cut();
            cut.getOutputStream().write("lost".getBytes());
            link.heal(true);
            cut.setSoTimeout(5_000);
            assertThat(closedByTheLink(cut)).isTrue();
        }
        try (Socket node = connect()) {
            node.getOutputStream().write("again".getBytes());
            assertThat(read(node, 5)).isEqualTo("again");
        }
    }

    /** Sends {@code text} over a cut link: no echo while cut, the echo once healed. */
    private void assertHeldUntilHealed(Socket node, String text) throws IOException {
        node.getOutputStream().write(text.getBytes());
        node.setSoTimeout(500);
        assertThatThrownBy(() -> node.getInputStream().read()).isInstanceOf(SocketTimeoutException.class);
        link.heal(false);
        node.setSoTimeout(5_000);
        assertThat(read(node, text.length())).isEqualTo(text);
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket("127.0.0.1", link.port());
        socket.setSoTimeout(5_000);
        return socket;
    }

    /** Closed from the link's side: the end of the stream, or a reset (the link had not read all that was sent). */
    private static boolean closedByTheLink(Socket socket) {
        try {
            return socket.getInputStream().read() == -1;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    private static String read(Socket socket, int bytes) throws IOException {
        InputStream in = socket.getInputStream();
        return new String(in.readNBytes(bytes));
    }
}
