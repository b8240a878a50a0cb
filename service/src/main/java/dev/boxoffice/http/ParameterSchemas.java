package dev.boxoffice.http;

import dev.boxoffice.api.RequestParameters;
import java.math.BigDecimal;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.media.Schema.SchemaType;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;

/**
 * The parameters' schemas in /q/openapi, as strict as the parsing of each (RequestParameters, IdempotencyKey): the
 * resources take them as strings to answer a bad one with a problem that names it, so the generated document would
 * say "any string" where the service refuses all but a UUID. A client or fuzzer built from the document then sends
 * only what the service accepts, and learns the rest from the refusals it documents.
 */
final class ParameterSchemas {

    /**
     * 1 to 255 visible ASCII characters other than quote and backslash, bare or quoted: {@code !} is 0x21,
     * {@code #-[} 0x23-0x5B, {@code ]-~} 0x5D-0x7E.
     */
    static final String IDEMPOTENCY_KEY_PATTERN = "^(?:[!#-\\[\\]-~]{1,255}|\"[!#-\\[\\]-~]{1,255}\")$";

    /** The format alone is a hint many validators skip. */
    static final String UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

    private ParameterSchemas() {
    }

    static void describe(OpenAPI openAPI) {
        for (PathItem path : openAPI.getPaths().getPathItems().values()) {
            path.getOperations().values().stream().filter(operation -> operation.getParameters() != null)
                    .forEach(operation -> operation.getParameters().forEach(ParameterSchemas::describe));
        }
    }

    private static void describe(Parameter parameter) {
        Schema schema = switch (parameter.getName()) {
            case "showId", "holdId", "after" -> string().format("uuid").pattern(UUID_PATTERN);
            case "seatNum" -> integer().format("int32");
            case "limit" -> integer().format("int32").minimum(BigDecimal.ONE)
                    .maximum(BigDecimal.valueOf(RequestParameters.MAX_PAGE_SIZE))
                    .defaultValue(RequestParameters.DEFAULT_PAGE_SIZE);
            case "available" -> OASFactory.createSchema().addType(SchemaType.BOOLEAN).defaultValue(false);
            case IdempotencyKey.HEADER -> string().minLength(1).maxLength(IdempotencyKey.MAX_LENGTH + 2)
                    .pattern(IDEMPOTENCY_KEY_PATTERN);
            default -> null;
        };
        if (schema != null) {
            parameter.schema(schema);
        }
        if (IdempotencyKey.HEADER.equals(parameter.getName())) {
            parameter.description("Makes a retry safe: the same key with the same request (method, path, body) gets the"
                    + " first answer again, byte for byte, and changes nothing; keys are remembered for 24 hours. 1 to"
                    + " 255 visible ASCII characters other than quote and backslash, bare or quoted (a random UUID is a"
                    + " good key).");
        }
    }

    private static Schema string() {
        return OASFactory.createSchema().addType(SchemaType.STRING);
    }

    private static Schema integer() {
        return OASFactory.createSchema().addType(SchemaType.INTEGER);
    }
}
