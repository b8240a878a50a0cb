package dev.boxoffice.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

/** One show's decisions, each applied as its entity would apply it: for tests that decide step by step. */
final class ShowHarness {

    private final ShowDecider decider = new ShowDecider();
    private ShowState state = ShowState.NOT_CREATED;

    /** Decides {@code command}, which must be accepted, and applies its events; returns them. */
    List<ShowEvent> run(ShowCommand command) {
        Decision<ShowEvent> decision = decide(command);
        assertThat(decision).as("%s", command).isInstanceOf(Decision.Accepted.class);
        List<ShowEvent> events = ((Decision.Accepted<ShowEvent>) decision).events();
        for (ShowEvent event : events) {
            state = decider.evolve(state, event);
        }
        return events;
    }

    /** Applies {@code events} as a stream holds them, with no decision: events as earlier builds wrote them. */
    void apply(ShowEvent... events) {
        for (ShowEvent event : events) {
            state = decider.evolve(state, event);
        }
    }

    /** Decides {@code command}, which must be refused; returns why. */
    Rejection rejected(ShowCommand command) {
        Decision<ShowEvent> decision = decide(command);
        assertThat(decision).as("%s", command).isInstanceOf(Decision.Rejected.class);
        return ((Decision.Rejected<ShowEvent>) decision).rejection();
    }

    /** What the show decides about {@code command} now, applying nothing. */
    Decision<ShowEvent> decide(ShowCommand command) {
        return decider.decide(command, state);
    }

    ShowState.Show show() {
        return (ShowState.Show) state;
    }
}
