package dev.boxoffice.app;

import dev.boxoffice.projection.ProjectionHost;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;

/**
 * One projection in /q/health ("name projection"): DOWN while its batches fail. Answered from memory: the edge asks
 * every node twice a second, and a query per check would cost an idle node more than all its other work. The
 * checkpoint and the lag are at /admin/projections.
 */
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
        String failure = projections.lastFailure();
        HealthCheckResponseBuilder builder = HealthCheckResponse.named(name()).status(failure == null)
                .withData("rebuilding", projections.rebuilding(projection));
        if (failure != null) {
            builder.withData("lastFailure", failure);
        }
        return Uni.createFrom().item(builder.build());
    }
}
