package editor

import (
	"fyne.io/fyne/v2/container"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/preview"
)

// playLinks ties the Play panels to the rest of the window: the event log's
// rows and a run error open the place of the pack they are about, and the
// watch list follows the cursor.
type playLinks struct {
	// open opens a place of the pack (the editor's OpenFinding); nil:
	// nothing opens (a Play without a window).
	open func(t Target)

	watch watchList
}

// attachLinks makes the Watch tab and links the event log's rows to their
// sources.
func (p *Play) attachLinks() {
	p.events.OnPicked = p.openEvent
	p.debugger.Append(container.NewTabItem("Watch", p.newWatchTab()))
}

// linkPlay links the Play panels to the window: an event's row or a run
// error opens its place as a diagnostic's row does (OpenFinding).
func (e *Editor) linkPlay() {
	e.Play.links.open = func(t Target) { e.OpenFinding(Finding{Target: t}) }
}

// openEvent opens the source of e: the clause or action it comes from at
// the field that explains it, or the state it is about.
func (p *Play) openEvent(e engine.Event) {
	if p.sess == nil || p.links.open == nil {
		return
	}
	if t, ok := eventTarget(p.sess.Pack(), e); ok {
		p.links.open(t)
	}
}

// openFailure opens the code a run error stopped the match in, at the
// failing line, when st is such a stop.
func (p *Play) openFailure(st preview.Stop) {
	if st.Reason != preview.Failed || p.sess == nil || p.links.open == nil {
		return
	}
	if t, ok := errorTarget(p.sess.Pack(), st.Err); ok {
		p.links.open(t)
	}
}

// showLinks updates what follows the cursor: the watches.
func (p *Play) showLinks() { p.showWatches() }
