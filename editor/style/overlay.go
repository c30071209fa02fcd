package style

import "image/color"

// Colours of a preview match drawn over the state graph (package diagram):
// the boxes by how often they were entered, the current state, the
// transitions taken, and breakpoint dots.
var (
	MatchCold    = color.NRGBA{R: 0xe8, G: 0xf5, B: 0xe9, A: 0xff} // entered once
	MatchHot     = color.NRGBA{R: 0x66, G: 0xbb, B: 0x6a, A: 0xff} // entered most
	MatchCurrent = color.NRGBA{R: 0x00, G: 0x96, B: 0x88, A: 0xff} // the state the match is in: ring, seats tag
	MatchTaken   = color.NRGBA{R: 0x2e, G: 0x7d, B: 0x32, A: 0xff} // a transition taken
	Breakpoint   = color.NRGBA{R: 0xe5, G: 0x39, B: 0x35, A: 0xff} // a breakpoint's dot
)

// Colours of a playtest's heat drawn over the state graph: boxes by visits,
// what was never visited or used.
var (
	HeatCold   = color.NRGBA{R: 0xff, G: 0xf3, B: 0xe0, A: 0xff} // visited least
	HeatHot    = color.NRGBA{R: 0xf5, G: 0x7c, B: 0x00, A: 0xff} // visited most
	HeatUnused = color.NRGBA{R: 0xd3, G: 0x2f, B: 0x2f, A: 0xff} // never used: outline, dashes
	HeatNone   = color.NRGBA{R: 0xe0, G: 0xe0, B: 0xe0, A: 0xff} // never visited: grey box
)

// Colours of a comparison of two revisions drawn over the state graph
// (File > Compare Revisions…): the outline of a state, or the arrow of a
// transition, added, changed or removed by the change.
var (
	ChangeAdded   = color.NRGBA{R: 0x2e, G: 0x7d, B: 0x32, A: 0xff} // green
	ChangeChanged = color.NRGBA{R: 0x15, G: 0x65, B: 0xc0, A: 0xff} // blue (the selection is orange)
	ChangeRemoved = color.NRGBA{R: 0xd3, G: 0x2f, B: 0x2f, A: 0xff} // red, and dashed or greyed
)
