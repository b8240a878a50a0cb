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

// A waiting room's line: ticket 1 joined first, ticket 2 a second later; both admitted in turn, a hold and its
// confirmation carrying ticket 1's admission.
var aLineTheServiceCouldGive = []string{created,
	`{"type":"op","id":"1","client":0,"show":"s","kind":"join","call":0,"return":1000,"outcome":"ok","status":201}`,
	`{"type":"op","id":"2","client":1,"show":"s","kind":"join","call":1000000000,"return":1000001000,"outcome":"ok","status":201}`,
	`{"type":"op","id":"3","client":0,"show":"s","kind":"poll","ticket":"1","call":1100000000,"return":1100001000,"outcome":"ok","seen":"ADMITTED","status":200}`,
	`{"type":"op","id":"4","client":0,"show":"s","kind":"hold","seats":[0],"hold":"4","admission":"3","call":1200000000,"return":1200001000,"outcome":"ok","status":201}`,
	`{"type":"op","id":"5","client":0,"show":"s","kind":"confirm","seats":[0],"hold":"4","admission":"3","call":1300000000,"return":1300001000,"outcome":"ok","status":200}`,
	`{"type":"op","id":"6","client":1,"show":"s","kind":"poll","ticket":"2","call":1400000000,"return":1400001000,"outcome":"ok","seen":"ADMITTED","status":200}`,
	`{"type":"event","show":"s","version":2,"event":"SeatsHeld","correlation":"4"}`,
	`{"type":"event","show":"s","version":3,"event":"HoldConfirmed","correlation":"5"}`,
}

func withLastPolls(lines []string, polls ...string) []string {
	return append(append([]string{}, lines...), polls...)
}

func TestALineTheServiceCouldGivePasses(t *testing.T) {
	v := check(historyOf(t, withLastPolls(aLineTheServiceCouldGive,
		`{"type":"op","id":"7","client":0,"show":"s","kind":"last-poll","ticket":"1","call":9000000000,"return":9000001000,"outcome":"ok","seen":"EXPIRED","status":200}`,
		`{"type":"op","id":"8","client":0,"show":"s","kind":"last-poll","ticket":"2","call":9000000000,"return":9000001000,"outcome":"ok","seen":"ADMITTED","status":200}`)...),
		time.Minute, "")
	if !v.ok() || v.Tickets != 2 {
		t.Fatalf("flagged a line the service could give, or did not check both tickets: %+v", v)
	}
}

func TestATicketToldSoldOutIsKnownAndNotAheadOfAnyone(t *testing.T) {
	v := check(historyOf(t, withLastPolls(aLineTheServiceCouldGive,
		`{"type":"op","id":"7","client":0,"show":"s","kind":"last-poll","ticket":"1","call":9000000000,"return":9000001000,"outcome":"ok","seen":"SOLD_OUT","status":200}`,
		`{"type":"op","id":"8","client":0,"show":"s","kind":"last-poll","ticket":"2","call":9000000000,"return":9000001000,"outcome":"ok","seen":"ADMITTED","status":200}`)...),
		time.Minute, "")
	if !v.ok() {
		t.Fatalf("flagged a ticket told the show is sold out (it may have been called before): %+v", v)
	}
}

func TestALostTicketIsFlagged(t *testing.T) {
	v := check(historyOf(t, withLastPolls(aLineTheServiceCouldGive,
		`{"type":"op","id":"7","client":0,"show":"s","kind":"last-poll","ticket":"1","call":9000000000,"return":9000001000,"outcome":"failed","status":400}`)...),
		time.Minute, "")
	if len(v.TicketsLost) != 2 || v.ok() {
		t.Fatalf("a ticket refused after the faults and one never asked about were not both flagged: %+v", v)
	}
}

func TestABuyerAdmittedAheadOfAnEarlierOneIsFlagged(t *testing.T) {
	v := check(historyOf(t, withLastPolls(aLineTheServiceCouldGive,
		`{"type":"op","id":"7","client":0,"show":"s","kind":"last-poll","ticket":"1","call":9000000000,"return":9000001000,"outcome":"ok","seen":"WAITING","status":200}`,
		`{"type":"op","id":"8","client":0,"show":"s","kind":"last-poll","ticket":"2","call":9000000000,"return":9000001000,"outcome":"ok","seen":"ADMITTED","status":200}`)...),
		time.Minute, "")
	if len(v.OutOfOrder) != 1 || !strings.HasPrefix(v.OutOfOrder[0], "1 of s") {
		t.Fatalf("a buyer still waiting behind one who joined after them was not flagged: %+v", v)
	}
}

func TestABuyerAdmittedAfterAnEarlierOneWasLastAskedAboutIsNotFlagged(t *testing.T) {
	// The line goes on calling while the last polls are asked: ticket 2, asked about after ticket 1, may be admitted
	// because ticket 1 was called in between; and a WAITING answer may be up to a record's age behind.
	lines := append([]string{}, aLineTheServiceCouldGive[:3]...)
	v := check(historyOf(t, withLastPolls(lines,
		`{"type":"op","id":"7","client":0,"show":"s","kind":"last-poll","ticket":"1","call":9000000000,"return":9000001000,"outcome":"ok","seen":"WAITING","status":200}`,
		`{"type":"op","id":"8","client":0,"show":"s","kind":"last-poll","ticket":"2","call":9500000000,"return":9500001000,"outcome":"ok","seen":"ADMITTED","status":200}`,
		`{"type":"op","id":"9","client":1,"show":"s","kind":"poll","ticket":"2","call":8000000000,"return":8000001000,"outcome":"ok","seen":"ADMITTED","status":200}`)...),
		time.Minute, "")
	if !v.ok() {
		t.Fatalf("flagged a buyer admitted after, or less than a record's age before, the earlier one was told to wait: %+v", v)
	}
}

func TestABuyerWhoJoinedWhileTheLineServiceWasDownMayBeAhead(t *testing.T) {
	v := check(historyOf(t, withLastPolls(aLineTheServiceCouldGive,
		`{"type":"fault","kind":"line","target":"line-1","start":900000000,"end":1000000000,"description":"kill -9"}`,
		`{"type":"op","id":"7","client":0,"show":"s","kind":"last-poll","ticket":"1","call":9000000000,"return":9000001000,"outcome":"ok","seen":"WAITING","status":200}`,
		`{"type":"op","id":"8","client":0,"show":"s","kind":"last-poll","ticket":"2","call":9000000000,"return":9000001000,"outcome":"ok","seen":"ADMITTED","status":200}`)...),
		time.Minute, "")
	if !v.ok() {
		t.Fatalf("flagged a buyer numbered by a node from an older block while the line service was down: %+v", v)
	}
}

func TestAnAdmittedBuyerRefusedIsFlagged(t *testing.T) {
	lines := withLastPolls(aLineTheServiceCouldGive,
		`{"type":"op","id":"7","client":0,"show":"s","kind":"last-poll","ticket":"1","call":9000000000,"return":9000001000,"outcome":"ok","seen":"EXPIRED","status":200}`,
		`{"type":"op","id":"8","client":0,"show":"s","kind":"last-poll","ticket":"2","call":9000000000,"return":9000001000,"outcome":"ok","seen":"ADMITTED","status":200}`,
		`{"type":"op","id":"9","client":1,"show":"s","kind":"reserve","seats":[3],"admission":"6","call":1500000000,"return":1500001000,"outcome":"failed","status":403}`)
	v := check(historyOf(t, lines...), time.Minute, "")
	if len(v.BuyersRefused) != 1 || v.ok() {
		t.Fatalf("an admitted buyer refused for want of an admission was not flagged: %+v", v)
	}
}
