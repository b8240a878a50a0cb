package dev.boxoffice.http;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.media.Schema.SchemaType;
import org.eclipse.microprofile.openapi.models.parameters.RequestBody;

/**
 * An optional field of a request body may be sent as {@code null}, which the service takes as left out (clients that
 * serialize every field of their own types send it so): /q/openapi says so, field by field, in every schema a request
 * body reaches. Where such a schema also describes an answer, the field is left out there, never null.
 */
final class NullableOptionalFields {

    private NullableOptionalFields() {
    }

    static void describe(OpenAPI openAPI) {
        Map<String, Schema> components = openAPI.getComponents().getSchemas();
        Set<String> seen = new HashSet<>();
        for (PathItem path : openAPI.getPaths().getPathItems().values()) {
            for (var operation : path.getOperations().values()) {
                RequestBody body = operation.getRequestBody();
                if (body != null && body.getContent() != null) {
                    body.getContent().getMediaTypes().values().forEach(media -> visit(media.getSchema(), components, seen));
                }
            }
        }
    }

    private static String name(Schema reference) {
        return reference.getRef().substring(reference.getRef().lastIndexOf('/') + 1);
    }

    private static void visit(Schema schema, Map<String, Schema> components, Set<String> seen) {
        if (schema == null) {
            return;
        }
        if (schema.getRef() != null) {
            if (seen.add(name(schema))) {
                visit(components.get(name(schema)), components, seen);
            }
            return;
        }
        visit(schema.getItems(), components, seen);
        if (schema.getProperties() == null) {
            return;
        }
        List<String> required = schema.getRequired() == null ? List.of() : schema.getRequired();
        for (Map.Entry<String, Schema> field : new LinkedHashMap<>(schema.getProperties()).entrySet()) {
            Schema property = field.getValue();
            visit(property, components, seen);
            if (required.contains(field.getKey())) {
                continue;
            }
            // Written as "nullable: true" in the OpenAPI 3.0 document, which ignores anything beside a $ref and does not
            // carry it into an allOf: the referenced schema is copied in, its own references kept.
            Schema nullable = property;
            if (property.getRef() != null) {
                nullable = OASFactory.createSchema();
                nullable.setAll(components.get(name(property)).getAll());
                schema.addProperty(field.getKey(), nullable);
            }
            if (nullable.getType() != null && !nullable.getType().isEmpty()) {
                nullable.addType(SchemaType.NULL);
            }
        }
    }
}
