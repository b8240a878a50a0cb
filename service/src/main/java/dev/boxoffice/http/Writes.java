package dev.boxoffice.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.boxoffice.api.ErrorCode;
import dev.boxoffice.api.Problem;
import dev.boxoffice.api.ProblemException;
import dev.boxoffice.domain.CommandOutcome;
import dev.boxoffice.domain.Rejection;
import dev.boxoffice.domain.ShowCommand;
import dev.boxoffice.domain.ShowState;
import dev.boxoffice.entity.IdempotencyKeyTakenException;
import dev.boxoffice.entity.KeyedAnswer;
import dev.boxoffice.eventstore.KeyedRecord;
import dev.boxoffice.eventstore.KeyedRecords;
import dev.boxoffice.shows.ShowService;
import io.vertx.core.Future;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Singleton;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * Runs the writes of the shows API, each once per {@code Idempotency-Key}. Without the header a write is sent to its
 * show and answered. With it:
 * <ul>
 * <li>a key this node is still answering gets 409 REQUEST_IN_PROGRESS at once;</li>
 * <li>the write goes to its show, which decides it: if it is accepted with events, its answer is committed with them
 * (see {@link KeyedAnswer}), unless the key is used already, which the append checks in the same statement: then
 * nothing is written; any other answer it gets from the domain (a refusal, or nothing to change) is remembered on
 * its own before it is sent, unless the key is taken;</li>
 * <li>a key used already, with the same request (method, path, body), gets the answer remembered under it, byte for
 * byte; with another request, 422 IDEMPOTENCY_KEY_REUSED. Whichever node committed a key first, its answer is the
 * one every retry gets.</li>
 * </ul>
 * A key costs no round trip of its own when the write is new: a retry is decided again (it is then refused, or
 * stopped by the key), and its answer looked up.
 * A 400 for an invalid request, a 503 and a 500 are never remembered: nothing was done, and a retry may succeed.
 *
 * <p>The keys in flight are bounded by admission control: one per admitted request, of at most 255 characters.
 */
@Singleton
public class Writes {

    /** A write: the command, its answer if accepted (from the state it leaves), and its answer to a refusal. */
    record Write(ShowCommand command, Function<ShowState.Show, Answer> whenAccepted,
            Function<Rejection, Future<Answer>> whenRejected) {

        Write(ShowCommand command, Function<ShowState.Show, Answer> whenAccepted) {
            this(command, whenAccepted,
                    rejection -> Future.failedFuture(new ProblemException(Problem.of(rejection, command.showId()))));
        }

        Future<Answer> answer(CommandOutcome<ShowState> outcome) {
            return switch (outcome) {
                case CommandOutcome.Accepted<ShowState> accepted ->
                        Future.succeededFuture(whenAccepted.apply((ShowState.Show) accepted.state()));
                case CommandOutcome.Rejected<ShowState> rejected -> whenRejected.apply(rejected.rejection());
            };
        }
    }

    private final ShowService shows;
    private final KeyedRecords keys;
    private final ObjectMapper json;
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();

    public Writes(ShowService shows, KeyedRecords keys, ObjectMapper json) {
        this.shows = shows;
        this.keys = keys;
        this.json = json;
    }

    /**
     * Runs {@code write}, once per idempotency key if the request carries one; {@code body} is the request's
     * body (null if it has none), which with its method and path tells one request from another.
     */
    CompletionStage<RestResponse<byte[]>> run(RoutingContext http, String keyHeader, Object body, String correlationId, Write write) {
        return answer(http, keyHeader, body, correlationId, write).map(Answer::response).toCompletionStage();
    }

    /** As {@link #run}, its answer as it is sent; a request refused before it is sent throws its problem. */
    Future<Answer> answer(RoutingContext http, String keyHeader, Object body, String correlationId, Write write) {
        // Quarkus REST passes a header sent empty as null; the request still has it, and an empty key is malformed.
        String header = keyHeader != null ? keyHeader : http.request().getHeader(IdempotencyKey.HEADER);
        if (header == null) {
            return shows.handle(write.command(), correlationId).compose(write::answer);
        }
        String key = IdempotencyKey.parse(header);
        byte[] fingerprint = fingerprint(http, body);
        if (!inFlight.add(key)) {
            throw new ProblemException(Problem.of(409, "Request in progress", ErrorCode.REQUEST_IN_PROGRESS,
                    "A request with this Idempotency-Key is still being answered; retry after Retry-After seconds."));
        }
        return keyed(key, fingerprint, correlationId, write, true).onComplete(done -> inFlight.remove(key));
    }

    /**
     * Sends the write under its key. If the key is used already, the show appends nothing and the command fails with
     * {@link IdempotencyKeyTakenException}: the answer remembered under the key is given instead, or, if the key had
     * expired (the lookup deletes it), the write is sent once more.
     */
    private Future<Answer> keyed(String key, byte[] fingerprint, String correlationId, Write write, boolean firstTry) {
        var keyed = new KeyedAnswer<ShowState>(key,
                state -> write.whenAccepted().apply((ShowState.Show) state).remembered(key, fingerprint));
        return shows.handle(write.command(), correlationId, keyed).compose(outcome -> {
            Optional<KeyedRecord> committed = keyed.committed();
            if (committed.isPresent()) {
                return Future.succeededFuture(RememberedAnswer.of(committed.get()).answer());
            }
            return write.answer(outcome).recover(this::asRemembered).compose(answer ->
                    unavailableIfFailed(keys.insertUnlessTaken(answer.remembered(key, fingerprint)))
                            .map(taken -> taken.map(first -> replay(first, fingerprint)).orElse(answer)));
        }).recover(failure -> {
            if (!(failure instanceof IdempotencyKeyTakenException)) {
                return Future.failedFuture(failure);
            }
            return unavailableIfFailed(keys.find(key)).compose(found -> found.isPresent()
                    ? Future.succeededFuture(replay(found.get(), fingerprint))
                    : firstTry ? keyed(key, fingerprint, correlationId, write, false)
                    : unavailableIfFailed(Future.failedFuture(failure)));
        });
    }

    /** A refusal by the domain is an answer to remember; a failure (5xx) is not: nothing is known to be done. */
    private Future<Answer> asRemembered(Throwable failure) {
        if (failure instanceof ProblemException refused && refused.problem().status() < 500) {
            Problem problem = refused.problem();
            return Future.succeededFuture(new Answer(problem.status(), null, bytes(json, problem)));
        }
        return Future.failedFuture(failure);
    }

    /** The keys' table could not be read or written: 503, nothing acknowledged, safe to retry. */
    private static <T> Future<T> unavailableIfFailed(Future<T> store) {
        return store.recover(failure -> Future.failedFuture(new ProblemException(Problem.of(503, "Service unavailable",
                ErrorCode.SERVICE_UNAVAILABLE, "The idempotency keys could not be read or written; the request may be retried."))));
    }

    private static Answer replay(KeyedRecord record, byte[] fingerprint) {
        RememberedAnswer remembered = RememberedAnswer.of(record);
        if (!remembered.answers(fingerprint)) {
            throw new ProblemException(Problem.of(422, "Idempotency key reused", ErrorCode.IDEMPOTENCY_KEY_REUSED,
                    "This Idempotency-Key was used for another request (method, path or body); use a new key."));
        }
        return remembered.answer();
    }

    Answer ok(Object view) {
        return new Answer(200, null, bytes(json, view));
    }

    Answer created(String location, Object view) {
        return new Answer(201, location, bytes(json, view));
    }

    private static byte[] bytes(ObjectMapper json, Object value) {
        try {
            return json.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private byte[] fingerprint(RoutingContext http, Object body) {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            sha256.update((http.request().method().name() + '\n' + http.request().path() + '\n')
                    .getBytes(StandardCharsets.UTF_8));
            if (body != null) {
                sha256.update(bytes(json, body));
            }
            return Arrays.copyOf(sha256.digest(), 16); // 128 bits tell two requests under one key apart
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
