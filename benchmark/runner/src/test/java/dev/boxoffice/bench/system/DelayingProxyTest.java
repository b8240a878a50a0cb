package dev.boxoffice.bench.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class DelayingProxyTest {

    @Test
    void everyRoundTripTakesTwiceTheDelayMoreAndTheBytesArriveInOrder() throws Exception {
        try (ServerSocket echo = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
             DelayingProxy proxy = DelayingProxy.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), echo.getLocalPort()),
                     Duration.ofMillis(40))) {
            Thread.ofVirtual().start(() -> echoOnce(echo));
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), proxy.port())) {
                OutputStream out = client.getOutputStream();
                DataInputStream in = new DataInputStream(client.getInputStream());
                for (String message : new String[] {"first", "second, longer", "third"}) {
                    byte[] sent = message.getBytes(StandardCharsets.UTF_8);
                    long start = System.nanoTime();
                    out.write(sent);
                    byte[] answer = new byte[sent.length];
                    in.readFully(answer);
                    long millis = (System.nanoTime() - start) / 1_000_000;

                    assertThat(new String(answer, StandardCharsets.UTF_8)).isEqualTo(message);
                    assertThat(millis).isBetween(80L, 1_000L);
                }
            }
        }
    }

    @Test
    void aDatabaseUrlIsRewrittenToReachTheProxyWithItsUserDatabaseAndParameters() {
        String url = "postgresql://postgres:secret@localhost:5499/boxoffice?sslmode=disable";
        try (DelayingProxy proxy = DelayingProxy.start(DelayingProxy.targetOf(url), Duration.ZERO)) {
            assertThat(DelayingProxy.targetOf(url)).isEqualTo(new InetSocketAddress("localhost", 5499));
            assertThat(proxy.urlThrough(url))
                    .isEqualTo("postgresql://postgres:secret@127.0.0.1:" + proxy.port() + "/boxoffice?sslmode=disable");
        }
    }

    private static void echoOnce(ServerSocket server) {
        try (Socket socket = server.accept(); InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException e) {
            // the test closed it
        }
    }
}
