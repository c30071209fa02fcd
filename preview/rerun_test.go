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
