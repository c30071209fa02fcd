package layout

import "github.com/rulestudio/studio/graph"

// Sizer gives the width and height of a state's box in canvas units (pixels
// at zoom 1). Layout and drawing must use the same one.
type Sizer func(s *graph.State) (w, h float64)

// Options tune a layout. The zero Options are the studio's.
type Options struct {
	// Size gives the size of each state's box; nil: BoxSize.
	Size Sizer
}

// size returns o.Size, or BoxSize.
func (o Options) size() Sizer {
	if o.Size != nil {
		return o.Size
	}
	return BoxSize
}

// Box sizes, in canvas units.
const (
	boxHeight   = 50  // every box
	boxMinWidth = 120 // a box is never narrower
	boxPadding  = 28  // room around the text, left and right together
	charWidth   = 7.5 // the estimate of BoxSize: the width of one character
)

// BoxSize is the size of a state's box, wide enough for its "id name" line
// and its type badge by an estimate of 7.5 units a character, at least 120
// wide and 50 high.
func BoxSize(s *graph.State) (w, h float64) {
	return estimate(s)
}

var estimate = Measured(func(text string) float64 { return charWidth * float64(len(text)) })

// Measured returns a Sizer whose widths come from measure, the width of a
// text in canvas units at zoom 1 (the canvas's font measured, e.g. by
// fyne.MeasureText): wide enough for the "id name" line and the type, with
// BoxSize's padding, minimum width and height.
func Measured(measure func(text string) float64) Sizer {
	return func(s *graph.State) (w, h float64) {
		w = max(measure(s.ID.String()+" "+s.Name), measure(string(s.Type))) + boxPadding
		return max(w, boxMinWidth), boxHeight
	}
}
