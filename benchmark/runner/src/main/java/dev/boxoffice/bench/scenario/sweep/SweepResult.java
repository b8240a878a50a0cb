package dev.boxoffice.bench.scenario.sweep;

import dev.boxoffice.bench.measure.StepResult;

import java.util.List;

/** Closed-loop concurrency sweep: one step per connection count, for a read and for a write. */
public record SweepResult(List<StepResult> read, List<StepResult> write) {
}
