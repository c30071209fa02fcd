package editor

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/graph"
)

// TestCheckHiddenInformationFindsALeak: Tools > Check Hidden Information
// on a pack whose public variable holds a drawn card's value reports the
// leak as `studio leaks` does (the seat, the step, the rule's line), and
// Open the Match shows that match in the Play panel at the leak's step.
func TestCheckHiddenInformationFindsALeak(t *testing.T) {
	e, _ := newTestEditor(t)
	p, err := graph.Load(filepath.Join("..", "preview", "testdata", "leaks", "drawn-variable.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	e.SetPack(p, nil)
	settle(e)
	it := menuItem(e, "Check Hidden Information…")
	if it == nil {
		t.Fatal("no Tools > Check Hidden Information…")
	}
	it.Action()
	settle(e)
	r := e.leaks.last
	if r == nil || r.Leak == nil {
		t.Fatalf("no leak reported: %+v", r)
	}
	text := e.leaks.text.Text
	for _, want := range []string{"leak to seat", "drawn-variable.yaml:", "Matches played"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
	if e.leaks.open.Disabled() {
		t.Fatal("Open the Match is disabled with a leak found")
	}
	e.leaks.open.OnTapped()
	s := e.Play.Session()
	if s == nil {
		t.Fatal("Open the Match showed no match")
	}
	if got, want := s.Match().Step(), r.Leak.Step; got != want {
		t.Errorf("the match opens at engine step %d, the leak is at %d", got, want)
	}
}

// TestCheckHiddenInformationPassesHearts: the bundled Hearts keeps its
// secrets; the report says how much was checked and offers no match.
func TestCheckHiddenInformationPassesHearts(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "hearts"), nil)
	settle(e)
	e.leakMatches = 2
	e.CheckHiddenInformation()
	settle(e)
	if r := e.leaks.last; r == nil || r.Leak != nil || r.Decisions == 0 {
		t.Fatalf("report %+v, want no leak after some decisions", r)
	}
	if !strings.Contains(e.leaks.text.Text, "No leak") || !e.leaks.open.Disabled() {
		t.Errorf("report %q, Open the Match enabled %v", e.leaks.text.Text, !e.leaks.open.Disabled())
	}
}
