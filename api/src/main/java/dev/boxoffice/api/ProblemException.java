package dev.boxoffice.api;

/** Ends a request with the given problem. */
public final class ProblemException extends RuntimeException {

    private final Problem problem;

    public ProblemException(Problem problem) {
        super(problem.detail(), null, false, false);
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }
}
