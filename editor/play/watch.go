package play

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
)

// watchList is the debugger's Watch tab: Starlark expressions the designer
// adds, each evaluated on the match at the cursor after every step, back
// and scrub. The list stays while matches come and go; the window keeps it
// in the project (OnWatches).
type watchList struct {
	exprs []string
	entry *ui.Entry
	rows  *fyne.Container // a row per expression: its text, a delete button
	texts []*widget.Label // the rows' texts: "expr = value"
}

// newWatchTab returns the Watch tab's content: the entry that adds an
// expression, and the rows.
func (p *Panels) newWatchTab() fyne.CanvasObject {
	w := &p.links.watch
	w.entry = ui.NewEntry()
	w.entry.SetPlaceHolder("a Starlark expression to watch; Enter adds it")
	w.entry.OnSubmitted = func(s string) {
		p.AddWatch(s)
		w.entry.SetText("")
	}
	w.rows = container.NewVBox()
	return container.NewBorder(w.entry, nil, nil, nil, container.NewVScroll(w.rows))
}

// AddWatch adds expr (trimmed; blank adds nothing) to the watch list and
// shows its value at the cursor.
func (p *Panels) AddWatch(expr string) {
	expr = strings.TrimSpace(expr)
	if expr == "" {
		return
	}
	w := &p.links.watch
	w.exprs = append(w.exprs, expr)
	p.showWatches()
	p.watchesChanged()
}

// RemoveWatch removes the i-th watched expression.
func (p *Panels) RemoveWatch(i int) {
	w := &p.links.watch
	if i < 0 || i >= len(w.exprs) {
		return
	}
	w.exprs = append(w.exprs[:i], w.exprs[i+1:]...)
	p.showWatches()
	p.watchesChanged()
}

// SetWatches replaces the watched expressions with exprs (those a project
// kept; blank ones are left out) and shows their values at the cursor.
// Unlike AddWatch and RemoveWatch it is not a change to save.
func (p *Panels) SetWatches(exprs []string) {
	w := &p.links.watch
	w.exprs = nil
	for _, e := range exprs {
		if e = strings.TrimSpace(e); e != "" {
			w.exprs = append(w.exprs, e)
		}
	}
	p.showWatches()
}

// watchesChanged hands the list to OnWatches.
func (p *Panels) watchesChanged() {
	if p.OnWatches != nil {
		p.OnWatches(slices.Clone(p.links.watch.exprs))
	}
}

// Watches returns the watched expressions and what each row shows
// ("expr = value", "expr: error ...").
func (p *Panels) Watches() (exprs, shown []string) {
	w := &p.links.watch
	for i, e := range w.exprs {
		exprs = append(exprs, e)
		shown = append(shown, w.texts[i].Text)
	}
	return exprs, shown
}

// showWatches evaluates each watched expression on the match at the
// cursor (Eval: an expression, which changes nothing).
func (p *Panels) showWatches() {
	w := &p.links.watch
	for len(w.rows.Objects) < len(w.exprs) {
		i := len(w.rows.Objects)
		text := widget.NewLabel("")
		text.Wrapping = fyne.TextWrapWord
		del := ui.NewButtonWithIcon("", theme.DeleteIcon(), func() { p.RemoveWatch(i) })
		del.Importance = widget.LowImportance
		w.rows.Add(container.NewBorder(nil, nil, nil, del, text))
		w.texts = append(w.texts, text)
	}
	w.rows.Objects, w.texts = w.rows.Objects[:len(w.exprs)], w.texts[:len(w.exprs)]
	for i, e := range w.exprs {
		w.texts[i].SetText(p.watchValue(e))
	}
	w.rows.Refresh()
}

// watchValue is what the row of expr shows at the cursor.
func (p *Panels) watchValue(expr string) string {
	if p.sess == nil {
		return expr + " (no match)"
	}
	v, err := p.sess.Match().Eval(expr)
	if err != nil {
		return expr + ": error: " + consoleError(err)
	}
	return expr + " = " + v.String()
}
