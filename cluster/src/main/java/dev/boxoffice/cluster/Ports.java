package dev.boxoffice.cluster;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

/** Free ports on this machine, for clusters started beside others (tests, the benchmark). */
public final class Ports {

    private Ports() {
    }

    /** A port whose next {@code count - 1} ports are free too. */
    public static int freeBlock(int count) {
        for (int attempt = 0; attempt < 100; attempt++) {
            // Below Linux's ephemeral ports (32768 on): a port the system hands out to another process's connection
            // between this check and the server's bind would stop the server from starting.
            int base = ThreadLocalRandom.current().nextInt(20_000, 32_000);
            if (IntStream.range(base, base + count).allMatch(Ports::isFree)) {
                return base;
            }
        }
        throw new IllegalStateException("no " + count + " consecutive free ports");
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket(port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
