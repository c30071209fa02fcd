package play

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/preview"
)

// WhyTab is the title of the Debugger's Why tab.
const WhyTab = "Why"

// whyTab is the Debugger's Why tab: pick a whenever or when clause and it
// says why the clause did or did not fire in the step at the cursor; pick
// a wrapped value and it says what made each wrapper apply; under both,
// why each action not offered now is refused, with the rule's place and
// what it read (preview's why.go answers all three).
type whyTab struct {
	clause *ui.Select        // the pack's whenever/when clauses, by label
	value  *ui.Select        // the wrapped values at the cursor: "Elf Lord#8.power"
	answer *widget.Label     // the answers, monospaced (the trees indent)
	paths  map[string]string // clause label -> its path in the pack
	values map[string]valueRef
}

// valueRef is an object's property, variable, method or tag.
type valueRef struct {
	id   int
	name string
}

// newWhyTab returns the Why tab's content.
func (p *Panels) newWhyTab() fyne.CanvasObject {
	w := &p.why
	w.answer = widget.NewLabel("")
	w.answer.TextStyle = fyne.TextStyle{Monospace: true}
	w.clause = ui.NewSelect(nil, func(string) { p.showWhy() })
	w.clause.PlaceHolder = "a whenever or when clause…"
	w.value = ui.NewSelect(nil, func(string) { p.showWhy() })
	w.value.PlaceHolder = "a wrapped value…"
	form := container.New(layout.NewFormLayout(), widget.NewLabel("Clause"), w.clause, widget.NewLabel("Value"), w.value)
	return container.NewBorder(form, nil, nil, nil, container.NewScroll(w.answer))
}

// setWhyClauses lists the clauses of the session's pack.
func (p *Panels) setWhyClauses(s *preview.Session) {
	w := &p.why
	w.paths = map[string]string{}
	var opts []string
	for _, path := range s.Program().Triggers() {
		label := clauseLabel(path)
		w.paths[label] = path
		opts = append(opts, label)
	}
	w.clause.Options = opts
	w.clause.ClearSelected()
	w.clause.Refresh()
}

// clauseLabel names a clause's path for a designer:
// "pain_altar · whenever pain", "state 10 · when done".
func clauseLabel(path string) string {
	parts := strings.Split(path, "/")
	if len(parts) != 4 {
		return path
	}
	owner := parts[1]
	if parts[0] == "states" {
		owner = "state " + owner
	}
	return owner + " · " + engine.ClauseName(parts[2], parts[3])
}

// SelectWhyClause asks the Why tab about the clause at path (as events
// name it); false when the pack has no such whenever or when clause.
func (p *Panels) SelectWhyClause(path string) bool {
	if _, ok := p.why.paths[clauseLabel(path)]; !ok {
		return false
	}
	p.why.clause.SetSelected(clauseLabel(path))
	return true
}

// SelectWhyValue asks the Why tab about value ("Elf Lord#8.power"); false
// when no wrapped value at the cursor is named so.
func (p *Panels) SelectWhyValue(value string) bool {
	if _, ok := p.why.values[value]; !ok {
		return false
	}
	p.why.value.SetSelected(value)
	return true
}

// WhyText returns the Why tab's answers.
func (p *Panels) WhyText() string { return p.why.answer.Text }

// showWhy answers the questions picked, and why the actions not offered
// are refused, for the step at the cursor.
func (p *Panels) showWhy() {
	w := &p.why
	if p.sess == nil || w.answer == nil {
		return
	}
	s := p.sess
	m := s.Match()
	p.listWhyValues(m)
	var b strings.Builder
	if label := w.clause.Selected; label != "" {
		fmt.Fprintf(&b, "Why %s did or did not fire in step %d\n", label, s.Cursor())
		if s.Cursor() < 1 {
			b.WriteString("  Step 0 is the start: no clause has been asked yet. Step forward.\n")
		} else if asks, err := s.WhyClause(s.Cursor(), w.paths[label]); err != nil {
			b.WriteString("  " + err.Error() + "\n")
		} else {
			b.WriteString(preview.ClauseLines(asks))
		}
		b.WriteByte('\n')
	}
	if v := w.value.Selected; v != "" {
		ref := w.values[v]
		fmt.Fprintf(&b, "Why %s is what it is at step %d\n", v, s.Cursor())
		if c, err := s.WhyValue(ref.id, ref.name); err != nil {
			b.WriteString("  " + err.Error() + "\n")
		} else {
			b.WriteString(preview.ChainLines(c))
		}
		b.WriteByte('\n')
	}
	b.WriteString(refusedLines(s, m))
	text := b.String()
	if src := s.Config().Source; src != "" {
		// The rules' places by file name and line: the folder is the project's own.
		text = strings.ReplaceAll(text, filepath.Dir(src)+string(filepath.Separator), "")
	}
	w.answer.SetText(text)
}

// listWhyValues offers the values some wrapper wraps at the cursor,
// keeping the one picked (cleared when it is wrapped no more).
func (p *Panels) listWhyValues(m *engine.Match) {
	w := &p.why
	w.values = map[string]valueRef{}
	var opts []string
	for _, ob := range m.Objects() {
		for _, name := range ob.Wrapped {
			label := ob.Label + "." + name
			w.values[label] = valueRef{ob.ID, name}
			opts = append(opts, label)
		}
	}
	w.value.Options = opts
	if _, ok := w.values[w.value.Selected]; !ok && w.value.Selected != "" {
		w.value.Selected = "" // no OnChanged: showWhy is already answering
	}
	w.value.Refresh()
}

// refusedLines says, per seat, why each action it may not take now is
// refused: the rule, its place, its words or what it read.
func refusedLines(s *preview.Session, m *engine.Match) string {
	var b strings.Builder
	for seat := range s.Config().Seats {
		rs, err := m.WhyNot(seat)
		if err != nil {
			fmt.Fprintf(&b, "player %d: %v\n", seat+1, err)
			continue
		}
		for _, r := range rs {
			if r.Part == "deciding" || r.Part == "match" {
				continue // a seat with nothing to decide: nothing to explain
			}
			fmt.Fprintf(&b, "Why player %d cannot %s: %s", seat+1, r.Action, preview.RefusalLines(r))
		}
	}
	return b.String()
}

// FocusWhy brings the Why tab to the front and gives its clause picker
// the keyboard (Play > Why…): Space opens it.
func (p *Panels) FocusWhy() {
	p.ShowTab(WhyTab)
	p.showWhy()
	var c fyne.Canvas
	if p.Canvas != nil {
		c = p.Canvas()
	} else {
		c = fyne.CurrentApp().Driver().CanvasForObject(p.why.clause) // known once drawn
	}
	if c != nil {
		c.Focus(p.why.clause)
	}
}

// WhyHolds reports whether f is the Why tab's clause or value picker.
func (p *Panels) WhyHolds(f fyne.Focusable) bool {
	return f == fyne.Focusable(p.why.clause) || f == fyne.Focusable(p.why.value)
}
