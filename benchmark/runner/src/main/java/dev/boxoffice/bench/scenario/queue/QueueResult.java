package dev.boxoffice.bench.scenario.queue;

import dev.boxoffice.bench.measure.StepResult;

/**
 * What the queue scenario measured: the purchase capacity without a waiting room, then a crowd of buyers through the
 * shows' waiting rooms, then on-sales steered while their lines wait (a rate change, a sell-out; null when not
 * measured); all through the edge or all straight to the service.
 */
public record QueueResult(boolean throughEdge, Capacity capacity, Crowd crowd, RateChange rateChange, SellOut sellOut,
        Lines lines) {

    /**
     * A line whose buyers follow their tickets' streams, admitted at {@code before} a second for a period, then at
     * {@code after} once an operator's control said so.
     *
     * @param soldPerSecondBefore  purchases a second over the last two thirds of the first period
     * @param soldPerSecondAfter   the same, of the period after the control's answer
     * @param salesFollowedSeconds from the control's answer to the first 2 s in which sales were at least 90 % of the new rate
     * @param waiting              buyers still waiting 2 s after the control's answer
     * @param told                 of those, buyers whose stream told them a wait at the new rate after the control's
     *                             answer (the delays' percentiles are theirs)
     * @param toldInTime           of those, told within 2 s
     */
    public record RateChange(int before, int after, int buyers, double soldPerSecondBefore, double soldPerSecondAfter,
            double salesFollowedSeconds, long waiting, long told, long toldInTime, double toldP50Millis,
            double toldP99Millis, double toldMaxMillis, StepResult answers) {
    }

    /**
     * A show of {@code seats} seats and twice as many buyers following their tickets' streams, sold out by its first
     * half; then as many late buyers trying to join.
     *
     * @param soldOutSeconds      from the on-sale to the confirmation of the last seat
     * @param waiting             buyers waiting when it sold out (told SOLD_OUT, or never told)
     * @param told                buyers whose stream told them SOLD_OUT
     * @param toldInTime          of those, within 1 s of the last seat's confirmation
     * @param admittedAfter       buyers who learned they were admitted after the last seat's confirmation
     * @param noSeatLeft          admitted buyers whose hold found no seat left
     * @param lateRefused         late joins refused with SOLD_OUT
     * @param lateTold            late joins given a ticket (a line service's record of the room is up to 2 s behind)
     *                            and told SOLD_OUT on its stream
     */
    public record SellOut(int seats, int admitPerSecond, int buyers, long purchased, double soldOutSeconds, long waiting,
            long told, long toldInTime, double toldP50Millis, double toldP99Millis, double toldMaxMillis, long admittedAfter,
            long noSeatLeft, long lateJoins, long lateRefused, long lateTold, StepResult answers) {
    }

    /**
     * Where the crowd's requests went, with line services behind the edge (null without): requests the nodes answered
     * (the buyers' holds and confirmations, and the line services' own: blocks of numbers, rooms' records,
     * admissions) and requests the line services answered, per purchase; the CPU the line services spent per request
     * they answered.
     *
     * @param services the line services
     * @param nodeFallbacks joins, polls and streams the nodes answered while no line service passed the edge's checks
     * @param alone         one line service at its throughput after the crowd (null when not measured)
     * @param nodeCosts     the node's CPU per request of each kind the crowd brought it (null when not measured)
     */
    public record Lines(int services, long nodeRequests, long lineRequests, double nodeRequestsPerPurchase,
            double lineRequestsPerPurchase, double lineCpuMicrosPerRequest, long nodeFallbacks, LineAlone alone,
            NodeCosts nodeCosts) {
    }

    /**
     * The node's CPU per request of each kind a crowd brings it, one kind per step at {@code rate} a second, net of its
     * CPU idle.
     *
     * @param idleCpuMillisPerSecond the node's CPU idle over a step as long, with the line services running
     */
    public record NodeCosts(double rate, double idleCpuMillisPerSecond, NodeCost admissions, NodeCost holds,
            NodeCost confirmations) {

        /** An admission, a hold and a confirmation: a purchase's share of the node's CPU, in milliseconds. */
        public double purchaseCpuMillis() {
            return (admissions.cpuMicrosEach() + holds.cpuMicrosEach() + confirmations.cpuMicrosEach()) / 1000;
        }
    }

    /**
     * One kind's step.
     *
     * @param done          buyers admitted, holds made or confirmations answered
     * @param nodeRequests  the requests the node answered in the step, counted at the edge (admissions are gathered, a
     *                      block of numbers is one per many joins)
     * @param cpuMicrosEach the node's CPU in the step, less its idle CPU over as long, per one done
     */
    public record NodeCost(long done, long nodeRequests, double cpuMicrosEach, StepResult step) {
    }

    /**
     * One line service loaded alone, as fast as it answers: joins, then polls of waiting tickets.
     *
     * @param answered     tickets issued and polls answered in the two measured steps
     * @param rssMiBBefore its resident memory before the warm-up's first join
     * @param rssMiBAfter  its resident memory after the measured polls
     */
    public record LineAlone(double joinsPerSecond, double cpuMicrosPerJoin, double pollsPerSecond, double cpuMicrosPerPoll,
            long answered, double rssMiBBefore, double rssMiBAfter, StepResult joins, StepResult polls) {
    }

    /** Holds and confirmations as fast as the service answers them, on shows without a waiting room. */
    public record Capacity(long purchases, double purchasesPerSecond, StepResult answers) {
    }

    /**
     * Buyers arriving at a multiple of the capacity, through the waiting rooms.
     *
     * @param admitPerSecond  each room's rate (the capacity shared among the shows)
     * @param maxActive       each room's bound on buyers admitted at once
     * @param purchasesPerSecond purchases over the time from the crowd's first arrival to the last purchase
     * @param requestsPerPurchase every request of every buyer (joins, polls, holds, confirmations, retries) per purchase
     * @param etaErrorP90Seconds the 90th percentile of |wait seen - wait estimated at joining|, of admitted buyers
     * @param etaWithinBound  the share of admitted buyers whose error was within 15 % of their wait or 10 s
     * @param fairnessViolations buyers of one show who asked to join at least 1 s after another was answered, and were
     *                        given an earlier place than that other (places are called in order)
     * @param unfairByAnswerTime the same counted by when answers arrived (a late answer counts as a late join): the
     *                        generator's and the edge's lag shows here, not the line's order
     * @param unfairByTicketTime the same counted by the times the tickets carry: the line's own order of numbering
     * @param maxActiveSeen   the most buyers any room had admitted at once, sampled twice a second
     */
    public record Crowd(double arrivalsPerSecond, int shows, int admitPerSecond, int maxActive, long buyers,
            long purchased, long expired, long unfinished, double purchasesPerSecond, double requestsPerPurchase,
            long refusals, double etaErrorP90Seconds, double etaWithinBound, long fairnessViolations, long unfairByAnswerTime,
            long unfairByTicketTime, int maxActiveSeen,
            double drainSeconds, StepResult answers) {
    }
}
