package engine

import (
	"strconv"
	"testing"
)

// TestOwnMoveActsOnTheFork: a move the parent listed (its card an object
// of the parent) taken on a fork through OwnMove changes the fork and
// leaves the parent as it was; a move of plain values is given back as is.
func TestOwnMoveActsOnTheFork(t *testing.T) {
	p := bundled(t, "seeds")
	m := newMatch(t, p, 2, Options{Seed: 3})
	moves, err := m.Legal(0)
	if err != nil {
		t.Fatal(err)
	}
	mv := moves[0] // playCard of an object
	zone := func(x *Match) string {
		v, err := x.Eval("[o.zone for o in objects() if o.id == " + strconv.Itoa(mv.Args[0].(*objectValue).id) + "][0]")
		if err != nil {
			t.Fatal(err)
		}
		return v.String()
	}
	c := m.Fork()
	own := c.OwnMove(mv)
	if own.Args[0] == mv.Args[0] {
		t.Fatal("the fork's move holds the parent's object")
	}
	if err := c.Apply(own); err != nil {
		t.Fatal(err)
	}
	if zone(m) != `"hand"` || zone(c) != `"battlefield"` {
		t.Errorf("parent's card in %s, fork's in %s; want hand and battlefield", zone(m), zone(c))
	}
	ttt := newMatch(t, bundled(t, "tictactoe"), 2, Options{})
	marks, _ := ttt.LegalAll()
	if got := ttt.Fork().OwnMove(marks[0]); &got.Args[0] != &marks[0].Args[0] {
		t.Error("a move of plain values was copied")
	}
}

// TestForgetEvents: a match without snapshots that forgot its events
// records the next move's as a full match records them, and keeps its
// position; a match with history does not forget.
func TestForgetEvents(t *testing.T) {
	p := bundled(t, "tictactoe")
	full := newMatch(t, p, 2, Options{})
	lean := newMatch(t, p, 2, Options{NoSnapshots: true})
	if full.ForgetEvents() {
		t.Error("a match with history forgot its events")
	}
	var firstMove int
	for i, m := range []*Match{full, lean} {
		moves, err := m.LegalAll()
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Apply(moves[4]); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			firstMove = len(m.Events())
		} else {
			h := m.Hash()
			if !m.ForgetEvents() || len(m.Events()) != 0 || m.Hash() != h {
				t.Fatalf("forgetting: %d events left, hash %x then %x", len(m.Events()), h, m.Hash())
			}
		}
		moves, _ = m.LegalAll()
		if err := m.Apply(moves[0]); err != nil {
			t.Fatal(err)
		}
	}
	want, got := eventLines(full.Events()[firstMove:]), eventLines(lean.Events())
	if got != want || want == "" {
		t.Errorf("after forgetting, the move's events are\n%s\nwant\n%s", got, want)
	}
}
