package dev.boxoffice.bench.scenario.queue;

import static dev.boxoffice.bench.report.Format.num;

import dev.boxoffice.bench.measure.StepResult;
import dev.boxoffice.bench.report.Section;
import dev.boxoffice.bench.report.SteppedReport;
import dev.boxoffice.bench.report.SummaryRow;
import dev.boxoffice.bench.report.Table;
import dev.boxoffice.bench.run.Edge;
import dev.boxoffice.bench.run.Run;
import dev.boxoffice.bench.run.RunResult;
import dev.boxoffice.bench.run.Scenario;
import dev.boxoffice.bench.run.Selection;
import dev.boxoffice.bench.run.Target;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An on-sale through waiting rooms ({@link QueueLoad}): the purchase capacity without one, then a crowd of buyers at
 * a multiple of it, each joining a line, polling after Retry-After, holding and confirming with its admission; what
 * is sold, what it costs in requests, how good the estimated waits are, whether the lines are fair, and whether the
 * rooms keep their bound on buyers admitted at once. Meant for a service under a small CPU quota
 * ({@code --service-cpus 0.25}), so that the generator can send the crowd.
 */
public final class QueueScenario extends Scenario<QueueResult> {

    public QueueScenario() {
        super("queue", "an on-sale crowd through waiting rooms: purchases, requests per purchase, estimated waits,"
                + " fairness (only when named; best with --service-cpus)", QueueResult.class, QueueOptions.class,
                Target.SERVICE, false);
    }

    @Override
    public double plannedSeconds(Selection selection) {
        QueueOptions options = selection.options(QueueOptions.class);
        return selection.steps().warmupSeconds() + options.capacitySeconds() + options.seconds() * (1 + options.factor()) + 30
                + 4 * options.lineSeconds() + 4 * options.nodeCostSeconds() + 4 * options.steeringSeconds() + 40;
    }

    @Override
    public QueueResult run(Run run) {
        QueueOptions options = run.options(QueueOptions.class);
        if (options.throughEdge()) {
            Optional<Edge> edge = Edge.inFront(run, name(), options.lines());
            if (edge.isPresent()) {
                try (Edge inFront = edge.get()) {
                    return new QueueLoad(run.bench(), inFront.baseUrl(), true, options, inFront).run();
                }
            }
        }
        return new QueueLoad(run.bench(), run.baseUrl(), false, options).run();
    }

    @Override
    public List<StepResult> steps(QueueResult result) {
        List<StepResult> steps = new ArrayList<>(List.of(result.capacity().answers(), result.crowd().answers()));
        if (result.rateChange() != null) {
            steps.addAll(List.of(result.rateChange().answers(), result.sellOut().answers()));
        }
        QueueResult.NodeCosts costs = nodeCosts(result);
        if (costs != null) {
            steps.addAll(List.of(costs.admissions().step(), costs.holds().step(), costs.confirmations().step()));
        }
        QueueResult.LineAlone alone = alone(result);
        if (alone != null) {
            steps.addAll(List.of(alone.joins(), alone.polls()));
        }
        return steps;
    }

    @Override
    public List<SummaryRow> summary(QueueResult result, RunResult run) {
        QueueResult.Crowd crowd = result.crowd();
        double share = 100 * crowd.purchasesPerSecond() / result.capacity().purchasesPerSecond();
        return List.of(new SummaryRow("On-sale through waiting rooms, " + num(crowd.arrivalsPerSecond(), 0) + " buyers/s",
                num(crowd.purchasesPerSecond(), 0) + " purchases/s (" + num(share, 0) + " % of "
                        + num(result.capacity().purchasesPerSecond(), 0) + " without a room); "
                        + num(crowd.requestsPerPurchase(), 1) + " requests per purchase"
                        + (result.lines() == null ? "" : " (" + num(result.lines().nodeRequestsPerPurchase(), 1) + " to the node)")
                        + "; estimated waits within bound "
                        + num(100 * crowd.etaWithinBound(), 0) + " %; " + crowd.fairnessViolations() + " unfair pairs; "
                        + crowd.maxActiveSeen() + " of " + crowd.maxActive() + " admitted at most"
                        + (alone(result) == null ? "" : "; a line service alone: " + num(alone(result).cpuMicrosPerJoin(), 1)
                        + " µs of CPU per join, " + num(alone(result).cpuMicrosPerPoll(), 1) + " per poll"),
                "≥ 90 % of the capacity; ≤ 3 requests per purchase to the node; p90 error ≤ 15 % of the wait or 10 s;"
                        + " 0 unfair; ≤ 20 µs per join or poll"));
    }

    @Override
    public List<Section> sections(QueueResult result, RunResult run) {
        QueueResult.Crowd crowd = result.crowd();
        Table table = new Table("Capacity (purchases/s, no room)", "Buyers/s", "Shows", "Admit/s per show",
                "maxActive", "Buyers", "Purchased", "Purchases/s", "Of the capacity", "Requests per purchase",
                "503/429", "Expired", "Unfinished", "ETA error p90 s", "ETA within bound", "Unfair pairs",
                "Admitted at most", "Last purchase after s", "CPU service %", "CPU load generator %");
        table.row(num(result.capacity().purchasesPerSecond(), 0), num(crowd.arrivalsPerSecond(), 0),
                Integer.toString(crowd.shows()), Integer.toString(crowd.admitPerSecond()), Integer.toString(crowd.maxActive()),
                Long.toString(crowd.buyers()), Long.toString(crowd.purchased()), num(crowd.purchasesPerSecond(), 0),
                num(100 * crowd.purchasesPerSecond() / result.capacity().purchasesPerSecond(), 0) + " %",
                num(crowd.requestsPerPurchase(), 2), Long.toString(crowd.refusals()), Long.toString(crowd.expired()),
                Long.toString(crowd.unfinished()), num(crowd.etaErrorP90Seconds(), 1),
                num(100 * crowd.etaWithinBound(), 0) + " %", Long.toString(crowd.fairnessViolations()),
                Integer.toString(crowd.maxActiveSeen()), num(crowd.drainSeconds(), 0),
                num(crowd.answers().cpu().service(), 0), num(crowd.answers().cpu().loadGenerator(), 0));
        String text = "First the purchase capacity: 32 buyers hold the best seat available and confirm it, again and again, on "
                + "shows without a waiting room, after a warm-up of the same (--warmup-seconds); a refused one waits its "
                + "Retry-After. Then the crowd: buyers arrive at a multiple of that capacity (open model), each for one of "
                + "the shows on sale at once (enough for twice the buyers' seats), each show with a waiting room whose rate is its share of the "
                + "capacity. A buyer joins the line, asks again after each answer's Retry-After until admitted, then holds the "
                + "best seat available with its admission token and confirms. Purchases/s: over the "
                + "time from the first arrival to the last purchase. Requests per purchase: every request of every buyer "
                + "(joins, polls, holds, confirmations, retries). ETA error: |the wait a buyer saw until it learned it was "
                + "admitted - the wait estimated when it joined|, within bound when under 15 % of that wait or 10 s. Unfair "
                + "pairs: buyers of one show who asked to join a second or more after another's join was answered, and hold an "
                + "earlier place (places are called in order): " + crowd.fairnessViolations() + "; counted by when the answers "
                + "arrived instead, which the generator's and the edge's lag move, " + crowd.unfairByAnswerTime()
                + "; by the times the tickets carry, the line's own order, " + crowd.unfairByTicketTime() + ". Admitted at most: the most buyers a room had admitted at once, sampled twice a second."
                + (result.throughEdge() ? " Both steps went through the edge (HAProxy with deploy/haproxy/haproxy.cfg, outside the quota)."
                : " Both steps went straight to the service.")
                + (run.pinning().serviceQuota() == null ? " The service had no CPU quota."
                : " The service was limited to " + run.pinning().serviceQuota().describe() + ".");
        List<Table> tables = new ArrayList<>(List.of(table));
        QueueResult.Lines lines = result.lines();
        if (lines != null) {
            Table served = new Table("Line services", "Requests to the node per purchase", "Requests to the line services per purchase",
                    "Requests to the node", "Requests to the line services",
                    "Node CPU per purchase ms, without a room / in the crowd", "Line service CPU ms a second",
                    "Line service CPU per request µs (that CPU over its requests)", "The line's requests the node answered");
            served.row(Integer.toString(lines.services()), num(lines.nodeRequestsPerPurchase(), 2),
                    num(lines.lineRequestsPerPurchase(), 2), Long.toString(lines.nodeRequests()), Long.toString(lines.lineRequests()),
                    num(nodeCpuMillisPerPurchase(result.capacity().answers(), result.capacity().purchases()), 2) + " / "
                            + num(nodeCpuMillisPerPurchase(crowd.answers(), crowd.purchased()), 2),
                    num(lines.lineCpuMicrosPerRequest() * lines.lineRequests() / 1000 / crowd.answers().seconds(), 1),
                    num(lines.lineCpuMicrosPerRequest(), 1), Long.toString(lines.nodeFallbacks()));
            tables.add(served);
            text += " The lines were served by " + lines.services() + " line service" + (lines.services() == 1 ? "" : "s")
                    + " behind the edge, on the load generator's cores: requests to the node are those its servers at the"
                    + " edge answered (the buyers' holds and confirmations, and the line services' blocks, rooms' records"
                    + " and admissions), counted over the crowd's step. The line's requests the node answered: those the edge"
                    + " sent to the node because no line service passed its checks (numbered from the node's own blocks)."
                    + " Node CPU per purchase: the service's CPU over each step divided by its purchases (without a room,"
                    + " at its capacity, refusals included; in the crowd, the room's requests included).";
        }
        QueueResult.NodeCosts costs = nodeCosts(result);
        if (costs != null) {
            Table kinds = new Table("Request kind, " + num(costs.rate(), 0) + " a second", "Done", "Requests to the node",
                    "Node CPU per one µs, net of idle");
            kinds.row("admission (a buyer whose place was called)", Long.toString(costs.admissions().done()),
                    Long.toString(costs.admissions().nodeRequests()), num(costs.admissions().cpuMicrosEach(), 0));
            kinds.row("hold with the admission token", Long.toString(costs.holds().done()),
                    Long.toString(costs.holds().nodeRequests()), num(costs.holds().cpuMicrosEach(), 0));
            kinds.row("confirmation", Long.toString(costs.confirmations().done()),
                    Long.toString(costs.confirmations().nodeRequests()), num(costs.confirmations().cpuMicrosEach(), 0));
            tables.add(kinds);
            text += " The node's CPU per request of each kind the crowd brings it, after the crowd: one kind per step at"
                    + " the purchase capacity (" + num(costs.rate(), 0) + " a second, the rate the crowd brings each kind), on"
                    + " shows of their own, as many as the crowd's, whose rooms together call as many places a second; first buyers joining until admitted (the line service gathers the called"
                    + " tickets' admissions into few requests, and asks for a block of numbers now and then), then their holds"
                    + " with the admission tokens, then the confirmations, these two in a burst every 200 ms, as the line"
                    + " service's gathered answers release a crowd's admitted buyers. Each step's node CPU (from /proc), less what the"
                    + " node spent idle over as long just before (" + num(costs.idleCpuMillisPerSecond(), 1) + " ms a second,"
                    + " with the line service running), divided by what was done: together "
                    + num(costs.purchaseCpuMillis(), 2) + " ms a purchase at that rate, against "
                    + num(nodeCpuMillisPerPurchase(crowd.answers(), crowd.purchased()), 2) + " in the crowd, where the"
                    + " kinds share the appends and the read models' pages.";
        }
        QueueResult.LineAlone alone = alone(result);
        if (alone != null) {
            Table throughput = new Table("Joins/s", "CPU per join µs", "Polls/s", "CPU per poll µs",
                    "A core's worth, answers/s (the costlier kind)", "Tickets issued and polls answered",
                    "Resident memory before and after, MiB", SteppedReport.ERRORS);
            throughput.row(num(alone.joinsPerSecond(), 0), num(alone.cpuMicrosPerJoin(), 1), num(alone.pollsPerSecond(), 0),
                    num(alone.cpuMicrosPerPoll(), 1),
                    num(1e6 / Math.max(alone.cpuMicrosPerJoin(), alone.cpuMicrosPerPoll()), 0),
                    Long.toString(alone.answered()), num(alone.rssMiBBefore(), 0) + " → " + num(alone.rssMiBAfter(), 0),
                    alone.joins().counts().plus(alone.polls().counts()).describeErrors());
            tables.add(throughput);
            text += " Then one line service alone, at its throughput: " + alone.joins().connections() + " clients sent it"
                    + " joins straight, as fast as it answered, for " + num(alone.joins().seconds(), 0) + " s, then polls of"
                    + " waiting tickets (a room admitting one buyer a second), each after a warm-up of the same; its CPU"
                    + " (user and system, /proc) divided by the 201s or 200s it answered. It ran on the load generator's cores,"
                    + " so its rate is a share of theirs; its CPU per answer is its own. In the crowd"
                    + " above, its CPU per request is mostly what it spends running at all (the JIT, timers, the rooms'"
                    + " records read from the node), spread over a few hundred requests a second.";
        }
        List<Section> sections = new ArrayList<>(List.of(new Section("On-sale through waiting rooms", text, tables)));
        if (result.rateChange() != null) {
            sections.add(steered(result.rateChange(), result.sellOut()));
        }
        return sections;
    }

    @Override
    public Map<String, Double> figures(QueueResult result) {
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("queue capacity purchases/s", result.capacity().purchasesPerSecond());
        figures.put("queue purchases/s", result.crowd().purchasesPerSecond());
        figures.put("queue requests per purchase", result.crowd().requestsPerPurchase());
        if (result.lines() != null) {
            figures.put("queue node requests per purchase", result.lines().nodeRequestsPerPurchase());
            figures.put("queue node CPU ms per purchase", nodeCpuMillisPerPurchase(result.crowd().answers(), result.crowd().purchased()));
            figures.put("queue line service CPU µs per request", result.lines().lineCpuMicrosPerRequest());
        }
        if (result.rateChange() != null) {
            figures.put("queue sold/s after a rate change, of the rate", result.rateChange().soldPerSecondAfter() / result.rateChange().after());
            figures.put("queue new wait told p99 ms", result.rateChange().toldP99Millis());
            figures.put("queue sold out told p99 ms", result.sellOut().toldP99Millis());
        }
        QueueResult.NodeCosts costs = nodeCosts(result);
        if (costs != null) {
            figures.put("queue node CPU µs per admission", costs.admissions().cpuMicrosEach());
            figures.put("queue node CPU µs per hold", costs.holds().cpuMicrosEach());
            figures.put("queue node CPU µs per confirmation", costs.confirmations().cpuMicrosEach());
        }
        if (alone(result) != null) {
            figures.put("queue line service alone joins/s", alone(result).joinsPerSecond());
            figures.put("queue line service alone CPU µs per join", alone(result).cpuMicrosPerJoin());
            figures.put("queue line service alone polls/s", alone(result).pollsPerSecond());
            figures.put("queue line service alone CPU µs per poll", alone(result).cpuMicrosPerPoll());
        }
        return figures;
    }

    /** The rate change and the sell-out: how fast each reached the line. */
    private static Section steered(QueueResult.RateChange change, QueueResult.SellOut sellOut) {
        Table rate = new Table("Rate set, then", "Buyers in line", "Sold/s before", "Sold/s after", "After / rate set",
                "Sales at the new rate after s", "Waiting 2 s after", "Told the new wait", "Within 2 s",
                "Told p50 / p99 / max ms");
        rate.row(change.before() + " → " + change.after(), Integer.toString(change.buyers()),
                num(change.soldPerSecondBefore(), 1), num(change.soldPerSecondAfter(), 1),
                num(100 * change.soldPerSecondAfter() / change.after(), 0) + " %", num(change.salesFollowedSeconds(), 1),
                Long.toString(change.waiting()), Long.toString(change.told()), Long.toString(change.toldInTime()),
                num(change.toldP50Millis(), 0) + " / " + num(change.toldP99Millis(), 0) + " / " + num(change.toldMaxMillis(), 0));
        Table sold = new Table("Seats", "Admit/s", "Buyers in line", "Sold", "Sold out after s", "Waiting at the sell-out",
                "Told SOLD_OUT", "Within 1 s", "Told p50 / p99 / max ms", "Admitted after it", "Admitted, no seat left",
                "Late joins refused SOLD_OUT / told it on their stream");
        sold.row(Integer.toString(sellOut.seats()), Integer.toString(sellOut.admitPerSecond()), Integer.toString(sellOut.buyers()),
                Long.toString(sellOut.purchased()), num(sellOut.soldOutSeconds(), 1), Long.toString(sellOut.waiting()),
                Long.toString(sellOut.told()), Long.toString(sellOut.toldInTime()),
                num(sellOut.toldP50Millis(), 0) + " / " + num(sellOut.toldP99Millis(), 0) + " / " + num(sellOut.toldMaxMillis(), 0),
                Long.toString(sellOut.admittedAfter()), Long.toString(sellOut.noSeatLeft()),
                sellOut.lateRefused() + " / " + sellOut.lateTold() + " of " + sellOut.lateJoins());
        String text = "After the crowd, two on-sales steered while their lines wait, each on a show of its own: its buyers"
                + " join before the on-sale (500 a second), each following its ticket's stream as the page does, and hold"
                + " and confirm the best seat the moment they are told they are admitted. First an operator's new rate: the"
                + " room admits a tenth of the purchase capacity a second, and an operator doubles it (POST"
                + " /shows/{id}/queue/controls) one period after the on-sale (--queue-steering-seconds). Sold/s over the last"
                + " two thirds of each period, the second from the control's answer; sales at the new rate: from the"
                + " control's answer to the first 2 s selling at least 90 % of it; told the new wait: from the control's"
                + " answer to a stream's first event whose estimate is the position at the new rate, of the buyers still"
                + " waiting 2 s after it (the service promises 2 s, and sales within 10 % of the rate). Then a sell-out: as"
                + " many seats as that first rate sells in a period, twice as many buyers; from the answer to the"
                + " confirmation of the last seat to each waiting stream's SOLD_OUT (the service promises 1 s at the 99th"
                + " percentile); buyers told they were admitted after it (0 promised), and admitted buyers whose hold found"
                + " no seat; then, 2 s after the sell-out (a line service's record of the room is up to 2 s behind), as many"
                + " late buyers try to join, each to be refused SOLD_OUT at once (or, where the record was still behind,"
                + " given a ticket and told SOLD_OUT on its stream).";
        return new Section("A line steered: an operator's new rate, and a sell-out", text, List.of(rate, sold));
    }

    /** The service's CPU over a step, in milliseconds per purchase: a hold, a confirmation and the room's share. */
    private static double nodeCpuMillisPerPurchase(StepResult step, long purchases) {
        return step.cpu().service() / 100 * step.seconds() * 1000 / Math.max(1, purchases);
    }

    private static QueueResult.NodeCosts nodeCosts(QueueResult result) {
        return result.lines() == null ? null : result.lines().nodeCosts();
    }

    private static QueueResult.LineAlone alone(QueueResult result) {
        return result.lines() == null ? null : result.lines().alone();
    }
}
