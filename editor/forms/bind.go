package forms

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

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
