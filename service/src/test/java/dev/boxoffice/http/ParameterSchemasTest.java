package dev.boxoffice.http;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import dev.boxoffice.support.TestDatabase;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.net.URI;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What /q/openapi says of a parameter is what the service enforces: a request the document admits is not refused as
 * invalid, and one it refuses is answered 400 VALIDATION_FAILED. The document's verdict comes from a validator of
 * requests built from it (Atlassian's, as a client or fuzzer would build one), the service's from sending the request.
 */
@QuarkusTest
@QuarkusTestResource(TestDatabase.class)
class ParameterSchemasTest {

    @TestHTTPResource("/q/openapi")
    URI document;

    private OpenApiInteractionValidator validator;

    @BeforeEach
    void readTheDocument() {
        validator = OpenApiInteractionValidator.createForSpecificationUrl(document.toString()).build();
    }

    @Test
    void idempotencyKeysAreAdmittedByTheDocumentExactlyWhenTheServiceTakesThem() {
        // Each key valid for the service is new (a key is remembered, and "k" and "\"k\"" are the same key).
        for (String key : new String[] {unique("k"), "\"" + unique("q") + "\"", unique("x".repeat(219)),
                "\"" + unique("y".repeat(219)) + "\"", unique("!#[]~"), "x".repeat(256), "a b", "a\"b", "a\\b", "\"\"",
                "\"k1"}) {
            String body = "{\"showId\":\"" + UUID.randomUUID() + "\",\"title\":\"Key\",\"maxSeats\":1}";
            Request request = SimpleRequest.Builder.post("/shows").withHeader("Idempotency-Key", key)
                    .withContentType("application/json").withBody(body).build();
            int status = given().header("Idempotency-Key", key).contentType("application/json").body(body)
                    .when().post("/shows").statusCode();
            assertAgree(key, request, status, 201);
        }
    }

    @Test
    void pathAndQueryParametersAreAdmittedByTheDocumentExactlyWhenTheServiceTakesThem() {
        UUID show = UUID.randomUUID();
        given().contentType("application/json").body("{\"showId\":\"" + show + "\",\"title\":\"Params\",\"maxSeats\":3}")
                .when().post("/shows").then().statusCode(201);
        check(get("/shows/" + show), 200);
        check(get("/shows/not-a-uuid"), 404);
        check(get("/shows/" + UUID.randomUUID()), 404);
        check(get("/shows/" + show + "/holds/" + UUID.randomUUID()), 404);
        check(get("/shows/" + show + "/holds/h1"), 404);
        for (String limit : new String[] {"1", "200", "0", "201", "ten"}) {
            check(SimpleRequest.Builder.get("/shows").withQueryParam("limit", limit).build(), 200);
        }
        for (String available : new String[] {"true", "false", "yes"}) {
            check(SimpleRequest.Builder.get("/shows").withQueryParam("available", available).build(), 200);
        }
        for (String after : new String[] {UUID.randomUUID().toString(), "z"}) {
            check(SimpleRequest.Builder.get("/shows").withQueryParam("after", after).build(), 200);
        }
        for (String seat : new String[] {"1", "-1", "7", "one", "1.5"}) {
            String body = "{\"action\":\"RESERVE\"}";
            Request request = SimpleRequest.Builder.patch("/shows/" + show + "/seats/" + seat)
                    .withContentType("application/json").withBody(body).build();
            int status = given().contentType("application/json").body(body)
                    .when().patch("/shows/" + show + "/seats/" + seat).statusCode();
            assertAgree("seat " + seat, request, status, seat.equals("1") ? 200 : 404);
        }
    }

    @Test
    void bodyFieldsSentAsNullAreAdmittedByTheDocumentExactlyWhenTheServiceTakesThem() {
        String hall = "{\"categories\":[{\"name\":\"S\",\"price\":10}],\"sections\":[{\"name\":\"Hall\",\"x\":null,"
                + "\"rows\":[{\"from\":\"A\",\"count\":null,\"seats\":4,\"category\":\"S\",\"aislesAfter\":null}]}]}";
        // Optional fields, the hall's parts' too, are taken as left out; a required one is refused.
        for (String fields : new String[] {"\"title\":\"Nulls\",\"maxSeats\":2,\"hall\":null,\"onSaleAt\":null,\"waitingRoom\":null",
                "\"title\":\"Nulls\",\"hall\":" + hall, "\"title\":null,\"maxSeats\":2"}) {
            String body = "{\"showId\":\"" + UUID.randomUUID() + "\"," + fields + "}";
            Request request = SimpleRequest.Builder.post("/shows").withContentType("application/json").withBody(body).build();
            int status = given().contentType("application/json").body(body).when().post("/shows").statusCode();
            assertAgree(body, request, status, 201);
        }
    }

    /** {@code prefix} and a random UUID: 36 characters more. */
    private static String unique(String prefix) {
        return prefix + UUID.randomUUID();
    }

    private static Request get(String path) {
        return SimpleRequest.Builder.get(path).build();
    }

    /** Sends a GET as built and checks that the document and the service agree on it. */
    private void check(Request request, int statusWhenValid) {
        RequestSpecification spec = given();
        request.getQueryParameters().forEach(name -> spec.queryParam(name, request.getQueryParameterValues(name).iterator().next()));
        int status = spec.when().get(request.getPath()).statusCode();
        assertAgree(request.getPath() + " " + request.getQueryParameters(), request, status, statusWhenValid);
    }

    private void assertAgree(String what, Request request, int status, int statusWhenValid) {
        boolean documentAdmits = !validator.validateRequest(request).hasErrors();
        assertThat(status).as(what + ": the document " + (documentAdmits ? "admits" : "refuses") + " it; "
                + validator.validateRequest(request).getMessages()).isEqualTo(documentAdmits ? statusWhenValid : 400);
    }
}
