package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
)

// One line of a history file: an operation a client made, a fault the nemesis injected, an event of the log read
// back after the run, a show's line in the listing at the end, or the run's setup.
type record struct {
	Type string `json:"type"`

	// setup
	Seats int `json:"seatsPerShow"`

	// operation (op), and the show of event and listing
	ID      string `json:"id"`
	Client  int    `json:"client"`
	Show    string `json:"show"`
	Kind    string `json:"kind"`
	Targets []int  `json:"seats"`
	Hold    string `json:"hold"`
	Call    int64  `json:"call"`
	Return  int64  `json:"return"`
	Outcome string `json:"outcome"`
	Seen    string `json:"seen"`
	Status  int    `json:"status"`
	// a waiting room's: the join that got the ticket a poll asks about; the poll whose admission a write carries
	Ticket    string `json:"ticket"`
	Admission string `json:"admission"`

	// fault
	Target      string `json:"target"`
	Start       int64  `json:"start"`
	End         int64  `json:"end"`
	Description string `json:"description"`

	// event
	Version     int64  `json:"version"`
	Event       string `json:"event"`
	Correlation string `json:"correlation"`

	// listing
	Available   int   `json:"available"`
	ConvergedMs int64 `json:"convergedMs"`
}

type operation = record

// A history as read: its operations, faults, the log's events by show (in version order) and the final listing.
type history struct {
	seats      int
	operations []*operation
	faults     []*record
	events     map[string][]*record
	listing    []*record
}

func readHistory(r io.Reader) (*history, error) {
	h := &history{events: map[string][]*record{}}
	scanner := bufio.NewScanner(r)
	scanner.Buffer(make([]byte, 1<<20), 1<<24)
	line := 0
	for scanner.Scan() {
		line++
		if len(scanner.Bytes()) == 0 {
			continue
		}
		rec := &record{}
		if err := json.Unmarshal(scanner.Bytes(), rec); err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		switch rec.Type {
		case "setup":
			h.seats = rec.Seats
		case "op":
			if err := validOperation(rec); err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			h.operations = append(h.operations, rec)
		case "fault":
			h.faults = append(h.faults, rec)
		case "event":
			h.events[rec.Show] = append(h.events[rec.Show], rec)
		case "listing":
			h.listing = append(h.listing, rec)
		default:
			return nil, fmt.Errorf("line %d: unknown type %q", line, rec.Type)
		}
	}
	if err := scanner.Err(); err != nil {
		return nil, err
	}
	if h.seats <= 0 {
		return nil, fmt.Errorf("no setup line giving the shows' seats")
	}
	return h, nil
}

func validOperation(op *operation) error {
	switch op.Kind {
	case "read", "reserve", "reserve-many", "cancel", "hold", "confirm", "release", "join", "poll", "last-poll":
	default:
		return fmt.Errorf("operation %s: unknown kind %q", op.ID, op.Kind)
	}
	switch op.Outcome {
	case "ok", "refused", "unknown", "failed":
	default:
		return fmt.Errorf("operation %s: unknown outcome %q", op.ID, op.Outcome)
	}
	if op.Show == "" || op.ID == "" {
		return fmt.Errorf("operation without a show or an id")
	}
	if op.Return < op.Call {
		return fmt.Errorf("operation %s returned before its call", op.ID)
	}
	return nil
}

// Whether an operation is on a waiting room's line (a join or a poll) rather than on the show's seats.
func onLine(op *operation) bool {
	return op.Kind == "join" || op.Kind == "poll" || op.Kind == "last-poll"
}

// The operations the linearizability check takes: a failed one (refused before anything was done) is left out, an
// unknown write may take effect at any time after its call, an unknown read tells nothing; the line's are checked
// apart (checkLines).
func (h *history) checkedOperations() []*operation {
	var checked []*operation
	for _, op := range h.operations {
		if onLine(op) || op.Outcome == "failed" || (op.Kind == "read" && op.Outcome != "ok") {
			continue
		}
		checked = append(checked, op)
	}
	return checked
}

func returnOf(op *operation) int64 {
	if op.Outcome == "unknown" {
		return math.MaxInt64
	}
	return op.Return
}
