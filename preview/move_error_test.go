package preview

import (
	"errors"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// TestReplayUnreadableMoveSaysItOnce: a recorded move that does not read
// (an action the pack lacks) says the move once, with its place: the
// session's own "move {...}: " prefix was repeated after MoveError's
// ("move 1 {...}: move {...}: the pack has no action").
func TestReplayUnreadableMoveSaysItOnce(t *testing.T) {
	pack := bundled(t, "tictactoe")
	rec := graph.Record{Seats: seats(2, ""), Seed: 1, Moves: []graph.Move{{Player: 1, Action: "jump"}}}
	_, err := Replay(pack, rec, "")
	var me *MoveError
	if !errors.As(err, &me) || err.Error() != `move 1 {"player":1,"action":"jump"}: the pack has no action "jump"` {
		t.Fatalf("got %v", err)
	}
}
