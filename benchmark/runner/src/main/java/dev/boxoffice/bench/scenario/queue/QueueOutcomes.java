package dev.boxoffice.bench.scenario.queue;

import dev.boxoffice.bench.measure.StepResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/** The crowd's figures, from what every buyer told when it was done. */
final class QueueOutcomes {

    /** A wait's estimate is good within this share of the wait, or {@link #ETA_FLOOR_SECONDS}, whichever is larger. */
    static final double ETA_SHARE = 0.15;
    static final double ETA_FLOOR_SECONDS = 10;
    /** Two buyers this far apart in joining must be called in that order: a block of numbers lasts about 250 ms of arrivals. */
    static final long FAIRNESS_NANOS = 1_000_000_000L;

    private QueueOutcomes() {
    }

    static QueueResult.Crowd of(Collection<QueueBuyer.Outcome> outcomes, long startNanos, double rate, int shows,
            int admitPerSecond, int maxActive, int maxActiveSeen, int unfinished, StepResult answers) {
        List<QueueBuyer.Outcome> all = List.copyOf(outcomes);
        long purchased = all.stream().filter(QueueBuyer.Outcome::purchased).count();
        long lastPurchase = all.stream().mapToLong(QueueBuyer.Outcome::purchasedNanos).max().orElse(startNanos);
        double drainSeconds = (lastPurchase - startNanos) / 1e9;
        long requests = all.stream().mapToLong(QueueBuyer.Outcome::requests).sum();
        long refusals = all.stream().mapToLong(QueueBuyer.Outcome::refusals).sum();
        List<double[]> errors = etaErrors(all);
        return new QueueResult.Crowd(rate, shows, admitPerSecond, maxActive, all.size() + unfinished, purchased,
                all.stream().filter(QueueBuyer.Outcome::expired).count(), unfinished,
                drainSeconds > 0 ? purchased / drainSeconds : 0, purchased == 0 ? Double.NaN : (double) requests / purchased,
                refusals, percentile(errors.stream().map(e -> e[0]).toList(), 0.9),
                errors.isEmpty() ? Double.NaN : errors.stream().filter(e -> e[0] <= e[1]).count() / (double) errors.size(),
                fairnessViolations(all), inversions(all, QueueBuyer.Outcome::joinedNanos, QueueBuyer.Outcome::joinedNanos),
                inversions(all, QueueOutcomes::ticketNanos, QueueOutcomes::ticketNanos), maxActiveSeen, drainSeconds, answers);
    }

    /** Of each admitted buyer told a wait: |wait seen - wait estimated| and the bound it should be within, in seconds. */
    private static List<double[]> etaErrors(List<QueueBuyer.Outcome> all) {
        List<double[]> errors = new ArrayList<>();
        for (QueueBuyer.Outcome buyer : all) {
            if (buyer.admittedNanos() > 0 && buyer.joinedNanos() > 0 && !Double.isNaN(buyer.estimatedWait())) {
                double seen = (buyer.admittedNanos() - buyer.joinedNanos()) / 1e9;
                errors.add(new double[] {Math.abs(seen - buyer.estimatedWait()), Math.max(ETA_SHARE * seen, ETA_FLOOR_SECONDS)});
            }
        }
        return errors;
    }

    /**
     * Buyers of one show who asked to join a second or more after another's join was answered, and hold an earlier
     * place than that other: the line calls places in order, so they are called before someone who was in line
     * before they even asked. Counted from each such buyer's side. Asked and answered as the generator saw them: a
     * late answer (the generator's or the edge's lag) can only hide a pair, never make one up.
     */
    static long fairnessViolations(List<QueueBuyer.Outcome> all) {
        return inversions(all, QueueBuyer.Outcome::joinedNanos, QueueBuyer.Outcome::joinSentNanos);
    }

    /**
     * Buyers of one show whose {@code later} time is at least {@link #FAIRNESS_NANOS} after another's {@code earlier}
     * time, and whose number is lower than that other's. With both times the answer's, a late answer counts too (what
     * the check counted before it was causal); with both the ticket's, the line's own order of numbering.
     */
    static long inversions(List<QueueBuyer.Outcome> all, ToLongFunction<QueueBuyer.Outcome> earlier,
            ToLongFunction<QueueBuyer.Outcome> later) {
        Map<UUID, List<QueueBuyer.Outcome>> byShow = all.stream().filter(buyer -> buyer.number() >= 0)
                .collect(Collectors.groupingBy(QueueBuyer.Outcome::show));
        long violations = 0;
        for (List<QueueBuyer.Outcome> line : byShow.values()) {
            List<QueueBuyer.Outcome> byEarlier = line.stream().sorted(Comparator.comparingLong(earlier)).toList();
            List<QueueBuyer.Outcome> byLater = line.stream().sorted(Comparator.comparingLong(later)).toList();
            long highestBefore = -1;
            int before = 0;
            for (QueueBuyer.Outcome buyer : byLater) {
                while (before < byEarlier.size()
                        && earlier.applyAsLong(byEarlier.get(before)) <= later.applyAsLong(buyer) - FAIRNESS_NANOS) {
                    highestBefore = Math.max(highestBefore, byEarlier.get(before).number());
                    before++;
                }
                if (highestBefore > buyer.number()) {
                    violations++;
                }
            }
        }
        return violations;
    }

    private static long ticketNanos(QueueBuyer.Outcome buyer) {
        return buyer.ticketMillis() * 1_000_000;
    }

    private static double percentile(List<Double> values, double share) {
        return SteeringOutcomes.percentile(values.stream().mapToDouble(Double::doubleValue).sorted().toArray(), share);
    }
}
