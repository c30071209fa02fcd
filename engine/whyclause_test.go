package engine

import (
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

// firedAt reports whether step's events hold clause firing for object ob.
func firedAt(m *Match, step int, clause string, ob int) bool {
	for _, e := range m.StepEvents(step) {
		if e.Kind == EvClauseFired && e.Clause == clause && e.Object == ob {
			return true
		}
	}
	return false
}

// TestAskClauseAgreesWithTheMatch: for every step of a seed-effects match
// played by random bots and every whenever and when clause, what AskClause
// says the settle that began the step found (the condition held, it fired)
// is what the match did: the clause_fired events of that step. before()
// must read the start of the step before, as the settle did, or Mind
// Leech's "drew a card" never holds when asked again.
func TestAskClauseAgreesWithTheMatch(t *testing.T) {
	clauses := []string{"object_types/pain_altar/whenever/pain", "object_types/mind_leech/whenever/discard", "object_types/healer/when/enters"}
	for seed := uint64(1); seed <= 4; seed++ {
		m := newMatch(t, bundled(t, "seeds"), 2, Options{Seed: seed})
		run(t, m, "for o in objects('mind_leech') + objects('pain_altar'):\n    o.zone = 'battlefield'")
		if _, err := m.Play(NewRandomBot(seed), 200); err != nil {
			t.Fatal(err)
		}
		held := map[string]int{}
		for step := 1; step <= m.History(); step++ {
			for _, c := range clauses {
				asks, err := m.AskClause(step, c)
				if err != nil {
					t.Fatalf("seed %d step %d %s: %v", seed, step, c, err)
				}
				for _, a := range asks {
					if a.Err != "" {
						t.Fatalf("seed %d step %d %s: %s", seed, step, c, a.Err)
					}
					want := firedAt(m, step, c, a.Object)
					if a.Fired != want || a.Holds != want && !a.Gone {
						t.Fatalf("seed %d step %d %s on %s: holds %v fired %v gone %v, the match fired: %v", seed, step, c, a.Owner, a.Holds, a.Fired, a.Gone, want)
					}
					if a.Holds {
						held[c]++
					}
				}
			}
		}
		if held["object_types/mind_leech/whenever/discard"] == 0 {
			t.Errorf("seed %d: Mind Leech never held: the test asks nothing", seed)
		}
	}
}

// TestAskClauseBreaksTheConditionDown: Pain Altar on the battlefield did
// not fire in the step Shock was played (nothing was damaged yet) and did
// in the step after the target was chosen; each ask breaks the condition
// down by its operands, with before()'s values where it held.
func TestAskClauseBreaksTheConditionDown(t *testing.T) {
	m := seedsMatch(t)
	run(t, m, card("pain_altar", 0)+".zone = 'battlefield'")
	run(t, m, card("wood_elf", 1)+".zone = 'battlefield'")
	played := m.History() + 1
	if err := m.Apply(Move{Seat: 0, Action: "playCard", Args: []starlark.Value{m.objValue(1)}}); err != nil {
		t.Fatal(err)
	}
	elf := m.objValue(12)
	if err := m.Apply(Move{Seat: 0, Action: "target", Args: []starlark.Value{elf}}); err != nil {
		t.Fatal(err)
	}
	const pain = "object_types/pain_altar/whenever/pain"
	fired := 0
	for step := 1; step <= m.History(); step++ {
		if firedAtAny(m, step, pain) {
			fired = step
		}
	}
	if fired == 0 {
		t.Fatal("pain never fired")
	}
	asks, err := m.AskClause(fired, pain)
	if err != nil || len(asks) != 2 {
		t.Fatalf("asks %+v, %v", asks, err)
	}
	var on ClauseAsk
	for _, a := range asks {
		if a.Fired {
			on = a
		}
	}
	text := on.Why.Lines()
	for _, want := range []string{
		`self.zone == "battlefield" and len(damaged()) > 0 → True`,
		`  len(damaged()) > 0 → True`,
		`    len(damaged()) → 1`,
	} {
		if !strings.Contains(text, want+"\n") {
			t.Errorf("step %d: the breakdown has no line %q:\n%s", fired, want, text)
		}
	}
	if len(on.Before) != 1 || on.Before[0] != "0" {
		t.Errorf("before() answered %q, want the elf's damage before the step, [0]", on.Before)
	}
	asks, err = m.AskClause(played, pain)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range asks {
		if a.Holds || a.Fired {
			t.Errorf("step %d (Shock played, no damage yet): %s holds", played, a.Owner)
		}
		if a.Object == on.Object {
			if got := a.Why.WhyFalse(); got != ": len(damaged()) > 0 is False, where len(damaged()) is 0" {
				t.Errorf("why false: %q", got)
			}
		}
	}
	if _, err := m.AskClause(1, "object_types/pain_altar/whenever/none"); err == nil || !strings.Contains(err.Error(), "no whenever or when clause") {
		t.Errorf("an unknown clause: %v", err)
	}
}

func firedAtAny(m *Match, step int, clause string) bool {
	for _, e := range m.StepEvents(step) {
		if e.Kind == EvClauseFired && e.Clause == clause {
			return true
		}
	}
	return false
}

// TestAtForkReadsTheSamePast: a fork At(k) of a match going on from there
// takes step k+1 as the match did: before() reads the start of step k, as
// it did in the match, not step k's end (Mind Leech's "drew a card" fires
// in the fork as it did in the match).
func TestAtForkReadsTheSamePast(t *testing.T) {
	const leech = "object_types/mind_leech/whenever/discard"
	checked := 0
	for seed := uint64(1); seed <= 4; seed++ {
		m := newMatch(t, bundled(t, "seeds"), 2, Options{Seed: seed})
		run(t, m, "for o in objects('mind_leech'):\n    o.zone = 'battlefield'")
		if _, err := m.Play(NewRandomBot(seed), 200); err != nil {
			t.Fatal(err)
		}
		for step := 2; step <= m.History(); step++ {
			if !firedAtAny(m, step, leech) {
				continue
			}
			f, err := m.At(step - 1)
			if err != nil {
				t.Fatal(err)
			}
			if err := f.run(); err != nil {
				t.Fatal(err)
			}
			checked++
			if !firedAtAny(f, step, leech) {
				t.Errorf("seed %d: Mind Leech fired in step %d of the match, not of its fork at step %d:\n%s", seed, step, step-1, eventLines(f.StepEvents(step)))
			}
		}
	}
	if checked == 0 {
		t.Fatal("Mind Leech never fired: the test checks nothing")
	}
}
