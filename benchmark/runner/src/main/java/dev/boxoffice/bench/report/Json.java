package dev.boxoffice.bench.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.boxoffice.bench.result.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** results.json: every figure of a run, NaN written as "NaN" (not measured), read back by the compare mode. */
public final class Json {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private Json() {
    }

    public static void write(RunResult result, Path file) {
        try {
            MAPPER.writeValue(file.toFile(), result);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static RunResult read(Path file) {
        try {
            return MAPPER.readValue(file.toFile(), RunResult.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
