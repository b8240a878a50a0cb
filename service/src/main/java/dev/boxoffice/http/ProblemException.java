package dev.boxoffice.http;

/** Ends a request with the given problem. */
final class ProblemException extends RuntimeException {

    private final Problem problem;

    ProblemException(Problem problem) {
        super(problem.detail(), null, false, false);
        this.problem = problem;
    }

    Problem problem() {
        return problem;
    }
}
