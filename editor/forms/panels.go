package forms

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// ListPanel edits one of the pack's named lists (object types, actions,
// scripts): the list on the left with buttons to add, duplicate, delete and
// move the selected element, and the selected element's form on the right.
// Every change is an edit of the history.
type ListPanel struct {
	widget.BaseWidget

	host     Host
	kind     graph.RefKind
	noun     string
	names    func(p *graph.Pack) []string
	fresh    func(name string) any // a new element named name
	ops      elementOps
	makeForm func(n *elementName) (*Form, fyne.CanvasObject) // the form of the element n names

	list     *ui.List
	shown    []string
	selected string
	cur      *elementName // what the form's getters and setters read: selected, followed through renames
	form     *Form
	scroll   *container.Scroll
	detail   *fyne.Container
	fill     bool // the form fills the panel (a script's code) instead of scrolling
	stale    bool // the pack changed while the panel was hidden
}

// Show shows the panel, with the pack as it is now.
func (ep *ListPanel) Show() {
	ep.BaseWidget.Show()
	if ep.stale {
		ep.refresh(nil)
	}
}

// RefreshIfShown loads the panel again when it shows, else at its next Show:
// a hidden panel costs nothing while the designer types elsewhere.
func (ep *ListPanel) RefreshIfShown() {
	if ep.Visible() {
		ep.refresh(nil)
	} else {
		ep.stale = true
	}
}

// elementOps are the edits of one named list of the pack.
type elementOps struct {
	add  func(p *graph.Pack, v any, index int) (graph.Edit, error)
	del  func(p *graph.Pack, name string) (graph.Edit, error)
	move func(p *graph.Pack, name string, to int) (graph.Edit, error)
	copy func(p *graph.Pack, name, as string) any // a copy of name named as
	name func(p *graph.Pack, name, to string) (graph.Edit, error)
}

func newListPanel(h Host, kind graph.RefKind, noun string) *ListPanel {
	ep := &ListPanel{host: h, kind: kind, noun: noun, detail: container.NewStack()}
	ep.list = ui.NewList(func() int { return len(ep.shown) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(ep.shown) {
				o.(*widget.Label).SetText(ep.shown[i])
			}
		})
	ep.list.OnSelected = func(i widget.ListItemID) {
		if i < len(ep.shown) && ep.shown[i] != ep.selected {
			ep.Select(ep.shown[i])
		}
	}
	ep.ExtendBaseWidget(ep)
	return ep
}

// CreateRenderer implements fyne.Widget.
func (ep *ListPanel) CreateRenderer() fyne.WidgetRenderer {
	tool := func(icon fyne.Resource, f func()) *ui.Button {
		b := ui.NewButtonWithIcon("", icon, f)
		b.Importance = widget.LowImportance
		return b
	}
	bar := container.NewHBox(
		tool(theme.ContentAddIcon(), ep.Add),
		tool(theme.ContentCopyIcon(), ep.Duplicate),
		tool(theme.DeleteIcon(), ep.Delete),
		tool(theme.MoveUpIcon(), func() { ep.MoveBy(-1) }),
		tool(theme.MoveDownIcon(), func() { ep.MoveBy(1) }),
	)
	left := container.NewBorder(bar, nil, nil, nil, ep.list)
	split := container.NewHSplit(left, ep.detail)
	split.Offset = 0.25
	return widget.NewSimpleRenderer(split)
}

// Kind returns what the panel lists: graph.ObjectTypeRef, ActionRef or
// ScriptRef.
func (ep *ListPanel) Kind() graph.RefKind { return ep.kind }

// Noun returns the word for one element listed ("object type", "action",
// "script").
func (ep *ListPanel) Noun() string { return ep.noun }

// Form returns the form of the element shown, nil when none is.
func (ep *ListPanel) Form() *Form { return ep.form }

// Current reports whether the form shows the pack as it is: false while
// the panel is hidden and the pack changed since (Show loads it again).
func (ep *ListPanel) Current() bool { return !ep.stale }

// Selected returns the name of the element shown ("" when none).
func (ep *ListPanel) Selected() string { return ep.selected }

// Field returns the text of the field at path of the element shown (see
// [Inspector.Field]).
func (ep *ListPanel) Field(path string) (string, bool) {
	if ep.form == nil {
		return "", false
	}
	return fieldText(ep.form.places[path])
}

// Names returns the names listed.
func (ep *ListPanel) Names() []string { return ep.shown }

// Select shows the element name.
func (ep *ListPanel) Select(name string) {
	ep.selected = name
	ep.form = nil
	ep.refresh(nil)
	if i := slices.Index(ep.shown, name); i >= 0 {
		ep.list.Select(i)
	}
	ep.host.Selected(ep.kind, name)
}

// refresh shows the pack's list again and loads the form in place (refs:
// what changed; nil: anything).
func (ep *ListPanel) refresh(_ []graph.Ref) {
	ep.stale = false
	p := ep.host.Pack()
	before := ep.shown
	ep.shown = nil
	if p != nil {
		ep.shown = ep.names(p)
	}
	ep.list.Refresh()
	if to, ok := followRename(before, ep.shown, ep.selected); ok {
		ep.Follow(to)
	}
	if !slices.Contains(ep.shown, ep.selected) {
		ep.selected, ep.form = "", nil
		if len(ep.shown) > 0 {
			ep.selected = ep.shown[0]
			defer ep.list.Select(0)
		}
	}
	if ep.selected == "" {
		ep.form = nil
		ep.detail.Objects = []fyne.CanvasObject{widget.NewLabel("No " + ep.noun + ". Add one with +.")}
		ep.detail.Refresh()
		return
	}
	if ep.form != nil {
		ep.form.load(p)
		return
	}
	ep.cur = &elementName{ep.selected}
	f, obj := ep.makeForm(ep.cur)
	ep.form = f
	obj = ui.Ringed(ep.host.Say, obj)
	if ep.fill {
		ep.scroll = nil
		ep.detail.Objects = []fyne.CanvasObject{obj}
	} else {
		ep.scroll = container.NewVScroll(obj)
		ep.detail.Objects = []fyne.CanvasObject{ep.scroll}
	}
	ep.detail.Refresh()
	ep.host.FormBuilt() // the new form's code fields get their marks
}

// Follow follows the element shown to its new name, the form in place.
func (ep *ListPanel) Follow(to string) {
	ep.selected = to
	if ep.cur != nil {
		ep.cur.name = to
	}
	ep.host.Renamed(ep.kind, to)
}

// edit makes an edit a button of the panel asked for, or says why it could
// not be made.
func (ep *ListPanel) edit(ed graph.Edit, err error) {
	if err != nil {
		ep.host.Say(err.Error())
		return
	}
	ep.host.Do(ed)
}

// Add adds a new element after the others and shows it.
func (ep *ListPanel) Add() {
	p := ep.host.Pack()
	if p == nil {
		return
	}
	name := freshName(ep.noun, func(n string) bool { return slices.Contains(ep.names(p), n) })
	ed, err := ep.ops.add(p, ep.fresh(name), -1)
	ep.edit(ed, err)
	if err == nil {
		ep.Select(name)
	}
}

// Duplicate adds a copy of the element shown after it.
func (ep *ListPanel) Duplicate() {
	p := ep.host.Pack()
	if p == nil || ep.selected == "" {
		return
	}
	name := freshName(ep.selected+"_copy", func(n string) bool { return slices.Contains(ep.names(p), n) })
	ed, err := ep.ops.add(p, ep.ops.copy(p, ep.selected, name), slices.Index(ep.names(p), ep.selected)+1)
	ep.edit(ed, err)
	if err == nil {
		ep.Select(name)
	}
}

// Delete deletes the element shown.
func (ep *ListPanel) Delete() {
	if p := ep.host.Pack(); p != nil && ep.selected != "" {
		ep.edit(ep.ops.del(p, ep.selected))
	}
}

// MoveBy moves the element shown by by places (-1 up, 1 down).
func (ep *ListPanel) MoveBy(by int) {
	p := ep.host.Pack()
	if p == nil || ep.selected == "" {
		return
	}
	to := slices.Index(ep.names(p), ep.selected) + by
	if to < 0 || to >= len(ep.names(p)) {
		return
	}
	ep.edit(ep.ops.move(p, ep.selected, to))
	if i := slices.Index(ep.shown, ep.selected); i >= 0 {
		ep.list.Select(i)
	}
}

// Reveal opens the field at path of element name (see [Inspector.Reveal]).
func (ep *ListPanel) Reveal(name, path string, line, col int) bool {
	if name != ep.selected || ep.form == nil {
		ep.Select(name)
	}
	if ep.form == nil {
		return false
	}
	return revealIn(ep.scroll, ep.form, path, line, col)
}

// nameField adds the commit field of the name of the element n names; the
// panel follows the new name (refresh).
func (ep *ListPanel) nameField(f *Form, n *elementName) {
	f.commit("name", "name", func(p *graph.Pack) (string, bool) {
		return n.name, slices.Contains(ep.names(p), n.name)
	}, func(p *graph.Pack, v string) (graph.Edit, error) {
		return ep.ops.name(p, n.name, v)
	})
}
