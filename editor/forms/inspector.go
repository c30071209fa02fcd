package forms

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// Inspector is the form of the selected state: every field BGA and the seed
// model give a state, its clauses as cards, the non-standard keys of an
// imported file, then the diagnostics about it. With no state selected it
// is the form of the pack's own keys. Every change goes through the window's
// history (see bind.go); after an edit the form loads its values again
// in place, so typing is never interrupted.
type Inspector struct {
	widget.BaseWidget

	host   Host // set by Attach
	title  *widget.Label
	body   *fyne.Container
	scroll *container.Scroll
	diags  *widget.Label // the diagnostics about what is shown

	form *Form
	id   string       // the state shown; "" for the pack
	cur  *elementName // id, as the state form's getters and setters read it
	ids  []string     // the pack's state ids when it was shown, to follow a change of id (followRename)
	of   *graph.Pack  // the pack the form was built for
}

// NewInspector returns an empty inspector; it shows forms once a window
// attaches it ([Inspector.Attach]).
func NewInspector() *Inspector {
	in := &Inspector{
		title: widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		body:  container.NewVBox(),
		diags: widget.NewLabel(""),
	}
	in.title.Wrapping = fyne.TextWrapWord
	in.diags.Wrapping = fyne.TextWrapWord
	in.scroll = container.NewVScroll(ui.Ringed(func(msg string) {
		if in.host != nil {
			in.host.Say(msg)
		}
	}, in.body))
	in.ExtendBaseWidget(in)
	return in
}

// CreateRenderer implements fyne.Widget.
func (in *Inspector) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(in.title, nil, nil, nil, in.scroll))
}

// Attach gives the inspector the window it shows forms in.
func (in *Inspector) Attach(h Host) { in.host = h }

// Title returns the inspector's heading.
func (in *Inspector) Title() string { return in.title.Text }

// Form returns the form shown, nil when none is.
func (in *Inspector) Form() *Form { return in.form }

// Scroll returns the scroll the form is in, which Reveal moves.
func (in *Inspector) Scroll() *container.Scroll { return in.scroll }

// BuiltFor returns the pack the form shown was built for (an edit keeps
// it; opening another pack builds the form again).
func (in *Inspector) BuiltFor() *graph.Pack { return in.of }

// Shown returns the id of the state shown ("" for the pack).
func (in *Inspector) Shown() string { return in.id }

// ShowState shows the form of state id of p ("" or an unknown id: the
// pack's form) and the diagnostics about it. Showing the state already
// shown loads the form's values again in place.
func (in *Inspector) ShowState(p *graph.Pack, id string, diags []graph.Diagnostic) {
	if p == nil || in.host == nil {
		in.title.SetText("No pack")
		in.form, in.of, in.id = nil, nil, ""
		in.body.RemoveAll()
		in.body.Add(widget.NewLabel("Nothing to show."))
		return
	}
	s := place.State(p, id)
	if s == nil {
		id = ""
	}
	in.host.StateShown(id)
	if in.form != nil && in.of == p && in.id == id {
		in.form.load(p)
	} else {
		in.build(p, id)
	}
	if s != nil {
		in.title.SetText(fmt.Sprintf("State %s · %s", s.ID, s.Name))
	} else {
		in.title.SetText(packTitle(p))
	}
	in.ShowDiagnostics(p, diags)
	in.ids = idsOf(p, in.ids)
}

// Follow reports the id the state shown has after an edit of p changed it
// (its place in the list kept, its id new), and moves the form on to it in
// place; ok is false when the state shown is still there, is gone, or the
// pack is shown.
func (in *Inspector) Follow(p *graph.Pack) (id string, ok bool) {
	if in.id == "" || in.of != p || in.form == nil || place.State(p, in.id) != nil {
		return "", false
	}
	id, ok = followRename(in.ids, idsOf(p, nil), in.id)
	if ok {
		in.id, in.cur.name = id, id
	}
	return id, ok
}

// idsOf lists the ids of p's states as written, in buf's room.
func idsOf(p *graph.Pack, buf []string) []string {
	buf = buf[:0]
	for _, s := range p.States {
		buf = append(buf, s.ID.String())
	}
	return buf
}

// build makes the form of state id ("" the pack's).
func (in *Inspector) build(p *graph.Pack, id string) {
	in.id, in.of = id, p
	in.cur = &elementName{id}
	if id == "" {
		in.form = packForm(in.host)
	} else {
		in.form = stateForm(in.host, in.cur)
	}
	in.form.heading("Diagnostics")
	in.form.wide(in.diags)
	in.body.Objects = []fyne.CanvasObject{in.form.box}
	in.body.Refresh()
	in.scroll.ScrollToTop()
	in.host.FormBuilt() // the new form's code fields get their marks
}

// ShowDiagnostics lists the diagnostics about what is shown: those about the
// state, or a count for the pack.
func (in *Inspector) ShowDiagnostics(p *graph.Pack, diags []graph.Diagnostic) {
	var lines []string
	ne, nw := 0, 0
	for _, d := range diags {
		switch d.Severity {
		case graph.Error:
			ne++
		case graph.Warning:
			nw++
		}
		if in.id != "" && !d.State.IsZero() && p.Key(d.State) == p.Key(parseStateID(in.id)) {
			lines = append(lines, d.Severity.String()+": "+d.Message)
		}
	}
	text := strings.Join(lines, "\n")
	switch {
	case in.id == "":
		text = fmt.Sprintf("%s, %s in the pack", count(ne, "error"), count(nw, "warning"))
	case text == "":
		text = "none"
	}
	in.diags.SetText(text)
}

// Holds reports whether o is one of the fields of the form shown.
func (in *Inspector) Holds(o fyne.Focusable) bool {
	if in.form == nil || o == nil {
		return false
	}
	for _, w := range in.form.places {
		if f, ok := w.(fyne.Focusable); ok && f == o {
			return true
		}
	}
	return false
}

// Field returns the text the form shows for the field at path
// ("description", "transitions/0", "clauses/while/0/condition"), and
// whether the form has it: an entry's or code editor's text, a drop-down's
// choice, "true" or "false" for a check box, a label's text.
func (in *Inspector) Field(path string) (string, bool) {
	if in.form == nil {
		return "", false
	}
	return fieldText(in.form.places[path])
}

// Value returns the text shown for the field key (see Field), or for
// section "Diagnostics", the diagnostics about the state.
func (in *Inspector) Value(section, key string) (string, bool) {
	if section == "Diagnostics" {
		return in.diags.Text, in.diags.Text != "" && in.diags.Text != "none"
	}
	return in.Field(key)
}

// fieldText is what a form widget shows.
func fieldText(o fyne.CanvasObject) (string, bool) {
	switch w := o.(type) {
	case *Entry:
		return w.Text, true
	case CodeField:
		return w.Text(), true
	case *ui.Select:
		return w.Selected, true
	case *ui.Check:
		return strconv.FormatBool(w.Checked), true
	case *widget.Label:
		return w.Text, true
	}
	return "", false
}

// Reveal scrolls the field at path into view and gives it the focus; in a
// code field the cursor goes to line and column (1-based; 0: the start).
// A path the form does not have opens its nearest enclosing field.
func (in *Inspector) Reveal(path string, line, col int) bool {
	if in.form == nil {
		return false
	}
	return revealIn(in.scroll, in.form, path, line, col)
}

// revealIn scrolls scroll to the widget of f at path (or the nearest
// enclosing path) and focuses it.
func revealIn(scroll *container.Scroll, f *Form, path string, line, col int) bool {
	var o fyne.CanvasObject
	for p := path; ; {
		if o = f.places[p]; o != nil {
			break
		}
		i := strings.LastIndex(p, "/")
		if i < 0 {
			return false
		}
		p = p[:i]
	}
	if scroll != nil {
		d := fyne.CurrentApp().Driver()
		y := d.AbsolutePositionForObject(o).Y - d.AbsolutePositionForObject(scroll.Content).Y
		scroll.ScrollToOffset(fyne.NewPos(0, max(y-40, 0)))
	}
	// The focus goes through the window's canvas: the desktop driver knows
	// the canvas of a form built just now (a run error's place) only once it
	// has drawn it, and the designer's next keys went nowhere.
	switch w := o.(type) {
	case CodeField:
		w.SetCursor(max(line, 1), max(col, 1))
		f.host.Focus(w)
	case fyne.Focusable:
		f.host.Focus(w)
	}
	return true
}

func packTitle(p *graph.Pack) string {
	if p.Title != "" {
		return p.Title
	}
	if p.Name != "" {
		return p.Name
	}
	return "Untitled pack"
}

// packForm is the form of the pack's own keys, and a summary of what it
// holds.
func packForm(h Host) *Form {
	f := newForm(h)
	str := func(field string, read func(p *graph.Pack) *string) {
		f.text(field, field, "pack/"+field, false, func(p *graph.Pack) (string, bool) { return *read(p), true },
			func(p *graph.Pack, v string) (graph.Edit, error) {
				return graph.EditPack(p, field, func(q *graph.Pack) { *read(q) = v }), nil
			})
	}
	f.heading("Pack")
	str("pack", func(p *graph.Pack) *string { return &p.Name })
	str("title", func(p *graph.Pack) *string { return &p.Title })
	var seats []*Entry
	for _, end := range []string{"min", "max"} {
		end := end
		seat := func(pl *graph.Players) *int {
			if end == "min" {
				return &pl.Min
			}
			return &pl.Max
		}
		seats = append(seats, f.text("players "+end, "players/"+end, "pack/players/"+end, false, func(p *graph.Pack) (string, bool) {
			if p.Players == nil || *seat(p.Players) == 0 {
				return "", true // 0: not set (a max of 0 is no limit)
			}
			return strconv.Itoa(*seat(p.Players)), true
		}, func(p *graph.Pack, v string) (graph.Edit, error) {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil && strings.TrimSpace(v) != "" || n < 0 {
				return nil, fmt.Errorf("players %s: %q is not a whole number of seats", end, v)
			}
			return graph.EditPack(p, "players", func(q *graph.Pack) {
				if q.Players == nil {
					q.Players = &graph.Players{}
				}
				*seat(q.Players) = n
			}), nil
		}))
	}
	f.message("players/message", "seats: whole numbers; no max: no limit", seats...)
	// Before the code fields: Tab from the last of them goes round to the
	// form's first field, and a button there would stop it (TestTabCyclesInTheForm).
	f.row("on the table", displayButton(f, "display"))
	for _, c := range []struct {
		field string
		read  func(p *graph.Pack) *graph.Code
	}{
		{"progression", func(p *graph.Pack) *graph.Code { return &p.Progression }},
		{"timeout", func(p *graph.Pack) *graph.Code { return &p.Timeout }},
	} {
		f.code(c.field, c.field, "pack/"+c.field, 1, func(p *graph.Pack) (string, bool) { return c.read(p).Src, true },
			func(p *graph.Pack, v string) (graph.Edit, error) {
				return graph.EditPack(p, c.field, func(q *graph.Pack) { c.read(q).Src = v }), nil
			})
	}
	f.heading("Holds")
	f.place("summary", f.note("", func(p *graph.Pack) (string, bool) { return packSummary(p), true }))
	return f
}

// packSummary counts what p holds.
func packSummary(p *graph.Pack) string {
	nt, inferred := 0, 0
	count := map[graph.StateType]int{}
	for _, s := range p.States {
		nt += len(s.Transitions)
		for _, t := range s.Transitions {
			if t.Inferred {
				inferred++
			}
		}
		count[s.Type]++
	}
	transitions := fmt.Sprintf("%d transitions", nt)
	if inferred > 0 {
		transitions = fmt.Sprintf("%d transitions (%d inferred from State classes)", nt, inferred)
	}
	var types []string
	for _, t := range graph.StateTypes {
		if count[t] > 0 {
			types = append(types, fmt.Sprintf("%d %s", count[t], t))
		}
	}
	lines := []string{
		fmt.Sprintf("%d states (%s), %s", len(p.States), strings.Join(types, ", "), transitions),
		fmt.Sprintf("%d actions, %d object types, %d scripts", len(p.Actions), len(p.ObjectTypes), len(p.Scripts)),
	}
	if p.Source != "" {
		lines = append(lines, "source: "+p.Source)
	}
	for _, c := range p.Constants {
		lines = append(lines, "constant "+c.Name+" = "+c.Value.String())
	}
	return strings.Join(lines, "\n")
}
