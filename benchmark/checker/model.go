package main

import (
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/anishathalye/porcupine"
)

// One show's seats and holds, as a client sees them: a seat is Available, Held or Reserved (the letters a read of
// the show answers with); a hold is Held, Confirmed or released (X). A state is never changed: a step makes a new one.
type showState struct {
	seats string
	holds map[string]byte
}

// What a client asked: its kind, the seats it names (a confirm or a release names its hold's), and the hold it
// places, confirms or releases (the id of the operation that placed it).
type input struct {
	kind  string
	seats []int
	hold  string
}

// What it was answered: ok, refused, or unknown (a timeout, a broken connection, a 5xx that may have written); and
// for a read, the seats it saw.
type output struct {
	outcome string
	seen    string
}

// The model of a show, partitioned by show: operations on different shows are independent.
func showModel(seats int) porcupine.Model {
	return porcupine.Model{
		Partition: func(history []porcupine.Operation) [][]porcupine.Operation {
			byShow := map[string][]porcupine.Operation{}
			var order []string
			for _, op := range history {
				show := op.Metadata.(*operation).Show
				if _, seen := byShow[show]; !seen {
					order = append(order, show)
				}
				byShow[show] = append(byShow[show], op)
			}
			partitions := make([][]porcupine.Operation, 0, len(order))
			for _, show := range order {
				partitions = append(partitions, byShow[show])
			}
			return partitions
		},
		Init: func() interface{} {
			return showState{seats: strings.Repeat("A", seats), holds: map[string]byte{}}
		},
		Step: func(state, in, out interface{}) (bool, interface{}) {
			return step(state.(showState), in.(input), out.(output))
		},
		Equal: func(a, b interface{}) bool {
			return equal(a.(showState), b.(showState))
		},
		Hash: func(state interface{}) uint64 {
			return hash(state.(showState))
		},
		DescribeOperation: func(in, out interface{}) string {
			i, o := in.(input), out.(output)
			switch {
			case i.kind == "read":
				return fmt.Sprintf("read -> %s", o.seen)
			case i.hold != "":
				return fmt.Sprintf("%s %v (hold %s) -> %s", i.kind, i.seats, i.hold, o.outcome)
			default:
				return fmt.Sprintf("%s %v -> %s", i.kind, i.seats, o.outcome)
			}
		},
		DescribeState: func(state interface{}) string {
			return state.(showState).seats
		},
	}
}

// Whether a show in state s could have answered in with out, and the state after it. An operation whose outcome is
// unknown may have taken effect or not; its return is taken as never, so it may also be ordered after every other.
func step(s showState, in input, out output) (bool, showState) {
	if in.kind == "read" {
		return out.seen == s.seats, s
	}
	can, next := apply(s, in)
	switch out.outcome {
	case "ok":
		return can, next
	case "refused":
		return !can, s
	default: // unknown
		if can {
			return true, next
		}
		return true, s
	}
}

// Whether in can take effect in s (or has already, for a confirm or release asked again), and the state after it.
func apply(s showState, in input) (bool, showState) {
	switch in.kind {
	case "reserve", "reserve-many":
		return s.all(in.seats, 'A'), s.with(in.seats, 'R', "", 0)
	case "cancel":
		return s.all(in.seats, 'R'), s.with(in.seats, 'A', "", 0)
	case "hold":
		_, exists := s.holds[in.hold]
		return !exists && s.all(in.seats, 'A'), s.with(in.seats, 'H', in.hold, 'H')
	case "confirm":
		switch s.holds[in.hold] {
		case 'H':
			return true, s.with(in.seats, 'R', in.hold, 'C')
		case 'C':
			return true, s
		}
	case "release":
		switch s.holds[in.hold] {
		case 'H':
			return true, s.with(in.seats, 'A', in.hold, 'X')
		case 'X':
			return true, s
		}
	}
	return false, s
}

func (s showState) all(seats []int, letter byte) bool {
	for _, seat := range seats {
		if seat < 0 || seat >= len(s.seats) || s.seats[seat] != letter {
			return false
		}
	}
	return true
}

// A copy with seats set to letter and, if hold is named, the hold set to status.
func (s showState) with(seats []int, letter byte, hold string, status byte) showState {
	b := []byte(s.seats)
	for _, seat := range seats {
		if seat >= 0 && seat < len(b) {
			b[seat] = letter
		}
	}
	holds := s.holds
	if hold != "" {
		holds = make(map[string]byte, len(s.holds)+1)
		for k, v := range s.holds {
			holds[k] = v
		}
		holds[hold] = status
	}
	return showState{seats: string(b), holds: holds}
}

func equal(a, b showState) bool {
	if a.seats != b.seats || len(a.holds) != len(b.holds) {
		return false
	}
	for k, v := range a.holds {
		if w, ok := b.holds[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// Equal states hash alike: the seats, and the holds summed in any order.
func hash(s showState) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s.seats))
	sum := h.Sum64()
	for k, v := range s.holds {
		e := fnv.New64a()
		e.Write([]byte(k))
		e.Write([]byte{v})
		sum += e.Sum64()
	}
	return sum
}
