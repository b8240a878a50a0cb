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

// What a ticket the service still knows is answered.
var knownStanding = map[string]bool{"WAITING": true, "ADMITTED": true, "EXPIRED": true, "SOLD_OUT": true}

// A WAITING answer may come from a line service's record of the room up to this old (docs/guarantees.md), and the
// line goes on calling while the last polls are asked, one after another: a ticket told WAITING is judged only
// against buyers known to be admitted this long before it was asked about.
const recordAgeNanos = int64(2e9)

// A ticket told ADMITTED: when its join was sent, and when the admission was known (the answer's return).
type admission struct {
	joinCall, knownAt int64
}

// Checks the waiting rooms' lines against what buyers were told:
//   - every ticket whose join was acknowledged is still known once the faults are healed: its last poll (after every
//     fault, and after the line services' records could have caught up) is answered WAITING, ADMITTED, EXPIRED or
//     SOLD_OUT (a ticket keeps its place through a sell-out, but may be called meanwhile: its order is not checked);
//   - nobody is admitted ahead of a buyer who joined earlier: no ticket is still WAITING at its last poll when a
//     ticket of the same show that joined more than a block after it was told ADMITTED more than a record's age
//     before that poll (a ticket joined while the line service was down excepted: see lineBackNanos);
//   - an admitted buyer's write (a hold, reservation or confirmation carrying the admission) is never refused for
//     want of one (403).
func checkLines(h *history, v *verdict) {
	joins := map[string]*operation{}
	last := map[string]*operation{}
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
	admitted := map[string][]admission{} // show -> its tickets told ADMITTED, joins during the line's outages left out
	for _, op := range h.operations {
		if op.Kind != "poll" && op.Kind != "last-poll" || op.Seen != "ADMITTED" {
			continue
		}
		if join, known := joins[op.Ticket]; known && !duringLineOutage(h, join) {
			admitted[join.Show] = append(admitted[join.Show], admission{join.Call, op.Return})
		}
	}
	v.Tickets = len(joins)
	for id, join := range joins {
		poll, polled := last[id]
		switch {
		case !polled:
			v.TicketsLost = append(v.TicketsLost, fmt.Sprintf("%s of %s: never asked about after the faults", id, join.Show))
		case poll.Status != 200 || !knownStanding[poll.Seen]:
			v.TicketsLost = append(v.TicketsLost, fmt.Sprintf("%s of %s: answered %d %s after the faults", id, join.Show,
				poll.Status, poll.Seen))
		case poll.Seen == "WAITING":
			for _, later := range admitted[join.Show] {
				if later.joinCall > join.Return+blockNanos && later.knownAt < poll.Call-recordAgeNanos {
					v.OutOfOrder = append(v.OutOfOrder, fmt.Sprintf("%s of %s: still waiting %.1f s after a buyer who "+
						"joined %.1f s after it was admitted", id, join.Show, float64(poll.Call-later.knownAt)/1e9,
						float64(later.joinCall-join.Return)/1e9))
					break
				}
			}
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
