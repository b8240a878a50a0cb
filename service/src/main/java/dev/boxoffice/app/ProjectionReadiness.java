package dev.boxoffice.app;

import dev.boxoffice.projection.ProjectionHost;
import dev.boxoffice.projection.ProjectionStatus;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.vertx.UniHelper;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;

/** One projection in /q/health ("name projection"): checkpoint and lag; DOWN while its batches fail. */
final class ProjectionReadiness implements AsyncHealthCheck {

    private final ProjectionHost projections;
    private final String projection;

    ProjectionReadiness(ProjectionHost projections, String projection) {
        this.projections = projections;
        this.projection = projection;
    }

    String name() {
        return projection + " projection";
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        return UniHelper.toUni(projections.status(projection)).map(this::response)
                .onFailure().recoverWithItem(e -> HealthCheckResponse.named(name()).down()
                        .withData("error", String.valueOf(e.getMessage())).build());
    }

    private HealthCheckResponse response(ProjectionStatus status) {
        HealthCheckResponseBuilder builder = HealthCheckResponse.named(name()).status(status.lastFailure() == null)
                .withData("checkpoint", status.checkpoint().transactionId() + "/" + status.checkpoint().position())
                .withData("eventsApplied", status.eventsApplied())
                .withData("lagEvents", status.lagEvents())
                .withData("lagMillis", status.lagMillis())
                .withData("table", status.table())
                .withData("rebuilding", projections.rebuilding(projection));
        if (status.lastFailure() != null) {
            builder.withData("lastFailure", status.lastFailure());
        }
        return builder.build();
    }
}
