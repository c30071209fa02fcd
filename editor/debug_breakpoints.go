package editor

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// breakTabTitle is the Breakpoints tab's title in the debugger.
const breakTabTitle = "Breakpoints"

// breakTab is the debugger's Breakpoints tab: every breakpoint with its kind
// (enable, disable, remove), and a form adding one of any kind.
type breakTab struct {
	e    *Editor
	list *fyne.Container // a row per breakpoint
	rows []breakRow      // the list's rows, in the breakpoints' order

	kind                     *ui.Select
	state, clause            *ui.SelectEntry // typed, or picked from the pack's states by name, its clauses by path
	target, cond, n          *ui.Entry
	stateOptions             []string // what state offers: the states' names (an id for a state without one)
	clauseOptions            []string // what clause offers: graph.ClausePaths
	stateRow, clauseRow      *fyne.Container
	targetRow, nRow, condRow *fyne.Container
	problem                  *widget.Label // why the last Add was refused
	content                  fyne.CanvasObject
}

// breakRow is one breakpoint in the tab's list.
type breakRow struct {
	label  *widget.Label // its kind, what it watches, why the match ignores it
	on     *ui.Check     // enabled
	remove *ui.Button    // removes it
}

// newBreakTab builds the tab for e's breakpoints.
func newBreakTab(e *Editor) *breakTab {
	t := &breakTab{e: e, list: container.NewVBox(), problem: widget.NewLabel("")}
	t.problem.Wrapping = fyne.TextWrapWord
	kinds := make([]string, len(graph.BreakKinds))
	for i, k := range graph.BreakKinds {
		kinds[i] = string(k)
	}
	t.state = ui.NewSelectEntry(nil)
	t.state.SetPlaceHolder("any state (pick one, or type its name or id)")
	t.clause = ui.NewSelectEntry(nil)
	t.clause.SetPlaceHolder("pick a clause, or type a path some are under")
	t.target, t.cond, t.n = ui.NewEntry(), ui.NewEntry(), ui.NewEntry()
	t.target.SetPlaceHolder("game.NAME, player.NAME, TYPE.NAME, #ID.NAME")
	t.cond.SetPlaceHolder("a Starlark expression (optional but for kind condition)")
	t.n.SetPlaceHolder("frames (depth) or milliseconds (clock)")
	row := func(label string, w fyne.CanvasObject) *fyne.Container {
		return container.NewBorder(nil, nil, widget.NewLabel(label), nil, w)
	}
	t.stateRow, t.clauseRow, t.targetRow = row("State", t.state), row("Clause", t.clause), row("Target", t.target)
	t.nRow, t.condRow = row("N", t.n), row("Condition", t.cond)
	t.kind = ui.NewSelect(kinds, func(string) { t.showFields() })
	add := ui.NewButton("Add breakpoint", t.add)
	form := container.NewVBox(container.NewBorder(nil, nil, widget.NewLabel("Kind"), add, t.kind),
		t.stateRow, t.clauseRow, t.targetRow, t.nRow, t.condRow, t.problem)
	t.kind.SetSelected(string(graph.BreakEnter))
	// The list over the form, scrolling both ways: the Debugger docks in
	// the narrow side column.
	split := container.NewVSplit(container.NewVScroll(t.list), form)
	split.Offset = 0.45
	t.content = container.NewScroll(split)
	t.refresh()
	return t
}

// offer fills the state and clause pickers from the pack as it is now.
func (t *breakTab) offer() {
	t.stateOptions, t.clauseOptions = nil, nil
	if p := t.e.pack; p != nil {
		for _, s := range p.States {
			if s.Name != "" {
				t.stateOptions = append(t.stateOptions, s.Name)
			} else {
				t.stateOptions = append(t.stateOptions, s.ID.String())
			}
		}
		t.clauseOptions = graph.ClausePaths(p)
	}
	t.state.SetOptions(t.stateOptions)
	t.clause.SetOptions(t.clauseOptions)
}

// showFields shows the form's fields the kind uses, the pickers filled
// from the pack as it is now (it may have changed since the list did).
func (t *breakTab) showFields() {
	if t.state != nil {
		t.offer()
	}
	k := graph.BreakKind(t.kind.Selected)
	show := func(c *fyne.Container, on bool) {
		if on {
			c.Show()
		} else {
			c.Hide()
		}
	}
	show(t.stateRow, onState(k))
	show(t.clauseRow, k == graph.BreakClause)
	show(t.targetRow, k == graph.BreakVariable || k == graph.BreakProperty)
	show(t.nRow, k == graph.BreakDepth || k == graph.BreakClock)
}

// breakpoint is the form's breakpoint, with only its kind's fields.
func (t *breakTab) breakpoint() (graph.Breakpoint, error) {
	b := graph.Breakpoint{Kind: graph.BreakKind(t.kind.Selected), Enabled: true, Condition: strings.TrimSpace(t.cond.Text)}
	switch {
	case onState(b.Kind):
		b.State = strings.TrimSpace(t.state.Text)
	case b.Kind == graph.BreakClause:
		b.Clause = strings.TrimSpace(t.clause.Text)
	case b.Kind == graph.BreakVariable || b.Kind == graph.BreakProperty:
		b.Target = strings.TrimSpace(t.target.Text)
	case b.Kind == graph.BreakDepth || b.Kind == graph.BreakClock:
		if s := strings.TrimSpace(t.n.Text); s != "" {
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return b, fmt.Errorf("n %q: a whole number, please", s)
			}
			b.N = n
		}
	}
	return b, b.Check()
}

// add adds the form's breakpoint, or says why not.
func (t *breakTab) add() {
	b, err := t.breakpoint()
	if err == nil {
		err = t.e.AddBreakpoint(b)
	}
	if err != nil {
		t.problem.SetText("Not added: " + err.Error())
		return
	}
	t.problem.SetText("")
	for _, en := range []*widget.Entry{&t.state.Entry, &t.clause.Entry, &t.target.Entry, &t.cond.Entry, &t.n.Entry} {
		en.SetText("")
	}
}

// refresh lists the breakpoints again, each with its kind, what it watches,
// whether the match takes it, an enable box and a remove button.
func (t *breakTab) refresh() {
	e := t.e
	t.list.RemoveAll()
	t.rows = t.rows[:0]
	t.offer()
	if len(e.bps) == 0 {
		t.list.Add(widget.NewLabel("No breakpoints. Select a state and press Ctrl+B, or add one below."))
		return
	}
	errs := e.Play.BreakpointErrors()
	for i, b := range e.bps {
		text := t.line(b.Breakpoint)
		if i < len(errs) && errs[i] != nil {
			text += " — the match ignores it: " + errs[i].Error()
		}
		label := widget.NewLabel(text)
		label.Wrapping = fyne.TextWrapWord
		on := ui.NewCheck("", nil)
		on.SetChecked(b.Enabled)
		on.OnChanged = func(v bool) { t.report(e.SetBreakpointEnabled(i, v)) }
		remove := ui.NewButton("Remove", func() { t.report(e.DeleteBreakpoint(i)) })
		t.rows = append(t.rows, breakRow{label, on, remove})
		t.list.Add(container.NewBorder(nil, nil, on, remove, label))
	}
}

// line is a breakpoint as the list shows it: its kind, then what it
// watches, a state by its id and name ("enter — state 31 (playerTurn)").
func (t *breakTab) line(b graph.Breakpoint) string {
	what := strings.TrimPrefix(b.String(), string(b.Kind)+" ")
	if id := t.e.stateKey(b.State); onState(b.Kind) && id != "" {
		for _, s := range t.e.pack.States {
			if s.ID.String() == id && s.Name != "" && s.Name != b.State {
				what = strings.Replace(what, "state "+b.State, "state "+b.State+" ("+s.Name+")", 1)
				break
			}
		}
	}
	line := string(b.Kind) + " — " + what
	if !b.Enabled {
		line += " (disabled)"
	}
	return line
}

func (t *breakTab) report(err error) {
	if err != nil {
		t.problem.SetText(err.Error())
	}
}
