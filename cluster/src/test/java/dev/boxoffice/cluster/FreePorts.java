package dev.boxoffice.cluster;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

/** Ports for a cluster under test: the front port, then one per node, then HAProxy's counters. */
final class FreePorts {

    private FreePorts() {
    }

    /** A port whose next {@code count - 1} ports are free too. */
    static int block(int count) {
        for (int attempt = 0; attempt < 100; attempt++) {
            int base = ThreadLocalRandom.current().nextInt(20_000, 40_000);
            if (IntStream.range(base, base + count).allMatch(FreePorts::isFree)) {
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
