package dev.boxoffice.bench.scenario.limits;

import dev.boxoffice.bench.measure.StepResult;

/**
 * The machine's ceilings in this run: the disk's flush latency under the database, PostgreSQL appending event rows
 * (one row per commit from several clients, and many rows per commit), and the HTTP layer on a trivial endpoint.
 * Any of them may be null when it was not measured (the disk flush only with the embedded database).
 */
public record LimitsResult(StepResult diskFlush, Append singleRow, Append multiRow, StepResult http) {

    /**
     * @param step the commits, as a step: achievedRps is commits per second and latency the commit round trip
     * @param rowsPerCommit rows in each INSERT
     */
    public record Append(String label, int clients, int rowsPerCommit, StepResult step) {

        public double rowsPerSecond() {
            return step.achievedRps() * rowsPerCommit;
        }
    }
}
