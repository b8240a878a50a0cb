package dev.boxoffice.domain;

/**
 * What an operator changes in a waiting room while it sells: each is an event of the show
 * ({@link ShowEvent.LineControlled}, with who and when), so that it survives a crash and a failover, and the room's
 * public record lists them. The draw and every buyer's place stay as they were.
 */
public sealed interface LineControl {

    /** From now on the line calls at most {@code admitPerSecond} a second. */
    record SetRate(int admitPerSecond) implements LineControl {
        public SetRate {
            if (admitPerSecond < 1 || admitPerSecond > WaitingRoomSettings.MAX_ADMIT_PER_SECOND) {
                throw new IllegalArgumentException("admitPerSecond must be between 1 and " + WaitingRoomSettings.MAX_ADMIT_PER_SECOND);
            }
        }
    }

    /** From now on at most {@code maxActive} buyers are admitted at once. */
    record SetMaxActive(int maxActive) implements LineControl {
        public SetMaxActive {
            if (maxActive < 1 || maxActive > WaitingRoomSettings.MAX_ACTIVE) {
                throw new IllegalArgumentException("maxActive must be between 1 and " + WaitingRoomSettings.MAX_ACTIVE);
            }
        }
    }

    /** The line calls nobody until resumed; every place is kept. */
    record Pause() implements LineControl {
    }

    /** The line calls again, at its rate from now: the time paused is not made up for. */
    record Resume() implements LineControl {
    }

    /** Nobody new joins the line; those in it are called as before. */
    record Close() implements LineControl {
    }
}
