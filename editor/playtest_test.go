package editor

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/graph"
)

// TestPlaytestOnGraph plays the known pack (preview/playtest/testdata:
// every match is four actions, so it enters state 2 and takes "moved" four times; the transition "unreachable" is
// never taken, so state 4 is never entered; the clause "silent" never fires)
// through the editor and reads the overlay and the panel.
func TestPlaytestOnGraph(t *testing.T) {
	e, _ := newTestEditor(t)
	p, err := graph.Load(filepath.Join("..", "preview", "playtest", "testdata", "known.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	e.SetPack(p, nil)
	settle(e)
	const matches = 40
	e.Playtest(PlaytestSettings{Matches: matches, Seats: 2, Seed: 7, Bots: "random"})
	settle(e)

	h := e.View.Heat()
	if h == nil {
		t.Fatal("no heat on the graph after the playtest")
	}
	if got := h.Visits["2"]; got != 4*matches {
		t.Errorf("visits of state 2 = %d, want %d", got, 4*matches)
	}
	if got := h.Uses[TransitionRef{From: "2", Name: "moved"}]; got != 4*matches {
		t.Errorf("uses of 2/moved = %d, want %d", got, 4*matches)
	}
	r := test.WidgetRenderer(e.View).(*graphRenderer)
	box := func(id string) int {
		for i, n := range e.View.nodes {
			if n.id == id {
				return i
			}
		}
		t.Fatalf("no box %s", id)
		return -1
	}
	if b := r.nodes[box("4")].box; b.FillColor != heatNone || b.StrokeColor != heatUnused {
		t.Errorf("never-visited state 4: fill %v stroke %v, want grey with a red outline", b.FillColor, b.StrokeColor)
	}
	if b := r.nodes[box("2")].box; b.FillColor != heatHot {
		t.Errorf("most visited state 2: fill %v, want %v", b.FillColor, heatHot)
	}
	var unreachable, moved int = -1, -1
	for i, ed := range e.View.edges {
		switch ed.name {
		case "unreachable":
			unreachable = i
		case "moved":
			moved = i
		}
	}
	if unreachable < 0 || moved < 0 {
		t.Fatal("arrows unreachable and moved not found")
	}
	u := r.edges[unreachable].segs
	if len(u) < 2 || u[0].StrokeColor != heatUnused {
		t.Errorf("never-taken transition: %d segments, colour %v; want red dashes", len(u), u[0].StrokeColor)
	}
	if m := r.edges[moved].segs[0]; m.StrokeColor == heatUnused || m.StrokeWidth < 5 {
		t.Errorf("the most taken transition: colour %v width %v, want wide and not red", m.StrokeColor, m.StrokeWidth)
	}

	text := e.PlaytestText()
	for _, want := range []string{"states/2/transitions/unreachable", "silent", "known"} {
		if !strings.Contains(text, want) {
			t.Errorf("playtest panel lacks %q:\n%s", want, text)
		}
	}

	e.ClearPlaytest()
	settle(e)
	if e.View.Heat() != nil || e.PlaytestText() != "" {
		t.Error("Clear left the results shown")
	}
	if b := r.nodes[box("4")].box; b.FillColor == heatNone {
		t.Error("state 4 still grey after clearing")
	}
}

func TestParsePlaytest(t *testing.T) {
	if s, err := parsePlaytest(" 10", "3", "42", "random, mcts"); err != nil || s != (PlaytestSettings{10, 3, 42, "random,mcts"}) {
		t.Errorf("parse = %+v, %v", s, err)
	}
	for _, c := range [][4]string{{"0", "2", "1", ""}, {"5", "x", "1", ""}, {"5", "2", "-1", ""}} {
		if _, err := parsePlaytest(c[0], c[1], c[2], c[3]); err == nil {
			t.Errorf("parse %q: no error", c)
		}
	}
}
