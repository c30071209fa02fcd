package engine

import (
	"testing"

	"github.com/rulestudio/studio/assets"
)

// textBot plays at random and checks, at every decision, that each legal
// move's AppendText is its String.
type textBot struct {
	t    *testing.T
	r    *RandomBot
	pack string
	buf  []byte
	n    int
}

func (b *textBot) Choose(m *Match, moves []Move) Move {
	for _, mv := range moves {
		b.buf = mv.AppendText(append(b.buf[:0], "x"...))
		if got, want := string(b.buf[1:]), mv.String(); got != want {
			b.t.Errorf("%s: AppendText %q, String %q", b.pack, got, want)
		}
		b.n++
	}
	return b.r.Choose(m, moves)
}

// TestMoveAppendTextIsString: every legal move met in seeded random matches
// of every bundled pack (cards, tuples of cards, cells, strings,
// numbers) appends the text String returns, after what the buffer held.
func TestMoveAppendTextIsString(t *testing.T) {
	for _, pack := range assets.Packs() {
		p := bundled(t, pack)
		for seed := uint64(1); seed <= 3; seed++ {
			m := newMatch(t, p, p.Pack.Players.Min, Options{Seed: seed, NoHistory: true})
			b := &textBot{t: t, r: NewRandomBot(seed), pack: pack}
			m.Play(b, 300) // a pack's error ends the match; the moves met are checked
			if b.n == 0 {
				t.Errorf("%s seed %d: no move checked", pack, seed)
			}
		}
	}
}

// TestMoveAppendTextAllocatesNothing: a Hearts pass (a tuple of three cards)
// appends its text to a buffer with room without allocating, where String
// allocated for every card (the search bots key their trees by it).
func TestMoveAppendTextAllocatesNothing(t *testing.T) {
	m := newMatch(t, bundled(t, "hearts"), 4, Options{Seed: 1, NoHistory: true})
	moves, err := m.Legal(0)
	if err != nil || len(moves) == 0 {
		t.Fatalf("no pass to make: %v", err)
	}
	buf := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() { buf = moves[7].AppendText(buf[:0]) }); n != 0 {
		t.Errorf("AppendText of %s: %v allocations, want 0", moves[7], n)
	}
}

// TestAppendLegalIsLegal: AppendLegal appends to the buffer it is given
// what Legal returns, for each seat of a Hearts passing (all four decide).
func TestAppendLegalIsLegal(t *testing.T) {
	m := newMatch(t, bundled(t, "hearts"), 4, Options{Seed: 1, NoHistory: true})
	buf := []Move{{Seat: 9, Action: "kept"}}
	for seat := 0; seat < 4; seat++ {
		want, err := m.Legal(seat)
		if err != nil {
			t.Fatal(err)
		}
		got, err := m.AppendLegal(buf[:1], seat)
		if err != nil {
			t.Fatal(err)
		}
		if got[0].Action != "kept" || len(got) != len(want)+1 {
			t.Fatalf("seat %d: %d moves after the one kept (%v), want %d", seat, len(got)-1, got[0], len(want))
		}
		for i, mv := range want {
			if got[i+1].String() != mv.String() {
				t.Errorf("seat %d move %d: %s, want %s", seat, i, got[i+1], mv)
			}
		}
		buf = got
	}
}

// TestMoveSameText: SameText is String's equality, for the moves of a Hearts
// pass and of a determinized copy of it (the same cards, other values), and
// for moves that differ in a card, the seat or the action.
func TestMoveSameText(t *testing.T) {
	m := newMatch(t, bundled(t, "hearts"), 4, Options{Seed: 1, NoHistory: true})
	mine, err := m.Legal(0)
	if err != nil {
		t.Fatal(err)
	}
	again, err := m.Determinize(0, 7).Legal(0)
	if err != nil || len(again) != len(mine) {
		t.Fatalf("%d moves in the copy (%v), want %d", len(again), err, len(mine))
	}
	other := Move{Seat: 1, Action: mine[0].Action, Args: mine[0].Args}
	renamed := Move{Seat: 0, Action: "keepCards", Args: mine[0].Args}
	for _, c := range [][2]Move{{mine[0], again[0]}, {mine[5], again[5]}, {mine[0], again[1]},
		{mine[3], mine[4]}, {mine[0], other}, {mine[0], renamed}} {
		if got, want := c[0].SameText(c[1]), c[0].String() == c[1].String(); got != want {
			t.Errorf("%s SameText %s = %v, want %v", c[0], c[1], got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { mine[9].SameText(again[9]) }); n != 0 {
		t.Errorf("SameText of two passes: %v allocations, want 0", n)
	}
}
