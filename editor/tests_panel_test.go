package editor

import (
	"os"
	"sort"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/scenario"
)

// scenarioProject is a memProject that keeps scenarios, as cmd/studio's
// project files do.
type scenarioProject struct {
	*memProject
	kept map[string]StoredScenario
}

func (p *scenarioProject) Scenarios() ([]StoredScenario, error) {
	var out []StoredScenario
	for _, s := range p.kept {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func (p *scenarioProject) PutScenario(s StoredScenario) error { p.kept[s.Name] = s; return nil }

func (p *scenarioProject) DeleteScenario(name string) error { delete(p.kept, name); return nil }

// seedsWithScenarios shows the bundled seed-effects pack in e as a project
// that keeps its four bundled scenarios, with their transcripts.
func seedsWithScenarios(t *testing.T, e *Editor, s *memStore) *scenarioProject {
	t.Helper()
	data, ok := assets.Pack("seeds")
	if !ok {
		t.Fatal("no bundled seeds pack")
	}
	p, err := graph.Parse(data, "seeds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	proj := &scenarioProject{memProject: &memProject{s: s, path: "seeds.rulestudio"}, kept: map[string]StoredScenario{}}
	for _, sc := range assets.Scenarios("seeds") {
		proj.kept[strings.TrimSuffix(sc.Name, ".yaml")] = StoredScenario{Name: strings.TrimSuffix(sc.Name, ".yaml"), YAML: sc.Data, Events: sc.Transcript}
	}
	e.SetPack(p, proj)
	settle(e)
	return proj
}

// TestTestsPanelRunsAll: Tools > Tests lists the project's scenarios, not
// run; Run all runs them off the Fyne goroutine and shows each passing.
func TestTestsPanelRunsAll(t *testing.T) {
	e, s := newTestEditor(t)
	seedsWithScenarios(t, e, s)
	e.ShowTests()
	if got := e.Dock.Front(dock.Bottom); got != PanelTests {
		t.Fatalf("bottom shows %q, want the Tests panel", got)
	}
	text := e.TestsText()
	if strings.Count(text, "·  not run") != 4 || !strings.Contains(text, "elf-lord") {
		t.Fatalf("before running:\n%s", text)
	}
	test.Tap(e.tests.runAll)
	settle(e)
	text = e.TestsText()
	for _, name := range []string{"damage-to-life", "draw-then-discard", "elf-lord", "flying"} {
		if !strings.Contains(text, "✓  pass "+name+"\n") {
			t.Errorf("%s not shown passing:\n%s", name, text)
		}
	}
	if !strings.HasSuffix(text, "4 scenarios, 0 failed\n") || e.tests.bar.Visible() {
		t.Errorf("after running:\n%s(bar visible %v)", text, e.tests.bar.Visible())
	}

	// Another pack, not in a project: the list, results and scenario tabs go.
	e.EditScenario("elf-lord")
	e.SetPack(testpack.Example(t), nil)
	settle(e)
	if e.Dock.Has(scenarioPanelID("elf-lord")) {
		t.Error("the old project's scenario tab stays open")
	}
	if text := e.TestsText(); !strings.HasPrefix(text, "Save the pack in a project") {
		t.Errorf("after opening a pack without a project:\n%s", text)
	}
}

// TestTestsPanelShowsFailure: a scenario that fails on purpose shows its
// line, step and expression; Edit opens it with the failure marked, and a
// corrected text saved from there is stored and passes.
func TestTestsPanelShowsFailure(t *testing.T) {
	e, s := newTestEditor(t)
	proj := seedsWithScenarios(t, e, s)
	fails, err := os.ReadFile("../preview/scenario/testdata/fails.yaml")
	if err != nil {
		t.Fatal(err)
	}
	proj.kept["fails"] = StoredScenario{Name: "fails", YAML: fails}
	e.ShowTests()
	e.RunTests("fails")
	settle(e)
	text := e.TestsText()
	want := "✗  FAIL fails\nline 10: step 2: expect game.lord.power == 4: got False, where game.lord.power is 2\n"
	if !strings.HasPrefix(text, want) || !strings.HasSuffix(text, "1 scenarios, 1 failed\n") || strings.Contains(text, "✓") {
		t.Fatalf("panel lacks %q, or ran more:\n%s", want, text)
	}

	names := findIn[*scenarioName](e.tests.rows)
	if len(names) != 5 || names[0].Text != "fails" {
		t.Fatalf("%d names in the panel, the first %v", len(names), names)
	}
	test.DoubleTap(names[0]) // opens it, as Edit does
	if got := e.Dock.Front(dock.Centre); got != scenarioPanelID("fails") {
		t.Fatalf("centre shows %q, want the scenario", got)
	}
	se := scenarioEditorOf(t, e, "fails")
	if m := se.Marks(); len(m) != 1 || m[0].Line != 10 || m[0].Message != "step 2: expect game.lord.power == 4: got False, where game.lord.power is 2" {
		t.Errorf("marks %+v, want the failure at line 10", m)
	}
	se.SetText(strings.Replace(string(fails), "power == 4", "power == 2", 1))
	test.Tap(buttonIn(t, e.Dock, scenarioPanelID("fails"), "Save and run"))
	settle(e)
	if got := string(proj.kept["fails"].YAML); !strings.Contains(got, "power == 2") {
		t.Errorf("not saved back to the project:\n%s", got)
	}
	if text := e.TestsText(); !strings.Contains(text, "✓  pass fails\n") {
		t.Errorf("corrected scenario not passing:\n%s", text)
	}

	// Text that is not a scenario is not saved; the error is marked.
	se.SetText("name: x\nsteps: [\n")
	test.Tap(buttonIn(t, e.Dock, scenarioPanelID("fails"), "Save"))
	if strings.Contains(string(proj.kept["fails"].YAML), "steps: [") || len(se.Marks()) != 1 {
		t.Errorf("a broken scenario saved, or not marked: %+v", se.Marks())
	}

	// Delete asks, then removes it from the project and the panel.
	test.Tap(buttonIn(t, e.Dock, scenarioPanelID("fails"), "Delete…"))
	test.Tap(overlayButton(t, e, "Yes"))
	if _, ok := proj.kept["fails"]; ok {
		t.Error("the deleted scenario is still in the project")
	}
	if e.Dock.Has(scenarioPanelID("fails")) || strings.Contains(e.TestsText(), "fails") {
		t.Errorf("the deleted scenario still shows:\n%s", e.TestsText())
	}
}

// scenarioEditorOf returns the code editor of scenario name's tab.
func scenarioEditorOf(t *testing.T, e *Editor, name string) *code.Editor {
	t.Helper()
	tab, _, ok := e.Dock.Panel(scenarioPanelID(name))
	if !ok {
		t.Fatalf("no tab for scenario %s", name)
	}
	for _, o := range tab.Content.(*fyne.Container).Objects {
		if c, ok := o.(*code.Editor); ok {
			return c
		}
	}
	t.Fatal("no code editor in the scenario's tab")
	return nil
}

// buttonIn finds the button labelled label in panel id.
func buttonIn(t *testing.T, d *dock.Dock, id, label string) *widget.Button {
	t.Helper()
	p, _, ok := d.Panel(id)
	if !ok {
		t.Fatalf("no panel %s", id)
	}
	var found *widget.Button
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := fyneOf(o).(type) {
		case *widget.Button:
			if w.Text == label {
				found = w
			}
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		}
	}
	walk(p.Content)
	if found == nil {
		t.Fatalf("no button %q in %s", label, id)
	}
	return found
}

// TestScenarioFromMatch: the scenario made from a match replays its moves
// and passes on the pack it was played on.
func TestScenarioFromMatch(t *testing.T) {
	data, _ := assets.Pack("tictactoe")
	p, err := graph.Parse(data, "tictactoe.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sess, err := preview.New(p, preview.Config{Seed: 3, Seats: []graph.Seat{{Bot: "random"}, {Bot: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Continue(); err != nil { // the bots play the match out
		t.Fatal(err)
	}
	rec := sess.Record()
	if len(rec.Moves) < 5 {
		t.Fatalf("%d moves in a whole match", len(rec.Moves))
	}
	text := scenarioFromRecord("opening", rec)
	sc, err := scenario.Parse(text, "opening.yaml")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if len(sc.Steps) != len(rec.Moves)+1 {
		t.Errorf("%d steps for %d moves:\n%s", len(sc.Steps), len(rec.Moves), text)
	}
	if r := runStored(StoredScenario{Name: "opening", YAML: text}, "t.rulestudio", sess.Program(), nil); len(r.failures) != 0 {
		t.Errorf("the match's scenario fails: %v\n%s", r.failures, text)
	}
}

// TestNewScenarioFromPlay: "New from this match…" in the Tests panel
// stores the Play panel's match as a scenario, opens it, and it passes.
func TestNewScenarioFromPlay(t *testing.T) {
	e, s := newTestEditor(t)
	proj := seedsWithScenarios(t, e, s)
	e.ShowTests()
	test.Tap(e.tests.fromMatch) // no match yet: says so
	if top := e.win.Canvas().Overlays().Top(); top == nil || len(findIn[*widget.Entry](top)) != 0 {
		t.Fatal("no message, or a name asked, without a match")
	}
	test.Tap(overlayButton(t, e, "OK"))
	if err := e.Play.Start(e.pack, preview.Config{Seed: 5, Seats: []graph.Seat{{Bot: "random"}, {Bot: "random"}}}); err != nil {
		t.Fatal(err)
	}
	test.Tap(e.tests.fromMatch)
	entries := findIn[*widget.Entry](e.win.Canvas().Overlays().Top())
	if len(entries) != 1 {
		t.Fatalf("%d entries in the name dialog", len(entries))
	}
	entries[0].SetText("match-5")
	test.Tap(overlayButton(t, e, "Create"))
	got := string(proj.kept["match-5"].YAML)
	if !strings.HasPrefix(got, "name: match-5\npack: seeds\nseats: 2\nseed: 5\nsteps:\n  - move: {") {
		t.Fatalf("stored scenario:\n%s", got)
	}
	if e.Dock.Front(dock.Centre) != scenarioPanelID("match-5") {
		t.Error("the new scenario is not open")
	}
	e.RunTests("match-5")
	settle(e)
	if text := e.TestsText(); !strings.Contains(text, "✓  pass match-5\n") {
		t.Errorf("the match's scenario does not pass:\n%s", text)
	}
}

// TestTestsPanelBless: a scenario whose events differ from its transcript
// fails saying so and offers Bless, which keeps the events of the run as
// its transcript; then it passes.
func TestTestsPanelBless(t *testing.T) {
	e, s := newTestEditor(t)
	proj := seedsWithScenarios(t, e, s)
	want := proj.kept["flying"].Events
	proj.kept["flying"] = StoredScenario{Name: "flying", YAML: proj.kept["flying"].YAML, Events: []byte("not what happens\n")}
	e.ShowTests()
	e.RunTests()
	settle(e)
	text := e.TestsText()
	if !strings.HasPrefix(text, "✗  FAIL flying\nline 1: scenario: the events differ from ") || !strings.Contains(text, "4 scenarios, 1 failed") {
		t.Fatalf("after the run:\n%s", text)
	}
	if commandLineTalk.MatchString(text) || !strings.Contains(text, "Bless") {
		t.Errorf("the failure speaks the command line's language, or does not say that Bless accepts the events:\n%s", text)
	}
	var bless *widget.Button
	for _, b := range findIn[*widget.Button](e.tests.rows) {
		if b.Text == "Bless" {
			if bless != nil {
				t.Fatal("Bless offered twice: only flying's events differ")
			}
			bless = b
		}
	}
	if bless == nil {
		t.Fatal("no Bless button")
	}
	test.Tap(bless)
	if got := string(proj.kept["flying"].Events); got != string(want) {
		t.Errorf("blessed transcript:\n%s\nwant the bundled one:\n%s", got, want)
	}
	e.RunTests("flying")
	settle(e)
	if text := e.TestsText(); !strings.Contains(text, "✓  pass flying\n") {
		t.Errorf("after blessing:\n%s", text)
	}
}
