package dev.boxoffice.support;

import io.quarkus.vertx.http.HttpServerOptionsCustomizer;
import io.vertx.core.http.HttpServerOptions;
import jakarta.inject.Singleton;

/**
 * In the HTTP tests, the server's sockets get a fixed 32 KB send buffer instead of the kernel's autotuned one (up to
 * 4 MB on loopback), so that a client that stops reading backs up into the service after kilobytes, not megabytes:
 * the slow-reader test then reaches the service's own bound in a few hundred changes.
 */
@Singleton
public class SmallSendBuffers implements HttpServerOptionsCustomizer {

    private static final int SEND_BUFFER_BYTES = 32 * 1024;

    @Override
    public void customizeHttpServer(HttpServerOptions options) {
        options.setSendBufferSize(SEND_BUFFER_BYTES);
    }
}
