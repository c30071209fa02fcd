package editor

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/compare"
	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/testproject"
	"github.com/rulestudio/studio/preview/impact"
	"github.com/rulestudio/studio/project"
)

// revisionStore opens project files as the studio does, with their
// revisions and recorded matches (cmd/studio's store.go adapts package
// project so; the exerciser's sqliteStore leaves them out).
type revisionStore struct{ sqliteStore }

func (s revisionStore) Open(path string) (Project, error) {
	p, err := s.sqliteStore.Open(path)
	if err != nil {
		return nil, err
	}
	return revisionProject{p.(*sqliteProject)}, nil
}

type revisionProject struct{ *sqliteProject }

func (f revisionProject) Revisions() ([]Revision, error) {
	rs, err := f.p.Revisions()
	out := make([]Revision, len(rs))
	for i, r := range rs {
		out[i] = Revision{ID: r.ID, Time: r.Time, Message: r.Message}
	}
	return out, err
}

func (f revisionProject) PackAt(id int64) (*graph.Pack, error) { return f.p.PackAt(id) }

func (f revisionProject) SaveMatch(name string, rec graph.Record) (int64, error) {
	return f.p.AddMatch(project.Match{Revision: 1, Name: name, Record: rec})
}

func (f revisionProject) SavedMatches() ([]SavedMatch, error) {
	ms, err := f.p.Matches()
	out := make([]SavedMatch, len(ms))
	for i, m := range ms {
		out[i] = SavedMatch{ID: m.ID, Name: m.Name, Time: m.Time, Record: m.Record}
	}
	return out, err
}

// openCompared opens the project at path and compares its revisions 1
// and 2 through File > Compare Revisions… (its dialog's defaults: the
// revision before the latest, and the latest).
func openCompared(t *testing.T, path string) (*Editor, *compare.Panel) {
	t.Helper()
	e := New(test.NewTempApp(t), revisionStore{})
	useQueue(e)
	t.Cleanup(func() { e.quit() })
	if err := e.Open(path); err != nil {
		t.Fatal(err)
	}
	settle(e)
	it := menuItem(e, "Compare Revisions…")
	if it == nil {
		t.Fatal("no File > Compare Revisions…")
	}
	it.Action()
	m := e.topModal()
	if m == nil {
		t.Fatal("Compare Revisions… showed no dialog")
	}
	m.enter()
	settle(e)
	p := e.Comparison()
	if p == nil || !e.Dock.Has(PanelCompare) {
		t.Fatal("Compare did not dock a comparison")
	}
	return e, p
}

// TestCompareRevisionsMarksAndLists: the comparison of a project's two
// revisions lists each change by kind and path, outlines the changed state
// and draws the added transition in their colours on the graph (the
// unchanged ones as before), and shows the script's lines side by side,
// the changed line tinted on both sides.
func TestCompareRevisionsMarksAndLists(t *testing.T) {
	_, p := openCompared(t, testproject.Misere(t, true))
	lines := strings.Join(p.Lines(), "\n")
	for _, want := range []string{"changed  states/2/description (state description)", "added  states/3/transitions/draw (transition)", "changed  scripts/main (script)"} {
		if !strings.Contains(lines, want) {
			t.Errorf("the list lacks %q:\n%s", want, lines)
		}
	}
	d := p.View.Drawing()
	if got := d.Boxes["2"].Stroke; got != style.ChangeChanged {
		t.Errorf("playerTurn's outline %v, want the colour of a change %v", got, style.ChangeChanged)
	}
	if got := d.Boxes["1"].Stroke; got == style.ChangeChanged || got == style.ChangeAdded {
		t.Errorf("gameSetup (unchanged) outlined as changed: %v", got)
	}
	arrows := map[diagram.TransitionRef]diagram.DrawnArrow{}
	for _, a := range d.Arrows {
		arrows[a.TransitionRef] = a
	}
	draw, ok := arrows[diagram.TransitionRef{From: "3", Name: "draw"}]
	if !ok || len(draw.Segments) == 0 || draw.Segments[0].Stroke != style.ChangeAdded {
		t.Errorf("the added transition draw: %+v, want drawn in %v", draw, style.ChangeAdded)
	}
	if a := arrows[diagram.TransitionRef{From: "3", Name: "nextTurn"}]; len(a.Segments) == 0 || a.Segments[0].Stroke == style.ChangeAdded {
		t.Errorf("nextTurn (unchanged) drawn as added: %+v", a)
	}

	script := -1
	for i, c := range p.Changes() {
		if c.Path == "scripts/main" {
			script = i
		}
	}
	p.Select(script)
	want := compare.Row{Before: "        active_player.score = 1", After: "        players[2 - active_player.no].score = 1", Mark: '~'}
	found := false
	for _, r := range p.SideBySide() {
		if r == want {
			found = true
		} else if r.Mark != ' ' && !strings.HasPrefix(r.Before, "def ") {
			t.Errorf("row %+v marked, want only the def line and the score line", r)
		}
	}
	if !found {
		t.Errorf("side by side %+v lacks %+v", p.SideBySide(), want)
	}
	left, right := p.Shown()
	if !strings.HasPrefix(left, "revision 1\n") || !strings.Contains(left, "\n"+want.Before+"\n") ||
		!strings.HasPrefix(right, "revision 2\n") || !strings.Contains(right, "\n"+want.After+"\n") ||
		strings.Count(left, "\n") != strings.Count(right, "\n") {
		t.Errorf("shown side by side:\n%s\n----\n%s\nwant each revision's lines under its name, as many rows", left, right)
	}
}

// TestCompareRevisionsMeasuresImpact: Measure Impact replays the kept
// match (differing at step 26, after move 5) and the scenario (now
// failing), and plays matches on both revisions: the first seat's rate
// falls, significantly; the report is shown as the command line prints it.
// A measure cancelled shows nothing of itself; opening another pack closes
// the comparison.
func TestCompareRevisionsMeasuresImpact(t *testing.T) {
	e, p := openCompared(t, testproject.Misere(t, true))
	p.Measure()
	settle(e)
	r := p.Report()
	if r == nil {
		t.Fatalf("no report; the Impact tab says %q", p.Status())
	}
	if m := r.Matches; len(m) != 1 || m[0].Outcome != impact.Differs || m[0].Step != 26 || m[0].Move != 5 {
		t.Errorf("kept matches %+v, want x wins differing at step 26 after move 5", m)
	}
	if s := r.Scenarios; len(s) != 1 || s[0].FailedBefore != "" || s[0].FailedAfter == "" {
		t.Errorf("scenarios %+v, want three-in-a-row passing before, failing after", s)
	}
	if c := r.Play; c == nil || c.Matches != compare.DefaultMatches || c.After.FirstSeat >= c.Before.FirstSeat || c.PValue >= impact.Significance {
		t.Errorf("play %+v, want %d matches, the first seat's rate lower, significantly", c, compare.DefaultMatches)
	}
	if !strings.Contains(p.Status(), "a significant change") || !strings.Contains(p.ReportText(), "x wins: differs at step 26 (after move 5)") {
		t.Errorf("status %q, report:\n%s", p.Status(), p.ReportText())
	}

	e.compareMatches = 1_000_000
	if err := e.CompareRevisions(1, 2); err != nil {
		t.Fatal(err)
	}
	p = e.Comparison()
	p.Measure()
	if !p.Measuring() {
		t.Fatal("Measure Impact did not start")
	}
	p.Cancel()
	settle(e)
	if p.Measuring() || p.Report() != nil || !strings.Contains(p.Status(), "Cancelled") {
		t.Errorf("after Cancel: measuring %v, report %v, status %q", p.Measuring(), p.Report() != nil, p.Status())
	}

	e.SetPack(NewPack(), nil)
	settle(e)
	if e.Comparison() != nil || e.Dock.Has(PanelCompare) {
		t.Error("the comparison of the old project stays after another pack was opened")
	}
}

// TestCompareRevisionsNeedsTwo: a project of one revision says that
// another save makes one to compare, and docks nothing.
func TestCompareRevisionsNeedsTwo(t *testing.T) {
	dir := t.TempDir()
	path := bundledProject(t, dir, "tictactoe")
	e := New(test.NewTempApp(t), revisionStore{})
	useQueue(e)
	t.Cleanup(func() { e.quit() })
	if err := e.Open(path); err != nil {
		t.Fatal(err)
	}
	settle(e)
	menuItem(e, "Compare Revisions…").Action()
	if e.Comparison() != nil || !strings.Contains(e.status.Text, "one revision") {
		t.Errorf("comparison %v, status %q; want none and a word on saving", e.Comparison(), e.status.Text)
	}
}
