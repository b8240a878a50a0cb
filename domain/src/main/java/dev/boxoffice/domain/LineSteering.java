package dev.boxoffice.domain;

import dev.boxoffice.domain.ShowEvent.LineControlled;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * How the operators left a waiting room: paused or not, closed or not, and the latest of their controls (at most
 * {@link #TRAIL}, oldest first), the room's audit trail.
 */
public record LineSteering(boolean paused, boolean closed, List<LineControlled> trail) {

    /** Controls kept in the trail: the room's record lists them; older ones are in the show's log. */
    public static final int TRAIL = 32;

    public static final LineSteering NONE = new LineSteering(false, false, List.of());

    public LineSteering {
        Objects.requireNonNull(trail, "trail");
        trail = List.copyOf(trail);
    }

    /** The refusal of a join to a closed line. */
    public static Rejection closed(UUID show) {
        return new Rejection(Rejection.Code.LINE_CLOSED, "The line of show " + show + " is closed: nobody new joins it.");
    }

    LineSteering after(LineControlled controlled) {
        List<LineControlled> longer = new ArrayList<>(trail.size() + 1);
        longer.addAll(trail.size() < TRAIL ? trail : trail.subList(trail.size() - TRAIL + 1, trail.size()));
        longer.add(controlled);
        return switch (controlled.control()) {
            case LineControl.Pause pause -> new LineSteering(true, closed, longer);
            case LineControl.Resume resume -> new LineSteering(false, closed, longer);
            case LineControl.Close close -> new LineSteering(paused, true, longer);
            case LineControl.SetRate rate -> new LineSteering(paused, closed, longer);
            case LineControl.SetMaxActive max -> new LineSteering(paused, closed, longer);
        };
    }

    /**
     * Itself, its list and the list's array, and each control in the trail: the event, its control, its instant and
     * its operator's name (counted at two bytes a character).
     */
    long estimatedBytes() {
        long bytes = 24 + 24 + ((16 + 4L * trail.size() + 7) & ~7L);
        for (LineControlled controlled : trail) {
            bytes += 32 + 16 + 24 + 24 + ((16 + 2L * controlled.operator().length() + 7) & ~7L);
        }
        return bytes;
    }
}
