package play

import (
	"strings"
	"testing"

	"github.com/rulestudio/studio/engine"
)

// TestWhyTabClause: in the Debugger's Why tab, picking Mind Leech's
// whenever at the step it fired in says it fired, with before()'s answer
// and its condition broken down; a step back, that it did not, and which
// part was false.
func TestWhyTabClause(t *testing.T) {
	const leech = "object_types/mind_leech/whenever/discard"
	p := startMatch(t, "seeds", 3, "random", "random")
	step := 0
	for n := 1; n <= p.sess.Head() && step == 0; n++ {
		for _, e := range p.sess.StepEvents(n) {
			if e.Kind == engine.EvClauseFired && e.Clause == leech {
				step = n
			}
		}
	}
	if step == 0 {
		t.Fatal("Mind Leech never fired")
	}
	showDebugger(t, p, WhyTab)
	p.Scrub(step)
	if !p.SelectWhyClause(leech) {
		t.Fatalf("the Why tab offers no %s: %v", leech, p.why.clause.Options)
	}
	text := p.WhyText()
	for _, want := range []string{"Why mind_leech · whenever discard did or did not fire in step ", "  fired: its condition held\n", "  before() answered ",
		"self.controller.drawn > before(lambda: self.controller.drawn) → True"} {
		if !strings.Contains(text, want) {
			t.Errorf("step %d: no %q in\n%s", step, want, text)
		}
	}
	p.Back()
	if text := p.WhyText(); !strings.Contains(text, "did not fire: its condition was false") || strings.Contains(text, "  fired: its") {
		t.Errorf("step %d:\n%s", step-1, text)
	}
	if p.SelectWhyClause("object_types/mind_leech/whenever/none") {
		t.Error("an unknown clause is offered")
	}
}

// TestWhyTabValue: a value some wrapper wraps at the cursor is offered,
// and picking it says what made the wrapper's condition true.
func TestWhyTabValue(t *testing.T) {
	p := startMatch(t, "seeds", 3, "random", "random")
	showDebugger(t, p, WhyTab)
	for n := p.sess.Head(); n >= 0 && len(p.why.value.Options) == 0; n-- {
		p.Scrub(n)
	}
	if len(p.why.value.Options) == 0 {
		t.Fatal("no step of the match has a wrapped value")
	}
	v := p.why.value.Options[0]
	if !p.SelectWhyValue(v) {
		t.Fatalf("%s not picked", v)
	}
	text := p.WhyText()
	for _, want := range []string{"Why " + v + " is what it is at step ", "  → ", "    because (seeds.yaml:", " → True\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
}

// TestWhyTabRefused: with player 1's library emptied from the console,
// the Why tab says why they cannot draw: the rule, where it is written and
// what its code read.
func TestWhyTabRefused(t *testing.T) {
	p := startMatch(t, "seeds", 5, "", "")
	showDebugger(t, p, WhyTab)
	p.Eval("for c in library(players[0]): c.zone = 'graveyard'")
	p.showWhy()
	want := "Why player 1 cannot draw: its precondition does not hold: len(library(player)) > 0\n" +
		"  the precondition of draw, at seeds.yaml:67:19\n" +
		"  len(library(player)) > 0 → False\n" +
		"    len(library(player)) → 0\n"
	if text := p.WhyText(); !strings.Contains(text, want) {
		t.Errorf("no\n%s\nin\n%s", want, text)
	}
}
