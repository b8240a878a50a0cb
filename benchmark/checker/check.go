package main

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/anishathalye/porcupine"
)

// What the checker found in one history.
type verdict struct {
	Operations     int      `json:"operations"`
	Unknown        int      `json:"unknown"`
	Failed         int      `json:"failed"`
	Tickets        int      `json:"tickets"`      // acknowledged joins of a waiting room's line, each checked
	Linearizable   string   `json:"linearizable"` // "yes", "no", or "undecided" (the search ran out of time)
	StaleShows     []string `json:"nonLinearizableShows,omitempty"`
	LostWrites     []string `json:"lostWrites,omitempty"`
	WrittenRefused []string `json:"refusedButWritten,omitempty"`
	SeatsTwice     []string `json:"seatsTwice,omitempty"`
	LogAnomalies   []string `json:"logAnomalies,omitempty"`
	ListingWrong   []string `json:"listingWrong,omitempty"`
	TicketsLost    []string `json:"ticketsLost,omitempty"`
	OutOfOrder     []string `json:"admittedOutOfOrder,omitempty"`
	BuyersRefused  []string `json:"admittedBuyersRefused,omitempty"`
	Visualization  string   `json:"visualization,omitempty"`
}

func (v verdict) ok() bool {
	return v.Linearizable == "yes" && len(v.LostWrites) == 0 && len(v.WrittenRefused) == 0 && len(v.SeatsTwice) == 0 &&
		len(v.LogAnomalies) == 0 && len(v.ListingWrong) == 0 && len(v.TicketsLost) == 0 && len(v.OutOfOrder) == 0 &&
		len(v.BuyersRefused) == 0
}

// Checks a history: linearizability per show (Porcupine, within timeout), then the log against the answers: every
// acknowledged write in it, nothing refused in it, no seat taken twice, and the listing at the end agreeing with it;
// then the waiting rooms' lines (checkLines).
// A non-linearizable history's visualization, fault windows marked, is written to visualization if not empty.
func check(h *history, timeout time.Duration, visualization string) verdict {
	v := verdict{Operations: len(h.operations)}
	for _, op := range h.operations {
		switch op.Outcome {
		case "unknown":
			v.Unknown++
		case "failed":
			v.Failed++
		}
	}
	v.Linearizable, v.StaleShows = linearizable(h, timeout, visualization)
	if v.Linearizable == "no" && visualization != "" {
		v.Visualization = visualization
	}
	final := checkLog(h, &v)
	checkListing(h, final, &v)
	checkLines(h, &v)
	return v
}

func linearizable(h *history, timeout time.Duration, visualization string) (string, []string) {
	var ops []porcupine.Operation
	for _, op := range h.checkedOperations() {
		ops = append(ops, porcupine.Operation{
			ClientId: op.Client,
			Input:    input{kind: op.Kind, seats: op.Targets, hold: op.Hold},
			Call:     op.Call,
			Output:   output{outcome: op.Outcome, seen: op.Seen},
			Return:   returnOf(op),
			Metadata: op,
		})
	}
	model := showModel(h.seats)
	result, info := porcupine.CheckOperationsVerbose(model, ops, timeout)
	switch result {
	case porcupine.Ok:
		return "yes", nil
	case porcupine.Unknown:
		return "undecided", nil
	}
	var shows []string
	for _, partition := range model.Partition(ops) {
		if porcupine.CheckOperations(model, partition) {
			continue
		}
		shows = append(shows, partition[0].Metadata.(*operation).Show)
	}
	if visualization != "" {
		info.AddAnnotations(faultAnnotations(h))
		if err := porcupine.VisualizePath(model, info, visualization); err != nil {
			fmt.Fprintf(os.Stderr, "checker: the visualization could not be written: %v\n", err)
		}
	}
	return "no", shows
}

// The nemesis's faults as bands across the visualization.
func faultAnnotations(h *history) []porcupine.Annotation {
	var notes []porcupine.Annotation
	for _, f := range h.faults {
		notes = append(notes, porcupine.Annotation{Tag: "nemesis", Start: f.Start, End: f.End,
			Description: f.Kind + " " + f.Target, Details: f.Description, BackgroundColor: "#fde2e2"})
	}
	return notes
}

// Replays each show's log with the seats the operations named, flagging what a show cannot do (a seat reserved
// twice, a hold confirmed that was not held); then looks for every acknowledged write in it. Returns each show's
// seats at the end of its log.
func checkLog(h *history, v *verdict) map[string]string {
	byID := map[string]*operation{}
	for _, op := range h.operations {
		byID[op.ID] = op
	}
	written := map[string]bool{}   // operations with an event in the log
	settled := map[string]string{} // hold id -> the event that settled it
	final := map[string]string{}
	for show, events := range h.events {
		sort.Slice(events, func(i, j int) bool { return events[i].Version < events[j].Version })
		seats := []byte(strings.Repeat("A", h.seats))
		for _, e := range events {
			if e.Event == "ShowCreated" {
				continue
			}
			op, known := byID[e.Correlation]
			if !known {
				v.LogAnomalies = append(v.LogAnomalies, fmt.Sprintf("%s v%d: %s by no operation of the history (%q)",
					show, e.Version, e.Event, e.Correlation))
				continue
			}
			written[op.ID] = true
			from, to := transition(e.Event)
			if from == 0 {
				v.LogAnomalies = append(v.LogAnomalies, fmt.Sprintf("%s v%d: unexpected event %s", show, e.Version, e.Event))
				continue
			}
			if e.Event == "HoldConfirmed" || e.Event == "HoldReleased" {
				if earlier, twice := settled[op.Hold]; twice {
					v.LogAnomalies = append(v.LogAnomalies, fmt.Sprintf("%s v%d: hold %s %s after %s", show, e.Version,
						op.Hold, e.Event, earlier))
				}
				settled[op.Hold] = e.Event
			}
			for _, seat := range op.Targets {
				if seat < 0 || seat >= len(seats) {
					v.LogAnomalies = append(v.LogAnomalies, fmt.Sprintf("%s v%d: seat %d out of the show", show, e.Version, seat))
					continue
				}
				if seats[seat] != from {
					problem := fmt.Sprintf("%s seat %d: %s (%s) found it %c", show, seat, e.Event, op.ID, seats[seat])
					if to == 'R' && seats[seat] == 'R' {
						v.SeatsTwice = append(v.SeatsTwice, problem)
					} else {
						v.LogAnomalies = append(v.LogAnomalies, problem)
					}
				}
				seats[seat] = to
			}
		}
		final[show] = string(seats)
	}
	for _, op := range h.operations {
		if op.Kind == "read" || onLine(op) {
			continue
		}
		switch {
		case op.Outcome == "ok" && !written[op.ID] && !settledAlready(op, settled, byID):
			v.LostWrites = append(v.LostWrites, fmt.Sprintf("%s %s %v of %s", op.ID, op.Kind, op.Targets, op.Show))
		case (op.Outcome == "refused" || op.Outcome == "failed") && written[op.ID]:
			v.WrittenRefused = append(v.WrittenRefused, fmt.Sprintf("%s %s %v of %s (%s)", op.ID, op.Kind, op.Targets,
				op.Show, op.Outcome))
		}
	}
	return final
}

// A confirm or a release acknowledged without an event of its own: asked again of a hold settled that way.
func settledAlready(op *operation, settled map[string]string, byID map[string]*operation) bool {
	want := map[string]string{"confirm": "HoldConfirmed", "release": "HoldReleased"}[op.Kind]
	return want != "" && settled[op.Hold] == want
}

// The seat letter an event needs, and the one it leaves.
func transition(event string) (byte, byte) {
	switch event {
	case "SeatReserved", "SeatsReserved":
		return 'A', 'R'
	case "SeatReservationCancelled":
		return 'R', 'A'
	case "SeatsHeld":
		return 'A', 'H'
	case "HoldConfirmed":
		return 'H', 'R'
	case "HoldReleased":
		return 'H', 'A'
	}
	return 0, 0
}

// The listing at the end must count each show's available seats as its log does, and must have got there.
func checkListing(h *history, final map[string]string, v *verdict) {
	for _, line := range h.listing {
		seats, known := final[line.Show]
		if !known {
			seats = strings.Repeat("A", h.seats)
		}
		want := strings.Count(seats, "A")
		if line.Available != want || line.ConvergedMs < 0 {
			v.ListingWrong = append(v.ListingWrong, fmt.Sprintf("%s: listed with %d seats available, its log has %d",
				line.Show, line.Available, want))
		}
	}
}
