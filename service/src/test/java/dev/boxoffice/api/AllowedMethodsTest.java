package dev.boxoffice.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.boxoffice.http.AdminResource;
import dev.boxoffice.http.HoldResource;
import dev.boxoffice.http.QueueResource;
import dev.boxoffice.http.ShowResource;
import org.junit.jupiter.api.Test;

/** The methods of the API's paths, read from its resources, as the 405 and OPTIONS answers use them. */
class AllowedMethodsTest {

    private final AllowedMethods allowed = new AllowedMethods(ShowResource.class, HoldResource.class, QueueResource.class,
            AdminResource.class);

    @Test
    void aLiteralPathIsItsOwnTemplatesNotTheParameterOnesBesideIt() {
        assertThat(allowed.allow("/shows/7/queue/blocks")).isEqualTo("OPTIONS, POST");
        assertThat(allowed.allow("/shows/7/queue/some-ticket")).contains("GET");
        assertThat(allowed.refused("/shows/7/queue/blocks", "GET")).contains("OPTIONS, POST");
        assertThat(allowed.refused("/shows/7/queue/some-ticket", "GET")).isEmpty();
    }

    @Test
    void onlyTheMethodsAParameterTemplateWouldTakeAreAskedAbout() {
        // The selling path's methods (PATCH, POST) never pass the refusing route: only what a ticket's path serves.
        assertThat(allowed.refusable()).containsExactlyInAnyOrder("GET", "HEAD");
    }
}
