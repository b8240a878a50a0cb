package dev.boxoffice.bench.scenario.queue;

import dev.boxoffice.bench.measure.StepResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/** The crowd's figures, from what every buyer told when it was done. */
final class QueueOutcomes {

    /** A wait's estimate is good within this share of the wait, or {@link #ETA_FLOOR_SECONDS}, whichever is larger. */
    static final double ETA_SHARE = 0.15;
    static final double ETA_FLOOR_SECONDS = 10;
    /** Two buyers this far apart in joining must be called in that order. */
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
                fairnessViolations(all), maxActiveSeen, drainSeconds, answers);
    }

    /** Of each admitted buyer: |wait seen - wait estimated| and the bound it should be within, in seconds. */
    private static List<double[]> etaErrors(List<QueueBuyer.Outcome> all) {
        List<double[]> errors = new ArrayList<>();
        for (QueueBuyer.Outcome buyer : all) {
            if (buyer.admittedNanos() > 0 && buyer.joinedNanos() > 0) {
                double seen = (buyer.admittedNanos() - buyer.joinedNanos()) / 1e9;
                errors.add(new double[] {Math.abs(seen - buyer.estimatedWait()), Math.max(ETA_SHARE * seen, ETA_FLOOR_SECONDS)});
            }
        }
        return errors;
    }

    /**
     * Pairs of one show's buyers where one joined at least a second before the other and holds the later place: the
     * line calls places in order, so the later place is admitted after. Counted from each buyer's side: the buyer
     * is ahead of someone who joined a second earlier or more.
     */
    static long fairnessViolations(List<QueueBuyer.Outcome> all) {
        Map<UUID, List<QueueBuyer.Outcome>> byShow = all.stream().filter(buyer -> buyer.number() >= 0)
                .collect(Collectors.groupingBy(QueueBuyer.Outcome::show));
        long violations = 0;
        for (List<QueueBuyer.Outcome> line : byShow.values()) {
            List<QueueBuyer.Outcome> byJoining = new ArrayList<>(line);
            byJoining.sort(Comparator.comparingLong(QueueBuyer.Outcome::joinedNanos));
            long highestEarlier = -1;
            int earlier = 0;
            for (QueueBuyer.Outcome buyer : byJoining) {
                while (earlier < byJoining.size()
                        && byJoining.get(earlier).joinedNanos() <= buyer.joinedNanos() - FAIRNESS_NANOS) {
                    highestEarlier = Math.max(highestEarlier, byJoining.get(earlier).number());
                    earlier++;
                }
                if (highestEarlier > buyer.number()) {
                    violations++;
                }
            }
        }
        return violations;
    }

    private static double percentile(List<Double> values, double share) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(Comparator.naturalOrder());
        return sorted.get((int) Math.min(sorted.size() - 1, Math.ceil(share * sorted.size()) - 1));
    }
}
