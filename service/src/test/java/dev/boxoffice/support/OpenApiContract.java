package dev.boxoffice.support;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.restassured.OpenApiValidationFilter;
import io.restassured.RestAssured;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A RestAssured filter that checks every response a test receives against the OpenAPI document the service itself
 * serves at /q/openapi (Atlassian's swagger-request-validator), so the document cannot drift from what the API
 * sends. Requests are not checked: the tests send invalid ones on purpose, to see the errors they get.
 * Use it on a test class with {@code @ExtendWith(OpenApiContract.class)}.
 */
public final class OpenApiContract implements Filter, BeforeAllCallback, AfterAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        RestAssured.filters(new OpenApiContract());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        RestAssured.replaceFiltersWith(List.of());
    }

    private OpenApiValidationFilter validation; // made on first use, once the service's port is known

    @Override
    public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification response,
            FilterContext context) {
        if (validation == null) {
            String spec = request.getBaseUri() + ":" + request.getPort() + "/q/openapi";
            validation = new OpenApiValidationFilter(OpenApiInteractionValidator.createForSpecificationUrl(spec)
                    .withLevelResolver(LevelResolver.create()
                            .withLevel("validation.request", ValidationReport.Level.IGNORE)
                            .build())
                    .build());
        }
        return validation.filter(request, response, context);
    }
}
