package preview

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// playedSeeds is the seed effects played by two random bots to the end.
func playedSeeds(t *testing.T) (*graph.Pack, *Session) {
	t.Helper()
	pack := bundled(t, "seeds")
	s := newSession(t, pack, seedsCfg)
	if st := must(t)(s.Continue()); st.Reason != Ended {
		t.Fatalf("%+v", st)
	}
	return pack, s
}

// TestRerunFindsFirstDifference: a Healer that gains 4 life instead of 3
// changes the match first at the step its when clause's body runs (found
// from the old events), where a life of 3 more becomes 4 more.
func TestRerunFindsFirstDifference(t *testing.T) {
	pack, s := playedSeeds(t)
	healer := -1
	for k := 0; k <= s.Head() && healer < 0; k++ {
		for _, e := range s.StepEvents(k) {
			if e.Kind == engine.EvStackPopped && e.Clause == "object_types/healer/when/enters" {
				healer = k
			}
		}
	}
	if healer < 0 {
		t.Fatal("no healer entered")
	}
	if r := s.Rerun(pack); !r.Same || r.Step != -1 || r.Refused != nil || r.LoadErr != nil {
		t.Fatalf("the same rules: %+v", r)
	}
	edited := pack.Clone()
	body := &edited.ObjectTypes.Lookup("healer").When[0].Body
	body.Src = strings.Replace(body.Src, "+= 3", "+= 4", 1)
	r := s.Rerun(edited)
	if r.LoadErr != nil || r.Same || r.Step != healer {
		t.Fatalf("rerun: step %d (want %d), same %v, load %v", r.Step, healer, r.Same, r.LoadErr)
	}
	lifeOf := func(es []engine.Event) (life int) {
		for _, e := range es {
			if e.Kind == engine.EvVariable && e.Field == "life" {
				fmt.Sscan(e.Detail, &life)
			}
		}
		return life
	}
	if lifeOf(r.New) != lifeOf(r.Old)+1 {
		t.Errorf("at step %d life %d before, %d after:\n%v\n%v", r.Step, lifeOf(r.Old), lifeOf(r.New), r.Old, r.New)
	}
	if s.Head() == 0 || r.Session == nil || r.Session.Record().PackHash == s.Record().PackHash {
		t.Error("the rerun's session is not on the new rules")
	}
}

// TestRerunNoLongerLoads: rules that do not compile say where.
func TestRerunNoLongerLoads(t *testing.T) {
	pack, s := playedSeeds(t)
	edited := pack.Clone()
	body := &edited.ObjectTypes.Lookup("healer").When[0].Body
	body.Src = "self.controller.life +="
	r := s.Rerun(edited)
	if r.Session != nil || r.LoadErr == nil || !strings.HasPrefix(r.LoadErr.Error(), fmt.Sprintf("seeds.yaml:%d:", body.Pos.Line)) {
		t.Fatalf("rerun: %+v", r)
	}
}

// TestRerunRefusedMove: when passing is no longer allowed, the first
// recorded pass is refused, with the reason.
func TestRerunRefusedMove(t *testing.T) {
	pack, s := playedSeeds(t)
	first := -1
	for i, mv := range s.Record().Moves {
		if mv.Action == "pass" {
			first = i
			break
		}
	}
	if first < 0 {
		t.Fatal("nobody passed")
	}
	edited := pack.Clone()
	edited.Actions.Lookup("pass").Precondition = graph.Code{Src: "False", Pos: graph.Pos{Line: 1, Column: 1}}
	r := s.Rerun(edited)
	if r.Refused == nil || r.Refused.N != first+1 || !strings.Contains(r.Refused.Error(), "refused: precondition does not hold: False") || r.Same {
		t.Fatalf("rerun: %+v %v", r, r.Refused)
	}
}

// TestBaselineRerunWhileSessionGoesOn: a baseline taken at the start of a
// seeds match re-runs on another goroutine while the session plays on to
// the end; the same rules give the same steps as far as the baseline went.
func TestBaselineRerunWhileSessionGoesOn(t *testing.T) {
	pack := bundled(t, "seeds")
	s := newSession(t, pack, seedsCfg)
	for range 5 {
		must(t)(s.Step())
	}
	b, head := s.Baseline(), s.Head()
	done := make(chan *Rerun)
	go func() { done <- b.Rerun(pack) }()
	must(t)(s.Continue())
	r := <-done
	if !r.Same || r.Session == nil || r.Session.Head() != head || b.Moves() == 0 {
		t.Fatalf("rerun of the baseline: same %v, head %d (want %d), step %d, %d moves", r.Same, r.Session.Head(), head, r.Step, b.Moves())
	}
}

// TestRerunKeepsEveryLine: a re-run plays every line of play again, not
// only the one shown: the lines keep their ids, where they branched, their
// moves and steps (with the same rules, the same events), and the line
// shown stays the current one.
func TestRerunKeepsEveryLine(t *testing.T) {
	pack := bundled(t, "tictactoe")
	s := newSession(t, pack, Config{Seats: seats(2, "")})
	must(t)(s.Continue())
	var decisions []int
	for _, mv := range []graph.Move{mark(1, 0, 0), mark(2, 1, 1), mark(1, 2, 2)} {
		decisions = append(decisions, s.Head())
		must(t)(s.TakeText(mv))
		must(t)(s.Continue())
	}
	must(t)(s.BranchText(decisions[1], mark(2, 2, 0)))
	must(t)(s.Continue())
	must(t)(s.BranchText(decisions[0], mark(1, 1, 1)))
	must(t)(s.Continue())
	if err := s.Switch(2); err != nil {
		t.Fatal(err)
	}

	r := s.Rerun(pack)
	ns := r.Session
	if ns == nil || !r.Same {
		t.Fatalf("rerun on the same rules: %+v", r)
	}
	if got, want := fmt.Sprint(ns.Lines()), fmt.Sprint(s.Lines()); got != want {
		t.Fatalf("lines after the re-run\n%s, want\n%s", got, want)
	}
	for _, l := range s.Lines() {
		if err := s.Switch(l.ID); err != nil {
			t.Fatal(err)
		}
		if err := ns.Switch(l.ID); err != nil {
			t.Fatal(err)
		}
		if got, want := fmt.Sprint(ns.Record().Moves), fmt.Sprint(s.Record().Moves); got != want {
			t.Errorf("line %d moves %s, want %s", l.ID, got, want)
		}
		for k := 0; k <= s.Head(); k++ {
			if got, want := fmt.Sprint(ns.StepEvents(k)), fmt.Sprint(s.StepEvents(k)); got != want {
				t.Errorf("line %d step %d: events\n%s, want\n%s", l.ID, k, got, want)
				break
			}
		}
	}
}

// TestRerunSaysWhereALineStops: a line whose move the edited rules refuse
// is kept up to it, and the re-run says which line and which move.
func TestRerunSaysWhereALineStops(t *testing.T) {
	pack := bundled(t, "tictactoe")
	s := newSession(t, pack, Config{Seats: seats(2, "")})
	must(t)(s.Continue())
	first := s.Head()
	must(t)(s.TakeText(mark(1, 0, 0)))
	must(t)(s.Continue())
	must(t)(s.BranchText(first, mark(1, 2, 2)))
	must(t)(s.Continue())
	if err := s.Switch(1); err != nil {
		t.Fatal(err)
	}
	edited := pack.Clone()
	edited.Actions.Lookup("mark").Precondition = graph.Code{Src: `str(cell) != "(2, 2)"`, Pos: graph.Pos{Line: 1, Column: 1}}
	r := s.Rerun(edited)
	if r.Session == nil || r.Refused != nil {
		t.Fatalf("rerun: %+v", r)
	}
	e := r.LinesRefused[2]
	if len(r.LinesRefused) != 1 || e == nil || e.N != 1 || !strings.Contains(e.Error(), "precondition") {
		t.Fatalf("lines refused %v, want line 2's first move", r.LinesRefused)
	}
	lines := r.Session.Lines()
	if len(lines) != 2 || lines[1].ID != 2 || lines[1].Moves != 0 || !lines[0].Current {
		t.Errorf("lines %+v, want line 2 kept with no move", lines)
	}
}
