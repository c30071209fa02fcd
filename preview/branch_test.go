package preview

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

func mark(player, x, y int) graph.Move {
	return graph.Move{Player: player, Action: "mark", Args: json.RawMessage(fmt.Sprintf(`{"cell":[%d,%d]}`, x, y))}
}

// TestBranchKeepsBothLines: branching at an earlier decision makes a new
// line with the other move; the first line keeps its moves, steps and events,
// and either can be shown again.
func TestBranchKeepsBothLines(t *testing.T) {
	s := newSession(t, bundled(t, "tictactoe"), Config{Seats: seats(2, "")})
	must(t)(s.Continue())
	var decisions []int // the step each move was taken at
	for _, mv := range []graph.Move{mark(1, 0, 0), mark(2, 1, 1), mark(1, 2, 2)} {
		decisions = append(decisions, s.Head())
		must(t)(s.TakeText(mv))
		must(t)(s.Continue())
	}
	first := s.Record()
	firstLog := append([]engine.Event(nil), s.Log()...)
	firstHead := s.Head()

	// Back to the second decision, and O plays the corner instead.
	if err := s.JumpTo(decisions[1]); err != nil {
		t.Fatal(err)
	}
	moves, err := s.Moves(1)
	if err != nil || len(moves) != 8 {
		t.Fatalf("moves at the second decision: %v %v", moves, err)
	}
	st := must(t)(s.BranchText(decisions[1], mark(2, 2, 0)))
	if st.Step != decisions[1]+1 {
		t.Fatalf("branch stop %+v", st)
	}
	lines := s.Lines()
	if len(lines) != 2 || lines[1].Parent != 1 || lines[1].At != decisions[1] || !lines[1].Current || lines[0].Current {
		t.Fatalf("lines %+v", lines)
	}
	second := s.Record()
	if len(second.Moves) != 2 || second.Moves[0].String() != first.Moves[0].String() || second.Moves[1].String() != mark(2, 2, 0).String() {
		t.Fatalf("the branch's moves: %v", second.Moves)
	}
	must(t)(s.Continue())
	if !slices.Equal(s.Log()[:len(s.StepEvents(0))], firstLog[:len(s.StepEvents(0))]) {
		t.Fatal("the branch does not start as its parent")
	}
	// The first line is as it was.
	if err := s.Switch(1); err != nil {
		t.Fatal(err)
	}
	if s.Head() != firstHead || !reflect.DeepEqual(s.Record(), first) {
		t.Fatalf("the first line changed: head %d (was %d), moves %v", s.Head(), firstHead, s.Record().Moves)
	}
	if err := s.JumpTo(firstHead); err != nil || !slices.Equal(s.Log(), firstLog) {
		t.Fatal("the first line's events changed")
	}
	// Branching where nobody decided, or with an illegal move, makes no line.
	if _, err := s.BranchText(decisions[1]+1, mark(2, 2, 0)); err == nil {
		t.Error("a branch at a step that waited for nobody")
	}
	var ie *engine.IllegalError
	if _, err := s.BranchText(decisions[1], mark(2, 0, 0)); err == nil || !errorsAs(err, &ie) {
		t.Errorf("an illegal branch: %v", err)
	}
	if len(s.Lines()) != 2 || s.Lines()[0].Current != true {
		t.Errorf("lines after refusals: %+v", s.Lines())
	}
}
