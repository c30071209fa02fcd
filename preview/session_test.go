package preview

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// snapshotOf is everything the debugger shows at the cursor, as text: the
// state stack, the execution stack, the objects, each seat's view, the
// step's events and how long the log is.
func snapshotOf(t *testing.T, s *Session) string {
	t.Helper()
	m := s.Match()
	n := 0
	for k := 0; k <= s.Cursor(); k++ {
		n += len(s.StepEvents(k))
	}
	if m.Step() != s.Cursor() || len(s.Log()) != n {
		t.Fatalf("at step %d the match is at step %d with %d events, want %d", s.Cursor(), m.Step(), len(s.Log()), n)
	}
	frames, err := m.Frames()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%v\n%v\n%v\n", frames, m.ExecStack(), m.Objects())
	for seat := 0; seat < m.Seats(); seat++ {
		v, err := m.View(seat)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(v)
		b.Write(data)
	}
	fmt.Fprintf(&b, "\n%v\n%d", s.StepEvents(s.Cursor()), len(s.Log()))
	return b.String()
}

// TestStepBackAndForth: on every bundled pack, a match played step by step
// by bots shows, stepping back to every earlier step and forward again, the
// very state and events it showed the first time.
func TestStepBackAndForth(t *testing.T) {
	limit := map[string]int{"hearts": 400, "reversi": 300}
	for _, name := range assets.Packs() {
		pack := bundled(t, name)
		s := newSession(t, pack, Config{Seats: seats(pack.Players.Min, "random"), Seed: 11})
		first := []string{snapshotOf(t, s)}
		for {
			st := must(t)(s.Step())
			if st.Reason != Stepped || s.Cursor() >= limit[name] && limit[name] > 0 {
				break
			}
			if st.Step != len(first) {
				t.Fatalf("%s: stepped to %d, want %d", name, st.Step, len(first))
			}
			first = append(first, snapshotOf(t, s))
		}
		n := s.Cursor()
		if n < 20 {
			t.Fatalf("%s: only %d steps", name, n)
		}
		for k := n - 1; k >= 0; k-- {
			if !s.Back() || s.Cursor() != k {
				t.Fatalf("%s: back to %d gave %d", name, k, s.Cursor())
			}
			if got := snapshotOf(t, s); got != first[k] {
				t.Fatalf("%s: step %d differs going back:\n%s\nfirst time:\n%s", name, k, got, first[k])
			}
		}
		if s.Back() {
			t.Fatalf("%s: back from step 0", name)
		}
		for k := 1; k < len(first); k++ {
			must(t)(s.Step())
			if got := snapshotOf(t, s); got != first[k] {
				t.Fatalf("%s: step %d differs going forward again", name, k)
			}
		}
		if err := s.JumpTo(n / 2); err != nil || snapshotOf(t, s) != first[n/2] {
			t.Fatalf("%s: jump to %d: %v", name, n/2, err)
		}
	}
}

// TestPersonDecides: a session stops where a person must act and takes
// their move; a refused move says why and changes nothing.
func TestPersonDecides(t *testing.T) {
	s := newSession(t, bundled(t, "tictactoe"), Config{Seats: []graph.Seat{{Name: "Ann"}, {Bot: "random"}}, Seed: 3})
	st := must(t)(s.Continue())
	if st.Reason != NeedsPerson || fmt.Sprint(st.Seats) != "[0]" {
		t.Fatalf("stop %+v", st)
	}
	head, log := s.Head(), len(s.Log())
	_, err := s.TakeText(graph.Move{Player: 1, Action: "mark", Args: json.RawMessage(`{"cell":[7,7]}`)})
	var ie *engine.IllegalError
	if !errors.As(err, &ie) || ie.Reason != "argument cell = (7, 7) is not in its domain (board.empty())" || s.Head() != head || len(s.Log()) != log {
		t.Fatalf("refusal: %v", err)
	}
	st = must(t)(s.TakeText(graph.Move{Player: 1, Action: "mark", Args: json.RawMessage(`{"cell":[1,1]}`)}))
	if st.Reason != Stepped || st.Step != head+1 {
		t.Fatalf("after the move: %+v", st)
	}
	// The bot answers, then Ann again.
	if st := must(t)(s.Continue()); st.Reason != NeedsPerson || s.Record().Moves[1].Player != 2 {
		t.Fatalf("after the bot: %+v %v", st, s.Record().Moves)
	}
	s.JumpTo(0)
	if _, err := s.Take(engine.Move{Seat: 0, Action: "mark"}); err == nil || !strings.Contains(err.Error(), "branch to act at an earlier step") {
		t.Fatalf("a move in the past: %v", err)
	}
}

// TestErrorStopsAtItsStep: an error in rule code stops the match at its
// step, with the Starlark error and where it is; the steps before it can be
// shown, the failing step's events too.
func TestErrorStopsAtItsStep(t *testing.T) {
	pack := bundled(t, "tictactoe")
	pack.Actions.Lookup("mark").Body.Src += "if board.count(1) == 2:\n    fail('two crosses')\n"
	s := newSession(t, pack, Config{Seats: seats(2, "random"), Seed: 2})
	st := must(t)(s.Continue())
	var re *engine.RunError
	if st.Reason != Failed || !errors.As(st.Err, &re) || re.Source != "actions/mark/body" || !strings.Contains(re.Msg, "two crosses") || len(re.Trace) == 0 {
		t.Fatalf("stop %+v", st)
	}
	failed := s.FailedEvents()
	if len(failed) == 0 || failed[0].Kind != engine.EvAction || s.Cursor() != s.Head() {
		t.Fatalf("the failing step's events %v, cursor %d of %d", failed, s.Cursor(), s.Head())
	}
	if again := must(t)(s.Step()); again.Reason != Failed {
		t.Fatalf("stepping on: %+v", again)
	}
	if !s.Back() || s.Match().Err() != nil || len(s.Record().Moves) != 3 {
		t.Fatalf("back from the error: %v, %d moves", s.Match().Err(), len(s.Record().Moves))
	}
}
