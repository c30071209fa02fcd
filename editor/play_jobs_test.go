package editor

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/rulestudio/studio/editor/internal/testpack"
)

// TestNewMatchSearchBotsUseTheCores: an MCTS seat of a match started in the
// window searches on as many jobs as the program has cores to run on (one
// decision at a time is played there), and says so in its spec, which the
// match's record keeps: the moves depend on it.
func TestNewMatchSearchBotsUseTheCores(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "tictactoe"), nil)
	settle(e)
	if err := e.StartMatch("1", []string{"mcts:5", person}); err != nil {
		t.Fatal(err)
	}
	seats := e.Play.Session().Config().Seats
	want := "mcts:5"
	if n := runtime.GOMAXPROCS(0); n > 1 {
		want += fmt.Sprintf(":jobs=%d", n)
	}
	if seats[0].Bot != want || seats[1].Bot != "" {
		t.Errorf("seats %+v, want %q and a person", seats, want)
	}
}
