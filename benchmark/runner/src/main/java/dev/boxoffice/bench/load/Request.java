package dev.boxoffice.bench.load;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One request as a scenario sends it: method, path, a JSON body or none, and headers of its own (most have none: they
 * share the one empty map, as the generator sends thousands a second).
 */
public record Request(HttpMethod method, String path, Buffer body, Map<String, String> headers) {

    public static Request get(String path) {
        return of(HttpMethod.GET, path, null);
    }

    public static Request post(String path, Buffer body) {
        return of(HttpMethod.POST, path, body);
    }

    public static Request of(HttpMethod method, String path, Buffer body) {
        return new Request(method, path, body, Map.of());
    }

    /** The same request with {@code name: value} too; none when {@code value} is null. */
    public Request with(String name, String value) {
        if (value == null) {
            return this;
        }
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new Request(method, path, body, Map.copyOf(more));
    }
}
