package play

import (
	"slices"
	"strings"
	"testing"

	"github.com/rulestudio/studio/preview/scene"
)

// TestPickersNameCardsAsTheTable: in Hearts, giveCards' picker names each
// card of Player 1's hand as the table draws it under the pack's display
// hints ("Q♥"), not as the engine's face ("2/12").
func TestPickersNameCardsAsTheTable(t *testing.T) {
	p, _, _ := showTable(t, "hearts", 3, "", "random", "random", "random")
	// Player 1 alone acts at giveCards: its picker is open already.
	var got []string
	for _, b := range valueButtons(p) {
		got = append(got, b.Text)
	}
	sc, err := scene.Build(p.sess.Pack(), p.sess.Match(), 1)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, a := range sc.Areas {
		if a.Seat != 1 {
			continue
		}
		for _, l := range a.Locations {
			for _, c := range l.Cards {
				want = append(want, c.Text)
			}
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if len(want) != 13 || !slices.Equal(got, want) {
		t.Fatalf("picker offers %q, the table shows Player 1 holding %q", got, want)
	}
	for _, g := range got {
		if strings.Contains(g, "/") {
			t.Errorf("card named by its face: %q", g)
		}
	}
}

// TestShownSuitsOnDarkTheme: on a dark theme a picker writes the black
// suits in their white forms (the emoji font draws ♠ and ♣ black, unreadable
// on a dark button) and leaves the red ones; on a light theme it writes the
// pack's text as it is.
func TestShownSuitsOnDarkTheme(t *testing.T) {
	for _, c := range []struct {
		text string
		dark bool
		want string
	}{
		{"(6♠, Q♣, 4♥)", true, "(6♤, Q♧, 4♥)"},
		{"2♦", true, "2♦"},
		{"(6♠, Q♣, 4♥)", false, "(6♠, Q♣, 4♥)"},
	} {
		if got := shownSuits(c.text, c.dark); got != c.want {
			t.Errorf("shownSuits(%q, dark %v) = %q, want %q", c.text, c.dark, got, c.want)
		}
	}
}
