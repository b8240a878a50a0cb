package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A history written as the scenario writes it: one JSON line per record, shows of 4 seats.
func historyOf(t *testing.T, lines ...string) *history {
	t.Helper()
	h, err := readHistory(strings.NewReader(`{"type":"setup","seatsPerShow":4}` + "\n" + strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

const created = `{"type":"event","show":"s","version":1,"event":"ShowCreated"}`

func TestAHistoryTheServiceCouldGivePasses(t *testing.T) {
	v := check(historyOf(t, created,
		`{"type":"op","id":"1","client":0,"show":"s","kind":"reserve","seats":[0],"call":0,"return":10,"outcome":"ok"}`,
		`{"type":"op","id":"2","client":1,"show":"s","kind":"read","call":5,"return":8,"outcome":"ok","seen":"AAAA"}`,
		`{"type":"op","id":"3","client":1,"show":"s","kind":"hold","seats":[1,2],"hold":"3","call":11,"return":20,"outcome":"ok"}`,
		`{"type":"op","id":"4","client":0,"show":"s","kind":"reserve","seats":[1],"call":21,"return":30,"outcome":"refused"}`,
		`{"type":"op","id":"5","client":1,"show":"s","kind":"confirm","seats":[1,2],"hold":"3","call":31,"return":40,"outcome":"ok"}`,
		`{"type":"op","id":"6","client":1,"show":"s","kind":"confirm","seats":[1,2],"hold":"3","call":41,"return":45,"outcome":"ok"}`,
		`{"type":"op","id":"7","client":0,"show":"s","kind":"release","seats":[1,2],"hold":"3","call":41,"return":50,"outcome":"refused"}`,
		`{"type":"op","id":"8","client":0,"show":"s","kind":"cancel","seats":[0],"call":51,"return":60,"outcome":"ok"}`,
		`{"type":"op","id":"9","client":1,"show":"s","kind":"reserve-many","seats":[0,3],"call":61,"return":70,"outcome":"unknown"}`,
		`{"type":"op","id":"10","client":0,"show":"s","kind":"read","call":71,"return":80,"outcome":"ok","seen":"RRRR"}`,
		`{"type":"event","show":"s","version":2,"event":"SeatReserved","correlation":"1"}`,
		`{"type":"event","show":"s","version":3,"event":"SeatsHeld","correlation":"3"}`,
		`{"type":"event","show":"s","version":4,"event":"HoldConfirmed","correlation":"5"}`,
		`{"type":"event","show":"s","version":5,"event":"SeatReservationCancelled","correlation":"8"}`,
		`{"type":"event","show":"s","version":6,"event":"SeatsReserved","correlation":"9"}`,
		`{"type":"listing","show":"s","available":0,"convergedMs":120}`), time.Minute, "")
	if !v.ok() {
		t.Fatalf("flagged a history the service could give: %+v", v)
	}
	if v.Unknown != 1 {
		t.Fatalf("unknown outcomes: %d", v.Unknown)
	}
}

func TestAnUnknownWriteMayNeverTakeEffect(t *testing.T) {
	v := check(historyOf(t, created,
		`{"type":"op","id":"1","client":0,"show":"s","kind":"reserve","seats":[0],"call":0,"return":10,"outcome":"unknown"}`,
		`{"type":"op","id":"2","client":1,"show":"s","kind":"read","call":20,"return":30,"outcome":"ok","seen":"AAAA"}`),
		time.Minute, "")
	if !v.ok() {
		t.Fatalf("flagged an unknown write that did not happen: %+v", v)
	}
}

func TestAStaleReadIsFlagged(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "stale.html")
	v := check(historyOf(t, created,
		`{"type":"op","id":"1","client":0,"show":"s","kind":"reserve","seats":[0],"call":0,"return":10,"outcome":"ok"}`,
		`{"type":"op","id":"2","client":1,"show":"s","kind":"read","call":20,"return":30,"outcome":"ok","seen":"AAAA"}`,
		`{"type":"event","show":"s","version":2,"event":"SeatReserved","correlation":"1"}`,
		`{"type":"fault","kind":"pause","target":"node-1","start":2,"end":18,"description":"SIGSTOP for 16 ns"}`),
		time.Minute, page)
	if v.Linearizable != "no" || len(v.StaleShows) != 1 || v.StaleShows[0] != "s" {
		t.Fatalf("a read missing an acknowledged reservation was not flagged: %+v", v)
	}
	html, err := os.ReadFile(page)
	if err != nil || !strings.Contains(string(html), "node-1") {
		t.Fatalf("no visualization with the fault marked: %v", err)
	}
}

func TestAStaleRefusalIsFlagged(t *testing.T) {
	v := check(historyOf(t, created,
		`{"type":"op","id":"1","client":0,"show":"s","kind":"reserve","seats":[0],"call":0,"return":10,"outcome":"ok"}`,
		`{"type":"op","id":"2","client":0,"show":"s","kind":"cancel","seats":[0],"call":11,"return":20,"outcome":"ok"}`,
		`{"type":"op","id":"3","client":1,"show":"s","kind":"reserve","seats":[0],"call":30,"return":40,"outcome":"refused"}`,
		`{"type":"event","show":"s","version":2,"event":"SeatReserved","correlation":"1"}`,
		`{"type":"event","show":"s","version":3,"event":"SeatReservationCancelled","correlation":"2"}`),
		time.Minute, "")
	if v.Linearizable != "no" {
		t.Fatalf("a seat refused after its cancellation was acknowledged was not flagged: %+v", v)
	}
}

func TestALostWriteIsFlagged(t *testing.T) {
	v := check(historyOf(t, created,
		`{"type":"op","id":"1","client":0,"show":"s","kind":"reserve","seats":[2],"call":0,"return":10,"outcome":"ok"}`),
		time.Minute, "")
	if len(v.LostWrites) != 1 || !strings.HasPrefix(v.LostWrites[0], "1 reserve [2]") {
		t.Fatalf("an acknowledged reservation missing from the log was not flagged: %+v", v)
	}
}

func TestASeatSoldTwiceIsFlagged(t *testing.T) {
	v := check(historyOf(t, created,
		`{"type":"op","id":"1","client":0,"show":"s","kind":"reserve","seats":[1],"call":0,"return":10,"outcome":"ok"}`,
		`{"type":"op","id":"2","client":1,"show":"s","kind":"reserve","seats":[1],"call":20,"return":30,"outcome":"ok"}`,
		`{"type":"event","show":"s","version":2,"event":"SeatReserved","correlation":"1"}`,
		`{"type":"event","show":"s","version":3,"event":"SeatReserved","correlation":"2"}`),
		time.Minute, "")
	if len(v.SeatsTwice) != 1 || v.Linearizable != "no" {
		t.Fatalf("a seat reserved twice was not flagged: %+v", v)
	}
}

func TestARefusedWriteInTheLogIsFlagged(t *testing.T) {
	v := check(historyOf(t, created,
		`{"type":"op","id":"1","client":0,"show":"s","kind":"hold","seats":[0],"hold":"1","call":0,"return":10,"outcome":"refused"}`,
		`{"type":"event","show":"s","version":2,"event":"SeatsHeld","correlation":"1"}`),
		time.Minute, "")
	if len(v.WrittenRefused) != 1 {
		t.Fatalf("a refused hold written to the log was not flagged: %+v", v)
	}
}

func TestAListingThatDisagreesWithTheLogIsFlagged(t *testing.T) {
	v := check(historyOf(t, created,
		`{"type":"op","id":"1","client":0,"show":"s","kind":"reserve","seats":[0],"call":0,"return":10,"outcome":"ok"}`,
		`{"type":"event","show":"s","version":2,"event":"SeatReserved","correlation":"1"}`,
		`{"type":"listing","show":"s","available":4,"convergedMs":-1}`),
		time.Minute, "")
	if len(v.ListingWrong) != 1 {
		t.Fatalf("a listing that never caught up was not flagged: %+v", v)
	}
}

func TestAMalformedHistoryIsRefused(t *testing.T) {
	for _, text := range []string{
		`{"type":"op","id":"1","show":"s","kind":"reserve","outcome":"ok"}`,                                          // no setup
		`{"type":"setup","seatsPerShow":4}` + "\n" + `{"type":"op","id":"1","show":"s","kind":"buy","outcome":"ok"}`, // unknown kind
		`{"type":"setup","seatsPerShow":4}` + "\n" + `{"type":"op","id":"1","show":"s","kind":"read","outcome":"ok","call":5,"return":1}`,
	} {
		if _, err := readHistory(strings.NewReader(text)); err == nil {
			t.Fatalf("accepted: %s", text)
		}
	}
}
