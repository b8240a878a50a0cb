package dev.boxoffice.bench.load;

import java.util.List;

/**
 * Arrival rates over time: phases of a constant rate one after another, for example calm, surge, calm. Within a
 * phase, arrival {@code i} is due at {@code phaseStart + i / rate}; after the last phase nothing more arrives.
 */
public record ArrivalSchedule(List<Phase> phases) {

    /** {@code seconds} of arrivals at {@code perSecond}; {@code name} labels the phase in results. */
    public record Phase(String name, double perSecond, double seconds) {
        public Phase {
            if (!(perSecond > 0) || !(seconds > 0)) {
                throw new IllegalArgumentException("a phase needs a rate and a duration above 0: " + perSecond + "/s for " + seconds + " s");
            }
        }
    }

    public ArrivalSchedule {
        phases = List.copyOf(phases);
        if (phases.isEmpty()) {
            throw new IllegalArgumentException("a schedule needs at least one phase");
        }
    }

    /** One rate for as long as the step runs. */
    public static ArrivalSchedule constant(double perSecond) {
        return new ArrivalSchedule(List.of(new Phase("constant", perSecond, Double.MAX_VALUE / 4)));
    }

    public double totalSeconds() {
        return phases.stream().mapToDouble(Phase::seconds).sum();
    }

    /** The index of the phase that {@code secondsSinceStart} falls in; past the end, the last. */
    public int phaseAt(double secondsSinceStart) {
        double end = 0;
        for (int i = 0; i < phases.size(); i++) {
            end += phases.get(i).seconds();
            if (secondsSinceStart < end) {
                return i;
            }
        }
        return phases.size() - 1;
    }
}
