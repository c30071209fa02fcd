package engine

import (
	"testing"

	"github.com/rulestudio/studio/assets"
)

func bundled(tb testing.TB, name string) *Program {
	tb.Helper()
	data, ok := assets.Pack(name)
	if !ok {
		tb.Fatalf("no bundled pack %s", name)
	}
	p, err := Parse(data, name+".yaml")
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

func newMatch(tb testing.TB, p *Program, seats int, opts Options) *Match {
	tb.Helper()
	m, err := p.NewMatch(seats, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// TestTicTacToeTree walks tic-tac-toe's whole game tree through the engine.
func TestTicTacToeTree(t *testing.T) {
	p := bundled(t, "tictactoe")
	m := newMatch(t, p, 2, Options{NoHistory: true})
	var games, first, second, draws int
	var walk func()
	walk = func() {
		if m.Over() {
			games++
			w := m.Winners()
			switch {
			case len(w) == 2:
				draws++
			case w[0] == 0:
				first++
			default:
				second++
			}
			return
		}
		moves, err := m.LegalAll()
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range moves {
			s := m.save()
			if err := m.apply(mv); err != nil {
				t.Fatal(err)
			}
			walk()
			m.restore(s)
		}
	}
	walk()
	if games != 255168 || first != 131184 || second != 77904 || draws != 46080 {
		t.Errorf("games %d (first %d, second %d, drawn %d), want 255168 (131184, 77904, 46080)", games, first, second, draws)
	}
}

func TestReversiPerft(t *testing.T) {
	p := bundled(t, "reversi")
	m := newMatch(t, p, 2, Options{NoHistory: true})
	want := []uint64{4, 12, 56, 244, 1396, 8200, 55092}
	got, err := m.Perft(len(want))
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("depth %d: %d nodes, want %d", i+1, got[i], want[i])
		}
	}
}
