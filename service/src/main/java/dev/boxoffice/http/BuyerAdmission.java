package dev.boxoffice.http;

import dev.boxoffice.line.LineTokens;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.domain.Rejection;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowCommand.AsAdmittedBuyer;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.UUID;

/**
 * Reads the {@code Admission-Token} a buyer sends with a hold, a reservation or a confirmation: without one the
 * command goes as it is (its show refuses it if it sells through a waiting room); with one, it goes as the admitted
 * buyer's, once the token's signature, show and lapse check out; else 403 ADMISSION_REQUIRED at once, naming the
 * queue. Whether the admission still lasts (the buyer may have confirmed already) is the show's to decide.
 */
@Singleton
public class BuyerAdmission {

    public static final String HEADER = "Admission-Token";

    private final LineTokens tokens;

    public BuyerAdmission(LineTokens tokens) {
        this.tokens = tokens;
    }

    ShowCommand sentBy(RoutingContext http, ShowCommand command, Instant now) {
        String header = http.request().getHeader(HEADER);
        if (header == null) {
            return command;
        }
        UUID show = command.showId();
        var token = tokens.readAdmission(show, header).orElseThrow(() -> refused(show,
                "This Admission-Token was not issued for show " + show + "; join its queue."));
        if (token.lapsesAtMillis() <= now.toEpochMilli()) {
            throw refused(show, "This Admission-Token lapsed at " + Instant.ofEpochMilli(token.lapsesAtMillis())
                    + "; join the queue again.");
        }
        return new AsAdmittedBuyer(show, token.place(), now, command);
    }

    private static ProblemException refused(UUID show, String detail) {
        return new ProblemException(Problem.of(new Rejection(Rejection.Code.ADMISSION_REQUIRED, detail), show));
    }
}
