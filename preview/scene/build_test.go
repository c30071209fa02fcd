package scene

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestBuildIsPure: building a scene twice gives the same JSON and leaves
// the match as it was (its step and events).
func TestBuildIsPure(t *testing.T) {
	s := played(t, bundled(t, "seeds"), 3, 25)
	m := s.Match()
	step, events := m.Step(), len(m.Events())
	var first []byte
	for i := 0; i < 3; i++ {
		sc, err := Build(s.Pack(), m, 2)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(sc)
		if first == nil {
			first = data
		} else if string(data) != string(first) {
			t.Fatalf("build %d differs from the first:\n%s\n%s", i+1, data, first)
		}
	}
	if m.Step() != step || len(m.Events()) != events {
		t.Errorf("building changed the match: step %d, %d events; was %d, %d", m.Step(), len(m.Events()), step, events)
	}
}

// TestBuildPlacesSeats: the viewer sits at the bottom and the others round
// the table to its left; the designer sees from seat 1's place.
func TestBuildPlacesSeats(t *testing.T) {
	s := played(t, bundled(t, "hearts"), 1, 10)
	for _, tt := range []struct {
		seat int
		want string
	}{
		{Designer, "1:bottom 2:left 3:top 4:right"},
		{1, "1:bottom 2:left 3:top 4:right"},
		{3, "3:bottom 4:left 1:top 2:right"},
	} {
		sc, err := Build(s.Pack(), s.Match(), tt.seat)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, a := range sc.Areas[1:] {
			got = append(got, strings.Join([]string{itoa(a.Seat), a.Side}, ":"))
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("seat %d: %s, want %s", tt.seat, strings.Join(got, " "), tt.want)
		}
	}
	if _, err := Build(s.Pack(), s.Match(), 5); err == nil || err.Error() != "scene: there is no seat 5 (the match has 4)" {
		t.Errorf("seat 5: %v", err)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestSceneMarksWrappedStats: an Elf Lord beside another elf of its
// controller's has power and toughness 4, wrapped by its another-elf while
// clause; the Wood Elf's are its own. Both the designer and a seat see the
// marks, as the seat's view shows every variable of the cards.
func TestSceneMarksWrappedStats(t *testing.T) {
	s := played(t, bundled(t, "seeds"), 1, 3)
	m := s.Match()
	if err := m.Exec("for o in objects(tag='elf'):\n    if o.controller == player_no(1):\n        o.zone = 'battlefield'\n"); err != nil {
		t.Fatal(err)
	}
	for _, seat := range []int{Designer, 2} {
		sc, err := Build(s.Pack(), m, seat)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, a := range sc.Areas {
			for _, z := range a.Zones {
				if z.Name != "battlefield" {
					continue
				}
				for _, o := range z.Objects {
					var stats []string
					for _, st := range o.Stats {
						stats = append(stats, fmt.Sprintf("%s=%s%s", st.Name, st.Value, map[bool]string{true: "*"}[st.Wrapped]))
					}
					got[o.Title] = strings.Join(stats, " ")
				}
			}
		}
		want := map[string]string{"Elf Lord": "power=4* toughness=4* damage=0", "Wood Elf": "power=1 toughness=1 damage=0"}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("seat %d: battlefield %v, want %v", seat, got, want)
		}
	}
}

// TestLastMoveSaysOnlyWhatTheSeatSees: Hearts' first pass names its three
// cards to the designer, who sees them in the given pile, and "a card" to
// every seat, even the giver's (the pile is face down); a card played to
// the trick is named and marked for every seat.
func TestLastMoveSaysOnlyWhatTheSeatSees(t *testing.T) {
	s := played(t, bundled(t, "hearts"), 1, 6)
	for seat, want := range map[int]string{Designer: "Player 1 giveCards cards=(9♥, 3♣, 2♦)", 1: "Player 1 giveCards cards=(a card, a card, a card)", 3: "Player 1 giveCards cards=(a card, a card, a card)"} {
		sc, err := Build(s.Pack(), s.Match(), seat)
		if err != nil {
			t.Fatal(err)
		}
		if sc.LastMove == nil || sc.LastMove.Text != want {
			t.Errorf("seat %d: last move %+v, want %q", seat, sc.LastMove, want)
		}
	}
	s = played(t, bundled(t, "hearts"), 1, 30)
	for seat := 1; seat <= 4; seat++ {
		sc, _ := Build(s.Pack(), s.Match(), seat)
		var marked []string
		for _, a := range sc.Areas {
			for _, l := range a.Locations {
				for _, c := range l.Cards {
					if c.Last {
						marked = append(marked, c.Text)
					}
				}
			}
		}
		if sc.LastMove.Text != "Player 3 playCard card=4♣" || strings.Join(marked, " ") != "4♣" {
			t.Errorf("seat %d: last move %q, marked %v", seat, sc.LastMove.Text, marked)
		}
	}
}

// TestLastMoveMarksTurnedDiscs: a Reversi move marks the square played and
// every disc it turned over (the event log says only how many), for every
// seat.
func TestLastMoveMarksTurnedDiscs(t *testing.T) {
	s := played(t, bundled(t, "reversi"), 1, 60)
	for seat := Designer; seat <= 2; seat++ {
		sc, err := Build(s.Pack(), s.Match(), seat)
		if err != nil {
			t.Fatal(err)
		}
		var marked []string
		for _, c := range sc.Areas[0].Boards[0].Cells {
			if c.Last {
				marked = append(marked, c.ID)
			}
		}
		// "Player 2 plays (1, 2) and turns over 2 discs"
		if got := strings.Join(marked, " "); got != "board:board:1,2 board:board:2,2 board:board:3,2" {
			t.Errorf("seat %d: marked %s", seat, got)
		}
	}
}
