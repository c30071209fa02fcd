package diagram

import (
	"math"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// What the mouse does on the canvas:
//
//   - tap a state: select it (shift: add it to the selection or take it out);
//     tap an arrow: select its transition; tap the background: select nothing.
//   - double-click the background: a new state there (OnCreate); a state or
//     an arrow: rename it (OnActivate).
//   - drag a state: move it with the other selected states (OnMoved).
//   - drag from a state's edge (the cursor turns into a cross) to a state,
//     or back to the same one: a new transition (OnConnect).
//   - shift+drag on the background: a rubber band selecting the states it
//     touches; plain drag on the background, or drag with the right or middle
//     button: pan. Scroll pans; ctrl+scroll zooms.
//   - right click: the context menu (OnMenu).
//
// With the canvas focused (tap it): Delete or Backspace deletes the selection
// (OnDelete), F2 or Enter renames it (OnActivate), the arrow keys move the
// selected states by 10 units (shift: 1), or pan when nothing is selected,
// and Escape cancels a drag or clears the selection.

// gestureKind is what a drag does.
type gestureKind int

const (
	noGesture gestureKind = iota
	moveGesture
	connectGesture
	bandGesture
	panGesture
)

// gesture is what the mouse is doing while a button is down.
type gesture struct {
	kind   gestureKind
	press  *fyne.Position // where the button went down
	mods   fyne.KeyModifier
	button desktop.MouseButton
	node   int            // moveGesture, connectGesture: the box pressed
	from   map[string]vec // moveGesture: where the moved boxes were
	at     fyne.Position  // connectGesture, bandGesture: the pointer
	base   map[string]bool
}

// hold stops fitting the graph again on resize (autoFit): the designer is
// working in the view, and nothing may move under the pointer.
func (g *View) hold() { g.autoFit = noFit }

// doubleClick is the longest time between two taps of a double click.
const doubleClick = 450 * time.Millisecond

// MouseDown records where a drag starts and focuses the canvas.
func (g *View) MouseDown(ev *desktop.MouseEvent) {
	g.hold()
	p := ev.Position
	g.gesture = gesture{press: &p, mods: ev.Modifier, button: ev.Button, node: -1}
	if app := fyne.CurrentApp(); app != nil {
		if c := app.Driver().CanvasForObject(g); c != nil && c.Focused() != g {
			c.Focus(g)
		}
	}
}

// MouseUp ends the press (DragEnd has finished any drag).
func (g *View) MouseUp(*desktop.MouseEvent) { g.gesture.press = nil }

// shift reports whether shift is held: at the press, or now.
func (g *View) shift() bool {
	return (g.gesture.mods|g.modifiers())&fyne.KeyModifierShift != 0
}

// Tapped selects what is under the pointer; a second tap soon after at the
// same place is a double click.
func (g *View) Tapped(ev *fyne.PointEvent) {
	g.hold()
	now := g.now()
	double := now.Sub(g.lastTap) < doubleClick && dist(ev.Position, g.lastTapP) < 6
	g.lastTap, g.lastTapP = now, ev.Position
	if double {
		g.lastTap = time.Time{}
		g.doubleTapped(ev.Position)
		return
	}
	if i := g.nodeAt(ev.Position); i >= 0 && !style.Placeholder(g.nodes[i].typ) {
		g.pickState(g.nodes[i].id, g.shift())
		return
	}
	if i := g.edgeAt(ev.Position); i >= 0 {
		g.pickEdge(i)
		return
	}
	if !g.shift() {
		g.clearPick()
	}
}

// doubleTapped creates a state on the background or renames what is there.
func (g *View) doubleTapped(p fyne.Position) {
	if i := g.nodeAt(p); i >= 0 {
		if !style.Placeholder(g.nodes[i].typ) && g.OnActivate != nil {
			g.OnActivate(g.nodes[i].id, nil)
		}
		return
	}
	if i := g.edgeAt(p); i >= 0 {
		if e := g.edges[i]; e.kind == transitionEdge && g.OnActivate != nil {
			g.OnActivate("", &TransitionRef{From: g.nodes[e.from].id, Name: e.name})
		}
		return
	}
	if g.OnCreate != nil {
		g.OnCreate(g.ToWorld(p))
	}
}

// TappedSecondary selects what is under the pointer, unless it is selected
// already, and asks for the context menu.
func (g *View) TappedSecondary(ev *fyne.PointEvent) {
	g.hold()
	if i := g.nodeAt(ev.Position); i >= 0 && !style.Placeholder(g.nodes[i].typ) {
		if !g.sel[g.nodes[i].id] {
			g.pickState(g.nodes[i].id, false)
		}
	} else if i := g.edgeAt(ev.Position); i >= 0 {
		g.pickEdge(i)
	} else {
		g.clearPick()
	}
	if g.OnMenu != nil {
		g.OnMenu(ev)
	}
}

// Dragged moves states, draws a new arrow or the rubber band, or pans,
// depending on where the drag started (see the top of this file).
func (g *View) Dragged(ev *fyne.DragEvent) {
	g.hold()
	if g.gesture.kind == noGesture {
		g.startGesture(ev)
	}
	switch g.gesture.kind {
	case panGesture:
		g.Pan(ev.Dragged)
	case moveGesture:
		d := vec{float64(ev.Dragged.DX / g.zoom), float64(ev.Dragged.DY / g.zoom)}
		for id := range g.gesture.from {
			i := g.index[id]
			g.nodes[i].pos = g.nodes[i].pos.add(d)
			g.movedNode(i)
		}
		g.Refresh()
	case connectGesture:
		g.gesture.at = ev.Position
		g.Refresh()
	case bandGesture:
		g.gesture.at = ev.Position
		a, b := g.ToWorld(*g.gesture.press), g.ToWorld(ev.Position)
		g.bandPick(g.gesture.base, g.statesIn(a, b))
	}
}

// startGesture decides what a drag does from where it started.
func (g *View) startGesture(ev *fyne.DragEvent) {
	start := ev.Position.Subtract(ev.Dragged)
	if g.gesture.press != nil {
		start = *g.gesture.press
	} else {
		g.gesture.press = &start
	}
	gs := &g.gesture
	if gs.button == desktop.MouseButtonSecondary || gs.button == desktop.MouseButtonTertiary {
		gs.kind = panGesture
		return
	}
	if i := g.borderNodeAt(start); i >= 0 {
		gs.kind, gs.node, gs.at = connectGesture, i, ev.Position
		return
	}
	if i := g.nodeAt(start); i >= 0 && !style.Placeholder(g.nodes[i].typ) {
		id := g.nodes[i].id
		if !g.sel[id] {
			g.pickState(id, g.shift())
		}
		gs.kind, gs.node = moveGesture, i
		gs.from = map[string]vec{}
		for sid := range g.sel {
			gs.from[sid] = g.nodes[g.index[sid]].pos
		}
		return
	}
	if g.shift() {
		gs.kind, gs.at = bandGesture, ev.Position
		gs.base = map[string]bool{}
		for id := range g.sel {
			gs.base[id] = true
		}
		return
	}
	gs.kind = panGesture
}

// DragEnd finishes a move (OnMoved), a new arrow (OnConnect), a rubber band
// (OnSelected) or a pan.
func (g *View) DragEnd() {
	gs := g.gesture
	g.gesture = gesture{node: -1}
	switch gs.kind {
	case moveGesture:
		g.geo.valid = false // route every arrow again, now that the boxes rest
		g.Refresh()
		to := map[string]graph.Point{}
		for id, was := range gs.from {
			if n := g.nodes[g.index[id]]; n.pos != was {
				to[id] = pointOf(n.pos)
			}
		}
		if len(to) > 0 && g.OnMoved != nil {
			g.OnMoved(to)
		}
	case connectGesture:
		g.Refresh()
		if i := g.nodeAt(gs.at); i >= 0 && !style.Placeholder(g.nodes[i].typ) && g.OnConnect != nil {
			g.OnConnect(g.nodes[gs.node].id, g.nodes[i].id, gs.at)
		}
	case bandGesture:
		g.Refresh()
		if g.OnSelected != nil {
			g.OnSelected(g.selected)
		}
	}
}

// Cancel stops the drag under way: moved boxes go back, a new arrow or the
// rubber band disappears.
func (g *View) Cancel() {
	gs := g.gesture
	g.gesture = gesture{node: -1}
	if gs.kind == moveGesture {
		for id, was := range gs.from {
			g.nodes[g.index[id]].pos = was
		}
		g.geo.valid = false
	}
	g.Refresh()
}

// Scrolled pans; with ctrl (or cmd) held it zooms around the pointer.
func (g *View) Scrolled(ev *fyne.ScrollEvent) {
	if g.modifiers()&(fyne.KeyModifierControl|fyne.KeyModifierSuper) != 0 {
		f := float32(math.Pow(1.01, float64(ev.Scrolled.DY)))
		g.SetZoom(g.zoom*f, ev.Position)
		return
	}
	g.Pan(ev.Scrolled)
}

// MouseIn implements desktop.Hoverable.
func (g *View) MouseIn(ev *desktop.MouseEvent) { g.hover = ev.Position }

// MouseMoved keeps where the pointer is, for the cursor.
func (g *View) MouseMoved(ev *desktop.MouseEvent) { g.hover = ev.Position }

// MouseOut implements desktop.Hoverable.
func (g *View) MouseOut() {}

// Cursor is a cross on a box's border band (a drag there draws a new
// transition), a hand over a box, else the arrow.
func (g *View) Cursor() desktop.Cursor {
	switch {
	case g.gesture.kind == connectGesture || (g.gesture.kind == noGesture && g.borderNodeAt(g.hover) >= 0):
		return desktop.CrosshairCursor
	case g.gesture.kind == moveGesture:
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}

// FocusGained implements fyne.Focusable.
func (g *View) FocusGained() { g.focused = true }

// FocusLost implements fyne.Focusable.
func (g *View) FocusLost() { g.focused = false }

// TypedRune implements fyne.Focusable; the canvas takes no text.
func (g *View) TypedRune(rune) {}

// TypedKey handles the canvas's keys (see the top of this file).
func (g *View) TypedKey(ev *fyne.KeyEvent) {
	g.hold()
	switch ev.Name {
	case fyne.KeyDelete, fyne.KeyBackspace:
		if g.OnDelete != nil {
			g.OnDelete()
		}
	case fyne.KeyEscape:
		if g.gesture.kind != noGesture {
			g.Cancel()
			return
		}
		g.clearPick()
	case fyne.KeyF2, fyne.KeyReturn, fyne.KeyEnter:
		g.activateSelection()
	case fyne.KeyLeft, fyne.KeyRight, fyne.KeyUp, fyne.KeyDown:
		g.nudge(ev.Name)
	default:
		ui.ToWindow(g, ev) // the step keys (winkeys.go)
	}
}

// activateSelection asks to rename the primary state or the selected
// transition.
func (g *View) activateSelection() {
	if g.OnActivate == nil {
		return
	}
	if t, ok := g.SelectedTransition(); ok {
		g.OnActivate("", &t)
	} else if g.selected != "" {
		g.OnActivate(g.selected, nil)
	}
}

// nudge moves the selected states one step with an arrow key, or pans the
// view when none is selected.
func (g *View) nudge(k fyne.KeyName) {
	step := 10.0
	if g.modifiers()&fyne.KeyModifierShift != 0 {
		step = 1
	}
	d := map[fyne.KeyName]vec{fyne.KeyLeft: {-1, 0}, fyne.KeyRight: {1, 0}, fyne.KeyUp: {0, -1}, fyne.KeyDown: {0, 1}}[k]
	if len(g.sel) == 0 {
		g.Pan(fyne.NewDelta(float32(-d.X*40), float32(-d.Y*40)))
		return
	}
	to := map[string]graph.Point{}
	for id := range g.sel {
		n := &g.nodes[g.index[id]]
		n.pos = n.pos.add(d.mul(step))
		to[id] = pointOf(n.pos)
	}
	g.geo.valid = false
	g.Refresh()
	if g.OnMoved != nil {
		g.OnMoved(to)
	}
}

// modifiers returns the keyboard modifiers held (desktop drivers only).
func (g *View) modifiers() fyne.KeyModifier {
	if g.keyMods != nil {
		return g.keyMods()
	}
	app := fyne.CurrentApp()
	if app == nil {
		return 0
	}
	if d, ok := app.Driver().(desktop.Driver); ok {
		return d.CurrentKeyModifiers()
	}
	return 0
}

func dist(a, b fyne.Position) float64 {
	return math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y))
}
