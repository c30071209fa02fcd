package preview

import (
	"strings"
	"testing"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"go.starlark.net/starlark"
)

// seedsSession plays a seed-effects match of two random bots to its end.
func seedsSession(t *testing.T, seed uint64) *Session {
	t.Helper()
	s, err := New(bundled(t, "seeds"), Config{Seats: []graph.Seat{{Bot: "random"}, {Bot: "random"}}, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Continue(); err != nil {
		t.Fatal(err)
	}
	return s
}

// firedStep returns the first step of s whose events say clause fired (0:
// none).
func firedStep(s *Session, clause string) int {
	for step := 1; step <= s.Head(); step++ {
		for _, e := range s.StepEvents(step) {
			if e.Kind == engine.EvClauseFired && e.Clause == clause {
				return step
			}
		}
	}
	return 0
}

// TestWhyClause: in a seed-effects match where Mind Leech fired, asking
// the session for that step says it fired, with what before() read and
// its condition broken down; the step before, it did not, and says which
// part was false.
func TestWhyClause(t *testing.T) {
	const leech = "object_types/mind_leech/whenever/discard"
	var s *Session
	step := 0
	for seed := uint64(1); seed <= 30 && step == 0; seed++ {
		s = seedsSession(t, seed)
		step = firedStep(s, leech)
	}
	if step == 0 {
		t.Fatal("Mind Leech fired in no match of seeds 1-30")
	}
	asks, err := s.WhyClause(step, leech)
	if err != nil {
		t.Fatal(err)
	}
	text := ClauseLines(asks)
	for _, want := range []string{
		"Mind Leech#", " whenever discard (seeds.yaml:",
		"  fired: its condition held\n",
		"  before() answered ",
		"    self.controller.drawn > before(lambda: self.controller.drawn) → True\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("step %d: no %q in\n%s", step, want, text)
		}
	}
	asks, err = s.WhyClause(step-1, leech)
	if err != nil {
		t.Fatal(err)
	}
	if text := ClauseLines(asks); !strings.Contains(text, "did not fire: its condition was false") || strings.Contains(text, "fired: its") {
		t.Errorf("step %d:\n%s", step-1, text)
	}
	if _, err := s.WhyClause(s.Head()+1, leech); err == nil {
		t.Error("a step not taken is explained")
	}
}

// TestWhyRefused: a page sending a draw from an empty library is told the
// rule that bars it, where it is written, and (the pack giving no words of
// its own) the value its code read; a move the match takes has nothing to
// explain, and the match is not changed by asking.
func TestWhyRefused(t *testing.T) {
	s := hotSeat(t)
	m := s.Match()
	if err := m.Exec("for c in library(players[0]):\n    c.zone = 'graveyard'"); err != nil {
		t.Fatal(err)
	}
	steps := m.History()
	r, ok, err := WhyRefused(m, graph.Move{Player: 1, Action: "draw"})
	if err != nil || !ok {
		t.Fatalf("refused %v, %v", ok, err)
	}
	want := "precondition does not hold: len(library(player)) > 0\n" +
		"  the precondition of draw, at seeds.yaml:67:19\n" +
		"  len(library(player)) > 0 → False\n" +
		"    len(library(player)) → 0\n" +
		"      library(player) → []\n" +
		"        player → player1\n"
	if got := RefusalLines(r); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, ok, err := WhyRefused(m, graph.Move{Player: 1, Action: "pass"}); ok || err != nil {
		t.Errorf("pass: refused %v, %v", ok, err)
	}
	if m.History() != steps {
		t.Errorf("asking took steps: %d, was %d", m.History(), steps)
	}
}

// TestWhyValue: the Elf Lord's power at the cursor, once its controller
// has another elf on the battlefield, says the lord's wrapper and the elf
// that made another-elf's condition true.
func TestWhyValue(t *testing.T) {
	s := hotSeat(t)
	m := s.Match()
	if err := m.Exec("for t in ('elf_lord', 'wood_elf'):\n    [o for o in objects(t) if o.controller == players[0]][0].zone = 'battlefield'"); err != nil {
		t.Fatal(err)
	}
	v, err := m.Eval("[o for o in objects('elf_lord') if o.controller == players[0]][0].id")
	if err != nil {
		t.Fatal(err)
	}
	var id int
	if err := starlark.AsInt(v, &id); err != nil {
		t.Fatal(err)
	}
	c, err := s.WhyValue(id, "power") // the session's fork at the cursor: Exec changed it
	if err != nil {
		t.Fatal(err)
	}
	text := ChainLines(c)
	for _, want := range []string{
		"property power: base 2\n",
		" while another-elf = 4\n",
		"    because (seeds.yaml:",
		"for o = Wood Elf#",
		"  final 4\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
}

// hotSeat is a seed-effects session of two people, at the first decision.
func hotSeat(t *testing.T) *Session {
	t.Helper()
	s, err := New(bundled(t, "seeds"), Config{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if st := must(t)(s.Continue()); st.Reason != NeedsPerson {
		t.Fatalf("stopped: %+v", st)
	}
	return s
}
