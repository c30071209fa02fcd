package editor

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/preview/scenario"
)

// Running the scenario tests of the Tests panel, blessing a failing one's
// transcript, and adding a new one.

// failureText is a failure without the scenario's path, which its row
// names: "line 10: step 2: expect x == 4: got False".
func failureText(f scenario.Failure) string {
	return fmt.Sprintf("line %d: %s", f.Line, failureWhat(f))
}

// failureWhat is a failure without its place: "step 2: expect x == 4: got
// False" (a mark at its line in the scenario editor says the rest).
func failureWhat(f scenario.Failure) string {
	if f.Diff != "" { // the transcript's name in the project file means nothing here
		return "scenario: the events differ from its transcript: " + f.Diff + " (Bless keeps this run's events as its transcript)"
	}
	return strings.TrimPrefix(f.String(), fmt.Sprintf("%s:%d: ", f.Path, f.Line))
}

// RunTests runs the named scenarios of the project (all of them when none
// is named) on the pack on screen, unsaved edits included, off the Fyne
// goroutine, and shows each result as it comes with a progress bar. A pack
// that does not compile is shown as every scenario's failure.
func (e *Editor) RunTests(names ...string) {
	t := e.tests
	if t == nil || t.running || e.pack == nil {
		return
	}
	var todo []StoredScenario
	for _, s := range t.scenarios {
		if len(names) == 0 || slices.Contains(names, s.Name) {
			todo = append(todo, s)
		}
	}
	if len(todo) == 0 {
		return
	}
	prog, compileErr := engine.Compile(e.pack.Clone())
	path := e.proj.Path()
	t.running = true
	for _, s := range todo {
		delete(t.results, s.Name)
	}
	t.bar.Max, t.bar.Value = float64(len(todo)), 0
	t.bar.Show()
	t.bar.Refresh()
	t.status.SetText(fmt.Sprintf("Running %d scenarios…", len(todo)))
	t.reloadButtons()
	e.layouts.Add(1)
	go func() {
		defer e.layouts.Done()
		failed := 0
		for i, s := range todo {
			r := runStored(s, path, prog, compileErr)
			if len(r.failures) > 0 {
				failed++
			}
			e.do(func() {
				t.results[s.Name] = r
				t.bar.SetValue(float64(i + 1))
				t.showRows()
				e.scenarioResult(s.Name)
			})
		}
		e.do(func() {
			t.running = false
			t.bar.Hide()
			t.status.SetText(fmt.Sprintf("%d scenarios, %d failed", len(todo), failed))
			t.reloadButtons()
		})
	}()
}

// reloadButtons enables the run buttons as t.running says.
func (t *testsPanel) reloadButtons() {
	setEnabled(t.runAll, len(t.scenarios) > 0 && !t.running)
	t.showRows()
}

// runStored parses and runs one stored scenario; a parse or compile error
// is its failure.
func runStored(s StoredScenario, project string, prog *engine.Program, compileErr error) testResult {
	path := scenario.StoredPath(project, s.Name)
	if compileErr != nil {
		return testResult{ran: true, failures: []scenario.Failure{{Path: path, Line: 1, Step: -1, Msg: "the pack does not compile: " + compileErr.Error()}}}
	}
	sc, err := scenario.Parse(s.YAML, path)
	if err != nil {
		line := 1
		fmt.Sscanf(strings.TrimPrefix(err.Error(), path+":"), "%d:", &line)
		return testResult{ran: true, failures: []scenario.Failure{{Path: path, Line: line, Step: -1, Msg: strings.TrimPrefix(err.Error(), fmt.Sprintf("%s:%d: ", path, line))}}}
	}
	r := scenario.Run(sc, prog, s.Events)
	res := testResult{ran: true, failures: r.Failures}
	differ := len(r.Failures) == 1 && r.Failures[0].Diff != ""
	if differ || len(r.Failures) == 0 && s.Events == nil {
		res.transcript, res.blessable = r.Transcript, true
	}
	return res
}

// blessScenario keeps the events of the scenario's last run as its
// transcript (as studio test --bless does): it passes from then on.
func (e *Editor) blessScenario(name string) {
	t := e.tests
	r := t.results[name]
	for _, s := range t.scenarios {
		if s.Name != name || !r.blessable {
			continue
		}
		s.Events = []byte(r.transcript)
		if err := e.scenarios().PutScenario(s); err != nil {
			e.showError(err)
			return
		}
		t.results[name] = testResult{ran: true}
		t.reload()
		t.status.SetText("Blessed the events of " + name + ": kept as its transcript.")
		return
	}
}

// askNew asks for a new scenario's name and opens it in the scenario editor
// with a first step to fill in.
func (t *testsPanel) askNew() {
	t.askName("New scenario", func(name string) []byte {
		return []byte(fmt.Sprintf("name: %s\npack: %s\nseed: 1\nsteps:\n  - expect: True # what must hold\n", name, t.e.baseName()))
	})
}

// askName asks for a scenario name not taken yet, stores the text made for
// it and opens it for editing.
func (t *testsPanel) askName(title string, text func(name string) []byte) {
	entry := widget.NewEntry()
	d := dialog.NewForm(title, "Create", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", entry)}, func(ok bool) {
		if !ok {
			return
		}
		name := strings.TrimSpace(entry.Text)
		if err := t.e.createScenario(name, text(name)); err != nil {
			t.e.showError(err)
		}
	}, t.e.win)
	d.Resize(fyne.NewSize(360, 0))
	t.e.showModal(d, d.Submit, d.Hide)
	t.e.win.Canvas().Focus(entry)
}

// createScenario stores a new scenario and opens it in the scenario editor.
func (e *Editor) createScenario(name string, text []byte) error {
	store := e.scenarios()
	if store == nil {
		return errors.New("the pack is not in a project")
	}
	for _, s := range e.tests.scenarios {
		if s.Name == name {
			return fmt.Errorf("a scenario named %q exists", name)
		}
	}
	if err := store.PutScenario(StoredScenario{Name: name, YAML: text}); err != nil {
		return err
	}
	e.tests.reload()
	e.EditScenario(name)
	return nil
}
