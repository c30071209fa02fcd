package editor

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/preview/scenario"
)

// PanelTests is the id of the Tests panel (Bottom).
const PanelTests = "tests"

// StoredScenario is a scenario test a project keeps (package
// preview/scenario): its name, its YAML as written, and its blessed event
// transcript (nil: none).
type StoredScenario struct {
	Name   string
	YAML   []byte
	Events []byte
}

// ScenarioStore is implemented by projects that keep scenario tests
// (cmd/studio's project files, through package project). The Tests panel
// lists, runs and edits them.
type ScenarioStore interface {
	// Scenarios returns the project's scenarios by name.
	Scenarios() ([]StoredScenario, error)
	// PutScenario adds s or replaces the scenario of its name.
	PutScenario(s StoredScenario) error
	// DeleteScenario removes the scenario name.
	DeleteScenario(name string) error
}

// testResult is one scenario's last run: not run yet, passed, or its
// failures.
type testResult struct {
	ran      bool
	failures []scenario.Failure
	// transcript is the events the run gave when Bless may keep them: the
	// steps passed and the scenario has no transcript, or its events
	// differ from it ("" otherwise).
	transcript string
	blessable  bool
}

// testsPanel is the Tests panel: the project's scenarios, each with its last
// result, Run all and a Run and an Edit button each, and New.
type testsPanel struct {
	e         *Editor
	rows      *fyne.Container // one testRow per scenario
	status    *widget.Label
	bar       *widget.ProgressBar
	runAll    *ui.Button
	newBtn    *ui.Button
	fromMatch *ui.Button
	content   fyne.CanvasObject
	scenarios []StoredScenario
	results   map[string]testResult
	proj      Project                    // the project the results are of
	editors   map[string]*scenarioEditor // the scenarios open in tabs, by name
	running   bool
}

// projectChanged shows the scenarios of the project just opened, when the
// Tests panel has been shown.
func (e *Editor) projectChanged() {
	if e.tests == nil {
		return
	}
	for _, id := range e.Dock.Panels(dock.Centre) {
		if strings.HasPrefix(id, scenarioPanelID("")) { // the old project's
			e.Dock.Remove(id)
		}
	}
	e.tests.reload()
}

// scenarios returns the open project's scenario store, nil when the pack is
// not in a project that keeps scenarios.
func (e *Editor) scenarios() ScenarioStore {
	s, _ := e.proj.(ScenarioStore)
	return s
}

// ShowTests is Tools > Tests (ctrl+shift+T): it docks the Tests panel
// under the graph with the project's scenarios, as stored now.
func (e *Editor) ShowTests() {
	if e.tests == nil {
		e.tests = newTestsPanel(e)
	}
	e.tests.reload()
	e.Dock.Add(dock.Bottom, dock.Panel{ID: PanelTests, Title: "Tests", Content: e.tests.content})
}

func newTestsPanel(e *Editor) *testsPanel {
	t := &testsPanel{e: e, rows: container.NewVBox(), status: widget.NewLabel(""), bar: widget.NewProgressBar(), results: map[string]testResult{}, editors: map[string]*scenarioEditor{}}
	t.status.Wrapping = fyne.TextWrapWord
	t.bar.Hide()
	t.runAll = ui.NewButton("Run all", func() { e.RunTests() })
	t.newBtn = ui.NewButton("New scenario…", t.askNew)
	t.fromMatch = ui.NewButton("New from this match…", t.askFromMatch)
	top := container.NewBorder(nil, nil, container.NewHBox(t.runAll, t.newBtn, t.fromMatch), nil, t.bar)
	t.content = container.NewBorder(top, t.status, nil, nil, container.NewVScroll(t.rows))
	return t
}

// reload reads the scenarios from the project again and shows them (the
// results of another project's forgotten).
func (t *testsPanel) reload() {
	t.scenarios = nil
	store := t.e.scenarios()
	if t.proj != t.e.proj {
		t.proj, t.results = t.e.proj, map[string]testResult{}
	}
	switch {
	case store == nil:
		t.status.SetText("Save the pack in a project to keep scenario tests in it (File > Save As…).")
	default:
		ss, err := store.Scenarios()
		if err != nil {
			t.status.SetText(err.Error())
			break
		}
		t.scenarios = ss
		if len(ss) == 0 {
			t.status.SetText("No scenarios yet: New scenario…, or studio scenario add PROJECT FILE… (docs/playtesting.md).")
		} else {
			t.status.SetText(fmt.Sprintf("%d scenarios", len(ss)))
		}
	}
	writable := store != nil && !t.e.proj.ReadOnly()
	setEnabled(t.runAll, len(t.scenarios) > 0 && !t.running)
	setEnabled(t.newBtn, writable)
	setEnabled(t.fromMatch, writable)
	t.showRows()
}

func setEnabled(b *ui.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// showRows lays the scenarios out with their results: those that failed
// first, so that their failures show without scrolling, then the others,
// each group by name.
func (t *testsPanel) showRows() {
	var objs, passed []fyne.CanvasObject
	for _, s := range t.scenarios {
		if len(t.results[s.Name].failures) > 0 {
			objs = append(objs, t.row(s.Name))
		} else {
			passed = append(passed, t.row(s.Name))
		}
	}
	objs = append(objs, passed...)
	t.rows.Objects = objs
	t.rows.Refresh()
}

// row is one scenario: its result, its name, Run and Edit, and under them
// each failure with its step, line and expression.
func (t *testsPanel) row(name string) fyne.CanvasObject {
	r := t.results[name]
	mark := widget.NewLabel("·  not run")
	switch {
	case r.ran && len(r.failures) == 0:
		mark.SetText("✓  pass")
		mark.Importance = widget.SuccessImportance
	case r.ran:
		mark.SetText("✗  FAIL")
		mark.Importance = widget.DangerImportance
	}
	run := ui.NewButton("Run", func() { t.e.RunTests(name) })
	setEnabled(run, !t.running)
	edit := ui.NewButton("Edit", func() { t.e.EditScenario(name) })
	head := container.NewHBox(run, edit, mark, newScenarioName(name, func() { t.e.EditScenario(name) }))
	if r.blessable && !t.e.proj.ReadOnly() {
		head.Add(ui.NewButton("Bless", func() { t.e.blessScenario(name) }))
	}
	box := container.NewVBox(head)
	for _, f := range r.failures {
		l := widget.NewLabel(failureText(f))
		l.Wrapping = fyne.TextWrapWord
		l.TextStyle = fyne.TextStyle{Monospace: true}
		indent := canvas.NewRectangle(color.Transparent)
		indent.SetMinSize(fyne.NewSize(24, 0))
		box.Add(container.NewBorder(nil, nil, indent, nil, l))
	}
	return box
}

// scenarioName is a scenario's name in its row: a double click opens it,
// as Edit does.
type scenarioName struct {
	widget.Label
	open func()
}

func newScenarioName(name string, open func()) *scenarioName {
	n := &scenarioName{open: open}
	n.Text, n.TextStyle = name, fyne.TextStyle{Bold: true}
	n.ExtendBaseWidget(n)
	return n
}

// DoubleTapped implements fyne.DoubleTappable: it opens the scenario.
func (n *scenarioName) DoubleTapped(*fyne.PointEvent) { n.open() }

// TestsText is what the Tests panel shows, a line per label (results,
// names, failures), or "" when it is not docked.
func (e *Editor) TestsText() string {
	if e.tests == nil {
		return ""
	}
	if !e.Dock.Has(PanelTests) {
		return ""
	}
	var b strings.Builder
	for _, row := range e.tests.rows.Objects {
		for i, o := range row.(*fyne.Container).Objects {
			if i == 0 {
				var parts []string
				for _, w := range o.(*fyne.Container).Objects {
					switch l := w.(type) {
					case *widget.Label:
						parts = append(parts, l.Text)
					case *scenarioName:
						parts = append(parts, l.Text)
					}
				}
				b.WriteString(strings.Join(parts, " ") + "\n")
				continue
			}
			for _, w := range o.(*fyne.Container).Objects {
				if l, ok := w.(*widget.Label); ok {
					b.WriteString(l.Text + "\n")
				}
			}
		}
	}
	b.WriteString(e.tests.status.Text + "\n")
	return b.String()
}
