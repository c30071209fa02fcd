package dock

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// Place is where a panel docks in the editor's window.
//
//	+---------------------+-------------+
//	|                     |    Side     |
//	|       Centre        |             |
//	|                     +-------------+
//	+---------------------+ SideBottom  |
//	|       Bottom        |             |
//	+---------------------+-------------+
type Place int

// The Places of the window. A place with no panel takes no room; with one
// panel it shows the panel alone; with more it shows them as tabs.
const (
	Centre     Place = iota // the main area: the state graph canvas; other editors (object types, scripts, the YAML view) join it as tabs
	Side                    // the right column's upper part: the inspector (forms)
	SideBottom              // the right column's lower part: the diagnostics
	Bottom                  // under the main area: consoles, debugger panels, playtest results
	Places                  // how many Places there are: Centre to Bottom are 0 to Places-1
)

// Panel is a view docked in the window.
type Panel struct {
	ID      string            // unique and stable: "graph", "inspector", "diagnostics"
	Title   string            // its tab's label, when it shares its place
	Icon    fyne.Resource     // its tab's icon, or nil
	Content fyne.CanvasObject // the view
}

// Dock lays the window's panels out in their Places (see [Place]) and
// keeps the split positions the designer dragged when panels come and go.
// Its methods must be called on the Fyne goroutine.
type Dock struct {
	root   *fyne.Container // holds the current layout; the window's content holds root
	panels [Places][]Panel
	tabs   [Places]*container.AppTabs // the tabs of a place with several panels
	front  [Places]string             // the panel each place shows (its selected tab)
	main   *container.Split           // centre | side column, when both have panels
	column *container.Split           // Side over SideBottom
	centre *container.Split           // Centre over Bottom
	offset [3]float64                 // the last offsets of main, column, centre
}

// New returns an empty dock. The split offsets are the studio's first
// layout: the canvas takes 70% of the width, the side's upper part 62% of
// the column, the centre 70% of the height over a bottom panel.
func New() *Dock {
	return &Dock{root: container.NewStack(), offset: [3]float64{0.70, 0.62, 0.70}}
}

// Object returns what the window shows: every place laid out.
func (d *Dock) Object() fyne.CanvasObject { return d.root }

// Add docks p at place, after the panels already there, and shows it. A panel
// with p's ID is moved.
func (d *Dock) Add(at Place, p Panel) {
	d.remove(p.ID)
	d.panels[at] = append(d.panels[at], p)
	d.rebuild()
	d.Show(p.ID)
}

// Remove takes the panel id out of the window; it reports whether it was there.
func (d *Dock) Remove(id string) bool {
	ok := d.remove(id)
	if ok {
		d.rebuild()
	}
	return ok
}

func (d *Dock) remove(id string) bool {
	for at := range d.panels {
		for i, p := range d.panels[at] {
			if p.ID == id {
				d.panels[at] = append(d.panels[at][:i:i], d.panels[at][i+1:]...)
				return true
			}
		}
	}
	return false
}

// Show brings the panel id to the front of its place (selects its tab); it
// reports whether the dock has it.
func (d *Dock) Show(id string) bool {
	at, i := d.find(id)
	if i < 0 {
		return false
	}
	d.front[at] = id
	if t := d.tabs[at]; t != nil && t.SelectedIndex() != i {
		t.SelectIndex(i)
	}
	return true
}

// AtLeast makes the Bottom place take at least share (0 to 1) of the
// height under the window's toolbar, moving the split the designer may have
// dragged only when it leaves less. Other Places are left as they are.
func (d *Dock) AtLeast(at Place, share float64) {
	if at != Bottom || d.offset[2] <= 1-share && (d.centre == nil || d.centre.Offset <= 1-share) {
		return
	}
	d.offset[2] = 1 - share
	if d.centre != nil {
		d.centre.SetOffset(1 - share)
	}
}

// Panels returns the ids of the panels at place, in order.
func (d *Dock) Panels(at Place) []string {
	var ids []string
	for _, p := range d.panels[at] {
		ids = append(ids, p.ID)
	}
	return ids
}

// Front returns the id of the panel shown at place ("" when none).
func (d *Dock) Front(at Place) string {
	if len(d.panels[at]) == 0 {
		return ""
	}
	if got, i := d.find(d.front[at]); i >= 0 && got == at {
		return d.front[at]
	}
	return d.panels[at][0].ID
}

// Has reports whether panel id is docked.
func (d *Dock) Has(id string) bool {
	_, i := d.find(id)
	return i >= 0
}

// Panel returns the docked panel id and its place; false when none is docked.
func (d *Dock) Panel(id string) (Panel, Place, bool) {
	at, i := d.find(id)
	if i < 0 {
		return Panel{}, 0, false
	}
	return d.panels[at][i], at, true
}

// CentreShare is the share of the height (0 to 1) Centre keeps over Bottom
// when both have panels, else 1.
func (d *Dock) CentreShare() float64 {
	if d.centre == nil {
		return 1
	}
	return d.centre.Offset
}

// find returns where panel id is docked: its place and its index there, or
// -1 for none.
func (d *Dock) find(id string) (Place, int) {
	for at := range d.panels {
		for i, p := range d.panels[at] {
			if p.ID == id {
				return Place(at), i
			}
		}
	}
	return 0, -1
}

// rebuild lays every place out again, keeping the split offsets.
func (d *Dock) rebuild() {
	for i, s := range []*container.Split{d.main, d.column, d.centre} {
		if s != nil {
			d.offset[i] = s.Offset
		}
	}
	var obj [Places]fyne.CanvasObject
	for at := range d.panels {
		obj[at] = d.place(Place(at))
	}
	d.centre = d.split(false, obj[Centre], obj[Bottom], 2)
	d.column = d.split(false, obj[Side], obj[SideBottom], 1)
	d.main = d.split(true, d.either(d.centre, obj[Centre], obj[Bottom]), d.either(d.column, obj[Side], obj[SideBottom]), 0)
	d.root.Objects = nil
	if o := d.either(d.main, d.either(d.centre, obj[Centre], obj[Bottom]), d.either(d.column, obj[Side], obj[SideBottom])); o != nil {
		d.root.Objects = []fyne.CanvasObject{o}
	}
	d.root.Refresh()
}

// place is what place at shows: nothing, its one panel, or tabs.
func (d *Dock) place(at Place) fyne.CanvasObject {
	d.front[at] = d.Front(at)
	d.tabs[at] = nil
	switch ps := d.panels[at]; len(ps) {
	case 0:
		return nil
	case 1:
		// Tabs hide the content of the tabs not selected; a panel left
		// alone when the others go must be seen again.
		ps[0].Content.Show()
		return ps[0].Content
	default:
		t := container.NewAppTabs()
		for _, p := range ps {
			t.Append(container.NewTabItemWithIcon(p.Title, p.Icon, p.Content))
		}
		if _, i := d.find(d.front[at]); i >= 0 {
			t.SelectIndex(i)
		}
		t.OnSelected = func(item *container.TabItem) {
			for i, ti := range t.Items {
				if ti == item && i < len(d.panels[at]) {
					d.front[at] = d.panels[at][i].ID
				}
			}
		}
		d.tabs[at] = t
		return t
	}
}

// split returns a split of a and b (horizontal: side by side) with the kept
// offset k, or nil when one of them is missing.
func (d *Dock) split(horizontal bool, a, b fyne.CanvasObject, k int) *container.Split {
	if a == nil || b == nil {
		return nil
	}
	s := container.NewVSplit(a, b)
	if horizontal {
		s = container.NewHSplit(a, b)
	}
	s.Offset = d.offset[k]
	return s
}

// either returns s when it exists, else whichever of a and b exists.
func (d *Dock) either(s *container.Split, a, b fyne.CanvasObject) fyne.CanvasObject {
	switch {
	case s != nil:
		return s
	case a != nil:
		return a
	}
	return b
}
