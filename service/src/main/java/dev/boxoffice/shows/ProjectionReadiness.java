package dev.boxoffice.shows;

import dev.boxoffice.projection.ProjectionStatus;
import io.smallrye.health.api.AsyncHealthCheck;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/** The show_view projection in /q/health: checkpoint and lag; DOWN while its batches fail. */
@Readiness
@ApplicationScoped
public class ProjectionReadiness implements AsyncHealthCheck {

    private final ShowViewReadModel readModel;

    public ProjectionReadiness(ShowViewReadModel readModel) {
        this.readModel = readModel;
    }

    @Override
    public Uni<HealthCheckResponse> call() {
        return readModel.status().map(this::response)
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
                .withData("rebuilding", readModel.rebuilding());
        if (status.lastFailure() != null) {
            builder.withData("lastFailure", status.lastFailure());
        }
        return builder.build();
    }

    private static String name() {
        return ShowViewProjection.NAME + " projection";
    }
}
