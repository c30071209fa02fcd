package forms

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// Forms: every field of a form is a widget bound to one value of the pack
// by a getter (the value now) and a setter (the edit that gives it a new
// value). Typing in a field makes an edit per keystroke, merged into one
// undo step by a key naming the field (Host.Merge); leaving the field
// seals the step. Fields that name things others refer to (a state's id, a
// transition's, an action's or an object type's name) change when the
// designer presses Enter or leaves them.
//
// After any edit the forms load their values again from the pack, in
// place: a form is built once per element shown and rebuilt only where a
// list grew or shrank, and the field the designer is typing in is not
// loaded again, so nothing moves under the cursor.

// Getter reads a field's value from the pack; ok is false when its element
// is gone.
type Getter func(p *graph.Pack) (v string, ok bool)

// Setter makes the edit that gives a field the value v.
type Setter func(p *graph.Pack, v string) (graph.Edit, error)

// binding is a widget bound to the pack.
type binding interface {
	load(p *graph.Pack)
}

// Form is a set of bound widgets, laid out as labelled rows.
type Form struct {
	host  Host
	binds []binding
	box   *fyne.Container // the rows
	grid  *fyne.Container // the labelled rows of the current section
	// places maps the path of each field ("description",
	// "clauses/while/0/condition") to its widget, so that a diagnostic can
	// open it; codes the same for code editors. A form's sub-forms (list
	// rows) share them.
	places map[string]fyne.CanvasObject
	codes  map[string]CodeField
	prefix string // the path of the sub-form's element in the form ("transitions/pass/")
}

func newForm(h Host) *Form {
	return &Form{host: h, box: container.NewVBox(), places: map[string]fyne.CanvasObject{}, codes: map[string]CodeField{}}
}

// sub returns a form whose places go into f's under prefix.
func (f *Form) sub(prefix string) *Form {
	return &Form{host: f.host, box: container.NewVBox(), places: f.places, codes: f.codes, prefix: f.prefix + prefix}
}

// load loads every field from p.
func (f *Form) load(p *graph.Pack) {
	for _, b := range f.binds {
		b.load(p)
	}
}

// heading starts a section.
func (f *Form) heading(text string) {
	// A heading wraps: unwrapped, a long one ("arguments (each with its
	// domain: the legal values)" in a card) made the form wider than the
	// side column, cut at the right until a layout widened the column.
	h := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true, Italic: true})
	h.Wrapping = fyne.TextWrapWord
	f.box.Add(h)
	f.grid = nil
}

// row adds a labelled row to the current section and returns its label.
func (f *Form) row(label string, obj fyne.CanvasObject) *widget.Label {
	if f.grid == nil {
		f.grid = container.New(layout.NewFormLayout())
		f.box.Add(f.grid)
	}
	l := widget.NewLabelWithStyle(label, fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
	f.grid.Add(l)
	f.grid.Add(obj)
	return l
}

// wide adds obj across the whole width, after the current section's rows.
func (f *Form) wide(obj fyne.CanvasObject) {
	f.box.Add(obj)
	f.grid = nil
}

func (f *Form) place(path string, obj fyne.CanvasObject) { f.places[f.prefix+path] = obj }

// Content returns the form's rows as laid out.
func (f *Form) Content() *fyne.Container { return f.box }

// Place returns the widget of the field at path ("description",
// "clauses/while/0/condition", "transitions/add"), or nil.
func (f *Form) Place(path string) fyne.CanvasObject { return f.places[path] }

// Paths returns the paths of the form's fields and buttons, sorted.
func (f *Form) Paths() []string { return slices.Sorted(maps.Keys(f.places)) }

// EachBound calls fn with each text and code field of the form (its list
// rows' included), in the order they were built, and the getter that reads
// the field's value from the pack.
func (f *Form) EachBound(fn func(o fyne.CanvasObject, get Getter)) {
	for _, b := range f.binds {
		switch b := b.(type) {
		case *textBind:
			fn(b.entry, b.get)
		case *codeBind:
			fn(b.code, b.get)
		case *listBind:
			for _, s := range b.subs {
				s.EachBound(fn)
			}
		}
	}
}

// EachCode calls fn with each code field of the form (its list rows'
// included) and its path, in no order.
func (f *Form) EachCode(fn func(path string, c CodeField)) {
	for path, c := range f.codes {
		fn(path, c)
	}
}

// fail says why an edit the form asked for was refused, without a dialog
// (the designer may be typing).
func (f *Form) fail(err error) { f.host.Say(err.Error()) }

// edit makes an edit a button of the form asked for, or says why it could
// not be made.
func (f *Form) edit(ed graph.Edit, err error) {
	if err != nil {
		f.fail(err)
		return
	}
	f.host.Do(ed)
}

// Entry is a text field that reports losing the focus.
type Entry struct {
	widget.Entry
	onLeave func()
	bind    *textBind
}

func newEntry(multi bool) *Entry {
	en := &Entry{}
	en.MultiLine = multi
	if multi {
		en.Wrapping = fyne.TextWrapWord
	}
	en.ExtendBaseWidget(en)
	return en
}

// TypedKey passes the window-wide keys on (ui.ToWindow).
func (en *Entry) TypedKey(ev *fyne.KeyEvent) {
	if !ui.ToWindow(en, ev) {
		en.Entry.TypedKey(ev)
	}
}

// TypedShortcut passes the window's shortcuts on (ui.ShortcutToWindow) and the
// others to the entry.
func (en *Entry) TypedShortcut(s fyne.Shortcut) {
	if !ui.ShortcutToWindow(en, s) {
		en.Entry.TypedShortcut(s)
	}
}

// FocusLost calls onLeave.
func (en *Entry) FocusLost() {
	en.Entry.FocusLost()
	if en.onLeave != nil {
		en.onLeave()
	}
}

// textBind binds an entry: live (an edit per keystroke, merged under key)
// or on commit (Enter or leaving the field).
//
// A text the setter refuses is never dropped: it stays in the field, the
// status line and the field's message line (when it has one) say why, and
// the field is not loaded again while the pack's value is the one it had
// then; a value the setter takes, or a change of the pack's value (undo),
// ends the refusal.
type textBind struct {
	f       *Form
	entry   *Entry
	get     Getter
	set     Setter
	key     string
	live    bool
	typing  bool // the entry is making an edit: do not load it again now
	loading bool // the entry is being loaded: its OnChanged is not the designer's

	msg     *messageLine // where a refusal is explained, or nil
	refused bool         // the field holds a text the setter refused
	kept    string       // the pack's value when it was refused
}

// text adds a field edited as the designer types; key names it for merging
// ("state 21/description").
func (f *Form) text(label, path, key string, multi bool, get Getter, set Setter) *Entry {
	return f.entry(label, path, key, multi, true, get, set)
}

// commit adds a field whose edit is made on Enter or when the designer leaves
// it; a value the edit refuses stays in the field, the status line saying
// why (see textBind).
func (f *Form) commit(label, path string, get Getter, set Setter) *Entry {
	return f.entry(label, path, "", false, false, get, set)
}

func (f *Form) entry(label, path, key string, multi, live bool, get Getter, set Setter) *Entry {
	b := &textBind{f: f, entry: newEntry(multi), get: get, set: set, key: key, live: live}
	en := b.entry
	en.bind = b
	if live {
		en.OnChanged = func(s string) { b.changed(s) }
		en.onLeave = f.host.Seal
	} else {
		en.OnSubmitted = func(s string) { b.commitText(s) }
		en.onLeave = func() { b.commitText(en.Text) }
	}
	f.binds = append(f.binds, b)
	f.place(path, en)
	if label != "" {
		f.row(label, en)
	}
	b.load(f.host.Pack())
	return en
}

func (b *textBind) changed(s string) {
	if b.loading {
		return
	}
	p := b.f.host.Pack()
	ed, err := b.set(p, s)
	if err != nil {
		b.refuse(p, err)
		return
	}
	b.accepted()
	b.typing = true
	b.f.host.Merge(b.key, ed)
	b.typing = false
}

func (b *textBind) commitText(s string) {
	p := b.f.host.Pack()
	if v, ok := b.get(p); !ok || v == s {
		b.accepted()
		return
	}
	ed, err := b.set(p, s)
	if err != nil {
		b.refuse(p, err)
		return
	}
	b.accepted()
	b.f.host.Do(ed)
}

// refuse keeps the text the setter refused in the field and says why.
func (b *textBind) refuse(p *graph.Pack, err error) {
	b.refused = true
	b.kept, _ = b.get(p)
	b.f.fail(err)
	if b.msg != nil {
		b.msg.refuse(err.Error() + " (the pack keeps " + quoteOrEmpty(b.kept) + ")")
	}
}

// accepted ends a refusal: the field's text is the pack's again.
func (b *textBind) accepted() {
	if b.refused {
		b.refused = false
		if b.msg != nil {
			b.msg.clear()
		}
	}
}

// quoteOrEmpty quotes v for a message, or says it is empty.
func quoteOrEmpty(v string) string {
	if v == "" {
		return "nothing"
	}
	return strconv.Quote(v)
}

func (b *textBind) load(p *graph.Pack) {
	if b.typing || p == nil {
		return
	}
	v, ok := b.get(p)
	if !ok {
		return
	}
	if b.refused {
		if v == b.kept {
			return // the designer's text stays until they change it or the pack's value changes
		}
		b.accepted()
	}
	if b.entry.Text == v {
		return
	}
	b.loading = true
	b.entry.SetText(v)
	b.loading = false
}

// messageLine is a line under a field that says why the field refused what
// was typed, and otherwise holds a hint. It is never empty, so that it
// takes the same room whether or not it has something to say: nothing below
// it moves when a refusal comes or goes.
type messageLine struct {
	label *widget.Label
	hint  string
}

// message adds a message line holding hint for the fields given (see
// textBind), at path.
func (f *Form) message(path, hint string, fields ...*Entry) *widget.Label {
	m := &messageLine{label: widget.NewLabel(hint), hint: hint}
	m.label.Importance = widget.LowImportance
	m.label.Truncation = fyne.TextTruncateEllipsis // one line whatever it says (the status line has it whole)
	for _, en := range fields {
		en.bind.msg = m
	}
	f.place(path, m.label)
	f.row("", m.label)
	return m.label
}

func (m *messageLine) refuse(text string) {
	m.label.Importance = widget.DangerImportance
	m.label.SetText(text)
}

func (m *messageLine) clear() {
	m.label.Importance = widget.LowImportance
	m.label.SetText(m.hint)
}

// codeBind binds a code field, edited as the designer types.
type codeBind struct {
	f       *Form
	code    CodeField
	get     Getter
	typing  bool
	loading bool
}

// code adds a Starlark field (at least rows lines tall).
func (f *Form) code(label, path, key string, rows int, get Getter, set Setter) CodeField {
	c := f.bindCode(path, key, rows, false, get, set)
	if label != "" {
		f.row(label, c)
	}
	return c
}

// bindCode makes a code field (fill: one filling its panel) bound to the
// value get reads and set edits, merging the edits of its typing under key.
func (f *Form) bindCode(path, key string, rows int, fill bool, get Getter, set Setter) CodeField {
	b := &codeBind{f: f, get: get}
	b.code = f.host.NewCode(rows, fill, CodeHooks{Changed: func(s string) {
		if b.loading {
			return
		}
		ed, err := set(f.host.Pack(), s)
		if err != nil {
			f.fail(err)
			return
		}
		b.typing = true
		f.host.Merge(key, ed)
		b.typing = false
	}, Leave: f.host.Seal})
	f.binds = append(f.binds, b)
	f.place(path, b.code)
	f.codes[f.prefix+path] = b.code
	b.load(f.host.Pack())
	return b.code
}

func (b *codeBind) load(p *graph.Pack) {
	if b.typing || p == nil {
		return
	}
	if v, ok := b.get(p); ok && b.code.Text() != v {
		b.loading = true
		b.code.SetText(v)
		b.loading = false
	}
}

// choiceBind binds a drop-down list; choosing makes one edit.
type choiceBind struct {
	sel     *ui.Select
	get     Getter
	options func(p *graph.Pack) []string
	loading bool
}

// choice adds a drop-down of options (computed from the pack each time it
// loads; the current value is always one of them).
func (f *Form) choice(label, path string, options func(p *graph.Pack) []string, get Getter, set Setter) *ui.Select {
	b := &choiceBind{get: get, options: options}
	b.sel = ui.NewSelect(nil, func(s string) {
		if b.loading {
			return
		}
		p := f.host.Pack()
		if v, ok := get(p); !ok || v == s {
			return
		}
		ed, err := set(p, s)
		if err != nil {
			f.fail(err)
			b.load(p)
			return
		}
		f.host.Do(ed)
	})
	f.binds = append(f.binds, b)
	f.place(path, b.sel)
	if label != "" {
		f.row(label, b.sel)
	}
	b.load(f.host.Pack())
	return b.sel
}

func (b *choiceBind) load(p *graph.Pack) {
	if p == nil {
		return
	}
	v, ok := b.get(p)
	if !ok {
		return
	}
	opts := b.options(p)
	found := false
	for _, o := range opts {
		found = found || o == v
	}
	if !found {
		opts = append([]string{v}, opts...)
	}
	b.loading = true
	b.sel.SetOptions(opts)
	if b.sel.Selected != v {
		b.sel.SetSelected(v)
	}
	b.loading = false
}

// checkBind binds a check box; ticking makes one edit.
type checkBind struct {
	box     *ui.Check
	get     func(p *graph.Pack) (bool, bool)
	loading bool
}

// check adds a check box.
func (f *Form) check(label, path string, get func(p *graph.Pack) (bool, bool), set func(p *graph.Pack, v bool) (graph.Edit, error)) *ui.Check {
	b := &checkBind{get: get}
	b.box = ui.NewCheck("", func(v bool) {
		if b.loading {
			return
		}
		ed, err := set(f.host.Pack(), v)
		if err != nil {
			f.fail(err)
			return
		}
		f.host.Do(ed)
	})
	f.binds = append(f.binds, b)
	f.place(path, b.box)
	f.row(label, b.box)
	b.load(f.host.Pack())
	return b.box
}

func (b *checkBind) load(p *graph.Pack) {
	if p == nil {
		return
	}
	if v, ok := b.get(p); ok && b.box.Checked != v {
		b.loading = true
		b.box.SetChecked(v)
		b.loading = false
	}
}

// listBind is a list of sub-forms, one per element of a list of the pack
// (transitions, parameters, clause cards): rebuilt when the list's length
// changes, loaded in place otherwise.
type listBind struct {
	f     *Form
	box   *fyne.Container
	count func(p *graph.Pack) int
	build func(sub *Form, i int)
	subs  []*Form
	// shape, when set, names what the rows are: a change rebuilds them even
	// when their number stays.
	shape     func(p *graph.Pack) string
	lastShape string
}

// list adds a list of sub-forms; build fills sub-form i.
func (f *Form) list(count func(p *graph.Pack) int, build func(sub *Form, i int)) *fyne.Container {
	return f.shapedList(count, nil, build)
}

// shapedList is list, rebuilt also when shape's answer changes.
func (f *Form) shapedList(count func(p *graph.Pack) int, shape func(p *graph.Pack) string, build func(sub *Form, i int)) *fyne.Container {
	b := &listBind{f: f, box: container.NewVBox(), count: count, build: build, shape: shape}
	f.binds = append(f.binds, b)
	f.wide(b.box)
	b.load(f.host.Pack())
	return b.box
}

func (b *listBind) load(p *graph.Pack) {
	if p == nil {
		return
	}
	n := b.count(p)
	shape := ""
	if b.shape != nil {
		shape = b.shape(p)
	}
	if n == len(b.subs) && shape == b.lastShape {
		for _, s := range b.subs {
			s.load(p)
		}
		return
	}
	b.lastShape = shape
	b.subs = b.subs[:0]
	b.box.RemoveAll()
	for i := 0; i < n; i++ {
		s := b.f.sub("")
		b.build(s, i)
		b.subs = append(b.subs, s)
		b.box.Add(s.box)
	}
	b.box.Refresh()
}

// labelBind is a label whose text comes from the pack.
type labelBind struct {
	label, key *widget.Label
	get        Getter
	fixed      bool // never hidden: the label keeps its room when empty (line)
}

// note adds a wrapped label computed from the pack.
func (f *Form) note(label string, get Getter) *widget.Label {
	b := &labelBind{label: widget.NewLabel(""), get: get}
	b.label.Wrapping = fyne.TextWrapWord
	b.label.Importance = widget.LowImportance
	f.binds = append(f.binds, b)
	b.key = f.row(label, b.label)
	b.load(f.host.Pack())
	return b.label
}

// line adds a label computed from the pack that keeps its height whatever
// it says: its text has as many lines as lines (fewer are padded, more are
// dropped), each cut with an ellipsis at the form's edge rather than wrapped.
// A note under a field the designer types in is one: it changes as they
// type, and nothing below it may move.
func (f *Form) line(label string, lines int, get Getter) *widget.Label {
	fixed := func(p *graph.Pack) (string, bool) {
		v, ok := get(p)
		ls := strings.Split(v, "\n")
		for len(ls) < lines {
			ls = append(ls, "")
		}
		return strings.Join(ls[:lines], "\n"), ok
	}
	b := &labelBind{label: widget.NewLabel(""), get: fixed, fixed: true}
	b.label.Truncation = fyne.TextTruncateEllipsis
	b.label.Importance = widget.LowImportance
	f.binds = append(f.binds, b)
	b.key = f.row(label, b.label)
	b.load(f.host.Pack())
	return b.label
}

func (b *labelBind) load(p *graph.Pack) {
	if p == nil {
		return
	}
	if v, ok := b.get(p); ok && b.label.Text != v {
		b.label.SetText(v)
	}
	if b.fixed {
		return
	}
	b.label.Hidden = b.label.Text == "" // an empty note takes no room
	b.key.Hidden = b.label.Hidden
}
