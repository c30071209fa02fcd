package editor

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview/scenario"
)

// scenarioPanelID is the id of the Centre panel editing scenario name.
func scenarioPanelID(name string) string { return "scenario:" + name }

// scenarioEditor is a stored scenario's YAML open for editing, beside the
// graph: Save writes it back to the project when it reads as a scenario
// (else its error is marked at its line), Run saves and runs it.
type scenarioEditor struct {
	name   string
	code   *code.Editor
	status *widget.Label
}

// EditScenario opens the project's scenario name in a tab of the main area
// (its YAML, highlighted, with the failures of its last run marked at their
// lines), or brings its tab to the front.
func (e *Editor) EditScenario(name string) {
	if e.Dock.Show(scenarioPanelID(name)) {
		return
	}
	if e.tests == nil {
		e.ShowTests()
	}
	var found *StoredScenario
	for i, s := range e.tests.scenarios {
		if s.Name == name {
			found = &e.tests.scenarios[i]
		}
	}
	if found == nil {
		return
	}
	se := &scenarioEditor{name: name, code: code.NewEditor("yaml", true, 10), status: widget.NewLabel("")}
	se.status.Wrapping = fyne.TextWrapWord
	se.code.SetText(string(found.YAML))
	e.tests.editors[name] = se
	save := ui.NewButton("Save", func() { e.saveScenario(se) })
	run := ui.NewButton("Save and run", func() {
		if e.saveScenario(se) {
			e.RunTests(name)
		}
	})
	closeBtn := ui.NewButton("Close", func() { e.Dock.Remove(scenarioPanelID(name)) })
	del := ui.NewButton("Delete…", func() { e.deleteScenario(name) })
	if e.proj.ReadOnly() {
		save.Disable()
		run.Disable()
		del.Disable()
		se.status.SetText("The project is open read-only.")
	}
	top := container.NewBorder(nil, nil, container.NewHBox(save, run, closeBtn), del, se.status)
	e.Dock.Add(dock.Centre, dock.Panel{ID: scenarioPanelID(name), Title: name + ".yaml", Content: container.NewBorder(top, nil, nil, nil, se.code)})
	se.showFailures(e.tests.results[name].failures, true)
}

// showFailures marks failures at their lines and, with reveal, puts the
// cursor on the first one, scrolled into view (the editor takes the focus).
func (se *scenarioEditor) showFailures(failures []scenario.Failure, reveal bool) {
	var marks []code.Mark
	for _, f := range failures {
		marks = append(marks, code.Mark{Line: f.Line, Column: 1, Severity: graph.Error, Message: failureWhat(f)})
	}
	se.code.SetMarks(marks)
	if len(marks) > 0 && reveal {
		se.code.SetCursor(marks[0].Line, 1)
	}
}

// scenarioResult shows the run of scenario name that just ended in its
// tab, when one is open.
func (e *Editor) scenarioResult(name string) {
	se := e.tests.editors[name]
	if !e.Dock.Has(scenarioPanelID(name)) || se == nil {
		delete(e.tests.editors, name) // closed since
		return
	}
	// The cursor goes to the failure when the tab is in front and the
	// designer is not typing elsewhere (a run takes a while).
	f := e.win.Canvas().Focused()
	reveal := e.Dock.Front(dock.Centre) == scenarioPanelID(name) && (f == nil || f == fyne.Focusable(se.code))
	se.showFailures(e.tests.results[name].failures, reveal)
}

// deleteScenario asks, then removes the scenario name from the project and
// closes its tab.
func (e *Editor) deleteScenario(name string) {
	e.confirm("Delete scenario", "Delete the scenario "+name+" from the project? (Its history stays in the file.)", func(ok bool) {
		if !ok {
			return
		}
		if err := e.scenarios().DeleteScenario(name); err != nil {
			e.showError(err)
			return
		}
		delete(e.tests.results, name)
		e.Dock.Remove(scenarioPanelID(name))
		e.tests.reload()
	})
}

// saveScenario stores the editor's text as the scenario when it reads as
// one, keeping its transcript; it reports whether it did.
func (e *Editor) saveScenario(se *scenarioEditor) bool {
	text := []byte(se.code.Text())
	path := scenario.StoredPath(e.proj.Path(), se.name)
	if _, err := scenario.Parse(text, path); err != nil {
		line := 1
		msg := strings.TrimPrefix(err.Error(), path+":")
		fmt.Sscanf(msg, "%d:", &line)
		se.code.SetMarks([]code.Mark{{Line: line, Column: 1, Severity: graph.Error, Message: msg}})
		se.status.SetText("Not saved: " + msg)
		return false
	}
	store := e.scenarios()
	var events []byte
	for _, s := range e.tests.scenarios {
		if s.Name == se.name {
			events = s.Events
		}
	}
	if err := store.PutScenario(StoredScenario{Name: se.name, YAML: text, Events: events}); err != nil {
		se.status.SetText("Not saved: " + err.Error())
		return false
	}
	se.code.SetMarks(nil)
	se.status.SetText("Saved in the project.")
	e.tests.reload()
	return true
}

// askFromMatch asks for a name and makes a scenario of the Play panel's
// match: its seats, seed and every move taken so far, then a step to fill in.
func (t *testsPanel) askFromMatch() {
	if t.e.Play == nil || t.e.Play.Session() == nil {
		t.e.showError(errors.New("no match to make a scenario of: start one with Play > New match…"))
		return
	}
	rec := t.e.Play.Session().Record()
	t.askName("New scenario from this match", func(name string) []byte { return scenarioFromRecord(name, rec) })
}

// scenarioFromRecord writes the YAML of a scenario replaying rec's moves
// (each a JSON mapping, as records write them), ending with an expectation
// to fill in. A move's wait is left out: scenarios have no clocks.
func scenarioFromRecord(name string, rec graph.Record) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "name: %s\npack: %s\nseats: %d\nseed: %d\nsteps:\n", name, rec.Pack, len(rec.Seats), rec.Seed)
	for _, mv := range rec.Moves {
		mv.WaitMS = 0
		fmt.Fprintf(&b, "  - move: %s\n", mv)
	}
	b.WriteString("  - expect: True # what must hold after these moves\n")
	return b.Bytes()
}
