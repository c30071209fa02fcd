package forms

import (
	"maps"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

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
