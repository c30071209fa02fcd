package picture

import (
	"slices"
	"testing"

	"github.com/rulestudio/studio/preview/scene"
)

// TestChangedValuesReadBeforeAndAfter: a counter and a score that changed
// at the last step shown read as their value after, an arrow and their
// value before ("score 26 ← 13"); the others as their value alone.
func TestChangedValuesReadBeforeAndAfter(t *testing.T) {
	got := counterLines([]scene.Counter{{Label: "round", Value: "2", Before: "1"}, {Label: "broken", Value: "no"}})
	if want := []string{"round 2 ← 1   broken no"}; !slices.Equal(got, want) {
		t.Errorf("counters read %q, want %q", got, want)
	}
	after, before := 26, 13
	a := &scene.Area{Name: "Player 1", Score: &after, ScoreBefore: &before}
	if got, want := seatTitle(a), "Player 1 · score 26 ← 13"; got != want {
		t.Errorf("the seat's title reads %q, want %q", got, want)
	}
}
