package dev.boxoffice.bench.load;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;

/** One request as a scenario sends it: method, path, a JSON body or none, and headers of its own. */
public record Request(HttpMethod method, String path, Buffer body, MultiMap headers) {

    public static Request get(String path) {
        return new Request(HttpMethod.GET, path, null, MultiMap.caseInsensitiveMultiMap());
    }

    public static Request post(String path, Buffer body) {
        return new Request(HttpMethod.POST, path, body, MultiMap.caseInsensitiveMultiMap());
    }

    public static Request of(HttpMethod method, String path, Buffer body) {
        return new Request(method, path, body, MultiMap.caseInsensitiveMultiMap());
    }

    /** The same request with {@code name: value} too; none when {@code value} is null. */
    public Request with(String name, String value) {
        if (value == null) {
            return this;
        }
        MultiMap more = MultiMap.caseInsensitiveMultiMap().addAll(headers).add(name, value);
        return new Request(method, path, body, more);
    }
}
