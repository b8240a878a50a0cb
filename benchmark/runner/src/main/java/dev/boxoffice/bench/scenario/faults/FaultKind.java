package dev.boxoffice.bench.scenario.faults;

import java.util.Arrays;
import java.util.List;

/** What the nemesis does in a history: one kind of fault in rounds, or every kind mixed. */
public enum FaultKind {
    KILL("kill -9 of a node, then its restart"),
    PAUSE("a node paused with SIGSTOP for 1 to 10 s, then SIGCONT"),
    PARTITION("a node cut off from PostgreSQL for 1 to 10 s while the edge still reaches it, then healed: the bytes"
            + " that waited let through, or its connections reset"),
    PRIMARY("kill -9 of PostgreSQL's primary (and its keeper), a standby promoted, the old one back as a standby"),
    RING("a node taken out of the ring (a graceful stop), then added back"),
    LINE("kill -9 of the line service during the on-sale, then its restart"),
    MIXED("each round one of the kinds above, at random");

    private final String description;

    FaultKind(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    public String label() {
        return name().toLowerCase();
    }

    /** The kinds a mixed history draws from. */
    static List<FaultKind> single() {
        return Arrays.stream(values()).filter(kind -> kind != MIXED).toList();
    }

    static FaultKind parse(String label) {
        for (FaultKind kind : values()) {
            if (kind.label().equals(label.trim())) {
                return kind;
            }
        }
        throw new IllegalArgumentException("faults: no fault kind " + label + " (kinds: "
                + String.join(", ", Arrays.stream(values()).map(FaultKind::label).toList()) + ")");
    }
}
