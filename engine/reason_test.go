package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// seedsWithReasons is the seed-effects pack whose draw says, in the
// designer's words, why it is refused: docs/model.md's example of require.
func seedsWithReasons(tb *testing.T) *Program {
	tb.Helper()
	data, _ := assets.Pack("seeds")
	_, pre, _ := strings.Cut(docExample(tb, "require"), "    precondition: ")
	src := strings.Replace(string(data), "precondition: len(library(player)) > 0", "precondition: "+strings.TrimSpace(pre), 1)
	p, err := Parse([]byte(src), "seeds.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// drawAll has player 1 draw until the library is empty (6 cards: 3 of
// the 9 are drawn at setup).
func drawAll(t *testing.T, m *Match) {
	t.Helper()
	for range 6 {
		if err := m.Apply(Move{Seat: 0, Action: "draw"}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRequireGivesTheReason: a move a precondition refuses through
// require() says the designer's reason and where the rule is, and so does
// WhyNot for the action.
func TestRequireGivesTheReason(t *testing.T) {
	m := newMatch(t, seedsWithReasons(t), 2, Options{Seed: 1})
	drawAll(t, m)
	err := m.Apply(Move{Seat: 0, Action: "draw"})
	var ie *IllegalError
	if !errors.As(err, &ie) {
		t.Fatalf("draw from an empty library: %v", err)
	}
	want := "your library is empty, every card is drawn (the precondition of draw, at seeds.yaml:67:19)"
	if ie.Reason != want {
		t.Errorf("refused: %q\nwant      %q", ie.Reason, want)
	}
	why, err := m.WhyNot(0)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range why {
		if r.Action == "draw" {
			found = true
			if r.Part != "precondition" || r.Reason != want {
				t.Errorf("WhyNot draw: %+v, want the reason %q", r, want)
			}
		}
	}
	if !found {
		t.Errorf("WhyNot does not list draw: %+v", why)
	}
}

// TestRequireIsItsCondition: outside a refusal require() is its condition
// as a bool, and a legal move is not refused for a reason said before.
func TestRequireIsItsCondition(t *testing.T) {
	m := newMatch(t, seedsWithReasons(t), 2, Options{Seed: 1})
	for src, want := range map[string]string{
		`require(1 > 0, "x")`:   "True",
		`require([], "empty")`:  "False",
		`require("yes", "why")`: "True",
	} {
		v, err := m.Eval(src)
		if err != nil || v.String() != want {
			t.Errorf("%s = %v (%v), want %s", src, v, err, want)
		}
	}
	if err := m.Apply(Move{Seat: 0, Action: "draw"}); err != nil {
		t.Errorf("a legal draw: %v", err)
	}
	if _, err := m.Eval(`require(True)`); err == nil || !strings.Contains(err.Error(), "require") {
		t.Errorf("require with no reason: %v", err)
	}
}

// TestRequireSpeaksForEachChoice: an action with arguments whose
// precondition refuses every choice gives the reasons said for them in
// WhyNot, and a move with one of them is refused with that one.
func TestRequireSpeaksForEachChoice(t *testing.T) {
	data, _ := assets.Pack("tictactoe")
	src := strings.Replace(string(data), "cell: {type: cell, domain: board.empty()}",
		"cell: {type: cell, domain: board.empty()}\n    precondition: require(cell[0] != 1, \"not the middle column\") and require(cell[0] != 0 and cell[0] != 2, \"not a side column\")", 1)
	p, err := Parse([]byte(src), "ttt.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{})
	why, err := m.WhyNot(0)
	if err != nil {
		t.Fatal(err)
	}
	want := "not a side column; not the middle column (the precondition of mark, at ttt.yaml:"
	if len(why) != 1 || !strings.HasPrefix(why[0].Reason, want) {
		t.Errorf("WhyNot: %+v, want %q", why, want)
	}
	moves, _ := m.Legal(0)
	if len(moves) != 0 {
		t.Fatalf("legal: %v", moves)
	}
	mv, err := m.DecodeMove(graph.Move{Player: 1, Action: "mark", Args: []byte(`{"cell": [1, 1]}`)})
	if err != nil {
		t.Fatal(err)
	}
	var ie *IllegalError
	if err := m.Apply(mv); !errors.As(err, &ie) || !strings.HasPrefix(ie.Reason, "not the middle column (the precondition of mark, at ttt.yaml:") {
		t.Errorf("refused: %v", err)
	}
}

// TestRequireInADomain: a domain that leaves a value out through require()
// says why when a move takes that value; a value the domain would not list
// whatever its requires say (a card in the library, not the hand) is
// refused as not in the domain.
func TestRequireInADomain(t *testing.T) {
	data, _ := assets.Pack("seeds")
	src := strings.Replace(string(data), `domain: "[c for c in hand(player) if not c.has_tag('spell') or battlefield(tag='creature')]"`,
		`domain: "[c for c in hand(player) if require(not c.has_tag('spell') or battlefield(tag='creature'), 'Shock needs a creature on the battlefield')]"`, 1)
	p, err := Parse([]byte(src), "seeds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{Seed: 1})
	if err := m.Exec(`[c for c in objects(type="shock") if c.controller == players[0]][0].zone = "hand"`); err != nil {
		t.Fatal(err)
	}
	play := func(card string) error {
		id, err := m.Eval(`[c.id for c in objects(tag="card") if c.controller == players[0] and ` + card + `][0]`)
		if err != nil {
			t.Fatal(err)
		}
		mv, err := m.DecodeMove(graph.Move{Player: 1, Action: "playCard", Args: []byte(`{"card": {"object": ` + id.String() + `}}`)})
		if err != nil {
			t.Fatal(err)
		}
		return m.Apply(mv)
	}
	var ie *IllegalError
	if err := play(`c.has_tag("spell")`); !errors.As(err, &ie) || ie.Reason != "Shock needs a creature on the battlefield (the domain of card of playCard, at seeds.yaml:57:37)" {
		t.Errorf("Shock with no creature: %v", err)
	}
	// With only the Shock in hand, playCard is refused for the reason.
	if err := m.Exec("for c in objects(tag='card'):\n    if c.controller == players[0] and c.zone == 'hand' and not c.has_tag('spell'):\n        c.zone = 'graveyard'"); err != nil {
		t.Fatal(err)
	}
	why, err := m.WhyNot(0)
	if err != nil || len(why) != 1 || why[0].Action != "playCard" || why[0].Reason != "Shock needs a creature on the battlefield (the domain of card of playCard, at seeds.yaml:57:37)" {
		t.Errorf("WhyNot with only a Shock in hand: %+v %v", why, err)
	}
	if err := play(`c.zone == "library"`); !errors.As(err, &ie) || !strings.HasPrefix(ie.Reason, "argument card = ") || !strings.Contains(ie.Reason, "is not in its domain") {
		t.Errorf("a card from the library: %v", err)
	}
}

// TestRefusalNamesTheRule: a refused move says which rule bars it and
// where it is written, as fields a page can show: with require(), the
// designer's words; without, the rule's code and its value broken down
// (the library's length it read). Apply's IllegalError and WhyNot agree.
func TestRefusalNamesTheRule(t *testing.T) {
	for _, c := range []struct {
		name string
		p    *Program
		said string
		why  string
	}{
		{"code", bundled(t, "seeds"), "", "len(library(player)) > 0 → False\n  len(library(player)) → 0\n    library(player) → []\n      player → player1\n"},
		{"require", seedsWithReasons(t), "your library is empty, every card is drawn", ""},
	} {
		m := newMatch(t, c.p, 2, Options{Seed: 5})
		drawAll(t, m)
		var ie *IllegalError
		if err := m.Apply(Move{Seat: 0, Action: "draw"}); !errors.As(err, &ie) {
			t.Fatalf("%s: %v", c.name, err)
		}
		rs, err := m.WhyNot(0)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range []Refusal{ie.Refusal, rs[len(rs)-1]} {
			if r.Part != "precondition" || r.Rule != "the precondition of draw" || r.File != "seeds.yaml" || r.Line != 67 || r.Column != 19 {
				t.Errorf("%s: %+v", c.name, r)
			}
			if r.Said != c.said {
				t.Errorf("%s: said %q, want %q", c.name, r.Said, c.said)
			}
			why := ""
			if r.Why != nil {
				why = r.Why.Lines()
			}
			if why != c.why {
				t.Errorf("%s: why\n%s\nwant\n%s", c.name, why, c.why)
			}
		}
	}
}
