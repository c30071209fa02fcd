package editor

import (
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/graph"
)

// FindStates returns the ids of the states of p whose id or name matches
// query, best first: the id itself, then names equal to the query, then names
// starting with it, then names containing it (case ignored), each group in
// pack order. An empty query matches nothing.
func FindStates(p *graph.Pack, query string) []string {
	q := strings.ToLower(strings.TrimSpace(query))
	if p == nil || q == "" {
		return nil
	}
	type hit struct {
		rank, order int
		id          string
	}
	var hits []hit
	for i, s := range p.States {
		id, name := strings.ToLower(s.ID.String()), strings.ToLower(s.Name)
		rank := -1
		switch {
		case id == q:
			rank = 0
		case name == q:
			rank = 1
		case strings.HasPrefix(name, q):
			rank = 2
		case strings.Contains(name, q), strings.HasPrefix(id, q):
			rank = 3
		}
		if rank >= 0 {
			hits = append(hits, hit{rank, i, s.ID.String()})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].rank < hits[b].rank })
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.id
	}
	return out
}

// finder is the Find dialog: an entry and the states matching what is
// typed; Enter jumps to the first, a click to another.
type finder struct {
	e     *Editor
	entry *keyEntry
	list  *widget.List
	hits  []string
	pop   *widget.PopUp
}

// Find is Edit > Find (ctrl+F): asks for a state's name or id and jumps to
// it, selecting it.
func (e *Editor) Find() {
	if e.pack == nil {
		return
	}
	f := &finder{e: e, entry: newKeyEntry()}
	f.entry.SetPlaceHolder("State name or id")
	f.list = widget.NewList(
		func() int { return len(f.hits) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if s := stateOf(e.pack, f.hits[i]); s != nil {
				o.(*widget.Label).SetText(s.ID.String() + "  " + s.Name + "  (" + string(s.Type) + ")")
			}
		})
	f.list.OnSelected = func(i widget.ListItemID) { f.jump(i) }
	f.entry.OnChanged = func(q string) {
		f.hits = FindStates(e.pack, q)
		f.list.UnselectAll()
		f.list.Refresh()
	}
	f.entry.OnSubmitted = func(string) { f.jump(0) }
	f.entry.onEscape = f.close
	head := widget.NewLabelWithStyle("Find a state (Enter jumps, Escape closes)", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	body := container.NewBorder(container.NewVBox(head, f.entry), nil, nil, nil, f.list)
	f.pop = widget.NewModalPopUp(container.NewGridWrap(fyne.NewSize(420, 320), body), e.win.Canvas())
	f.pop.Show()
	e.win.Canvas().Focus(f.entry)
	e.finder = f
}

// jump selects and centres the i-th hit, and closes the dialog.
func (f *finder) jump(i int) {
	if i < 0 || i >= len(f.hits) {
		return
	}
	id := f.hits[i]
	f.close()
	f.e.SelectState(id)
}

func (f *finder) close() {
	f.pop.Hide()
	if f.e.finder == f {
		f.e.finder = nil
	}
}
