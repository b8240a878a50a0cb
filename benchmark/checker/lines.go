package main

import "fmt"

// How far apart two joins must be for their order to be promised: the service hands out arrival numbers in blocks
// of about 250 ms of arrivals (docs/architecture.md, "The waiting room").
const blockNanos = int64(250e6)

// While the line service is down the nodes number the joins, each from a block of its own that it keeps: a node that
// numbered during one outage hands the rest of that older block out in the next, ahead of buyers who joined through
// the line service in between. That is the order the service promises ("to within a block" across processes), so a
// join during an outage of the line service (until the edge's checks have taken it back) may be ahead of earlier ones.
const lineBackNanos = int64(2e9)

// Checks the waiting rooms' lines against what buyers were told:
//   - every ticket whose join was acknowledged is still known once the faults are healed: its last poll (after every
//     fault, and after the line services' records could have caught up) is answered WAITING, ADMITTED or EXPIRED;
//   - nobody is admitted ahead of a buyer who joined earlier: once a ticket was told ADMITTED, no ticket of the same
//     show that joined more than a block before it is still WAITING at its last poll (a ticket joined while the line
//     service was down excepted: see lineBackNanos);
//   - an admitted buyer's write (a hold, reservation or confirmation carrying the admission) is never refused for
//     want of one (403).
func checkLines(h *history, v *verdict) {
	joins := map[string]*operation{}
	last := map[string]*operation{}
	latestAdmittedJoin := map[string]int64{} // show -> the latest call of a join whose ticket was told ADMITTED
	for _, op := range h.operations {
		switch {
		case op.Kind == "join" && op.Outcome == "ok":
			joins[op.ID] = op
		case op.Kind == "last-poll":
			last[op.Ticket] = op
		case op.Admission != "" && op.Status == 403:
			v.BuyersRefused = append(v.BuyersRefused, fmt.Sprintf("%s %s %v of %s, admitted by %s", op.ID, op.Kind,
				op.Targets, op.Show, op.Admission))
		}
	}
	for _, op := range h.operations {
		if op.Kind != "poll" && op.Kind != "last-poll" || op.Seen != "ADMITTED" {
			continue
		}
		if join, known := joins[op.Ticket]; known && join.Call > latestAdmittedJoin[join.Show] && !duringLineOutage(h, join) {
			latestAdmittedJoin[join.Show] = join.Call
		}
	}
	v.Tickets = len(joins)
	for id, join := range joins {
		poll, polled := last[id]
		switch {
		case !polled:
			v.TicketsLost = append(v.TicketsLost, fmt.Sprintf("%s of %s: never asked about after the faults", id, join.Show))
		case poll.Status != 200 || (poll.Seen != "WAITING" && poll.Seen != "ADMITTED" && poll.Seen != "EXPIRED"):
			v.TicketsLost = append(v.TicketsLost, fmt.Sprintf("%s of %s: answered %d %s after the faults", id, join.Show,
				poll.Status, poll.Seen))
		case poll.Seen == "WAITING" && latestAdmittedJoin[join.Show] > join.Return+blockNanos:
			v.OutOfOrder = append(v.OutOfOrder, fmt.Sprintf("%s of %s: still waiting, a buyer who joined %.1f s after it admitted",
				id, join.Show, float64(latestAdmittedJoin[join.Show]-join.Return)/1e9))
		}
	}
}

// Whether a join was sent while the line service was down, or before the edge could have taken it back.
func duringLineOutage(h *history, join *operation) bool {
	for _, f := range h.faults {
		if f.Kind == "line" && join.Return >= f.Start && join.Call <= f.End+lineBackNanos {
			return true
		}
	}
	return false
}
