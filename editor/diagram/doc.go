// Package diagram is the state graph canvas of the editor's window: [View],
// a Fyne widget with its own renderer, draws a pack's states as boxes and
// its transitions and calls as arrows, zooms and pans, selects, and reports
// what the designer does with the mouse and keys through its On* callbacks;
// over the graph it draws a preview match's marks ([MatchMarks], [MarksOf])
// and a playtest's heat ([Heat]), or a comparison of two revisions
// ([Changes]: what was added, changed or removed outlined in its colour). [Image] and [WriteSVG] draw pictures of a
// pack the same way.
//
// Every state is a box coloured by its BGA type ([style.TypeFill], with a badge
// naming the type and a legend above the canvas, wrapping onto more rows in
// a narrow window: [ui.FlowLayout]), every transition an arrow
// with its name; arrows between the same two states fan out, self-loops sit on
// the box's right, labels avoid boxes and each other. A call (call('state')
// in a state's code, or in an action it allows: graph.Calls) is a teal
// dash-dotted arrow labelled "call", and its return a dotted one back with a
// hollow head. A call in an object type's clause (graph.ClauseCalls) starts
// at a box standing for the clause (style.ClauseCaller: not a state, it cannot be
// selected), with no return arrow. Box sizes come from graph/layout, which the automatic layout
// uses too.
//
// The files: canvas.go (the view's copy of the pack, zoom and pan
// state), canvas_zoom.go (fitting), canvas_select.go (the selection: states
// with a primary one, or a transition), canvas_input.go (mouse and keys; its
// top comment lists what each does), canvas_geom.go (routes and labels, kept
// between frames, and hit tests), geom.go (pure geometry), render.go (the
// renderer), canvas_marks.go and canvas_match.go (a match's marks: the
// current state's ring, visit and use counts, breakpoint dots, made only for
// what is marked), playtest_overlay.go (a playtest's [Heat]), changes_overlay.go (a
// comparison's [Changes]), legend.go,
// picture.go (PNG and SVG pictures of a pack), place.go (a spot for states
// without a position), drawing.go (what was drawn, for the rooms that drive
// the view to check). The canvas changes nothing itself: it reports
// gestures through its On* callbacks and the window makes the edits.
//
// Names stay readable at any zoom: a name is never drawn below 8.5 pixels;
// when a box is too small for its badge and id they go, and a name too long
// for its box spills out of it, centred, into the free room beside it (half
// the gap to a box level with it), and is cut short with an ellipsis only
// where that room ends. Zoom to Fit (ctrl+0) shows the
// whole graph so; Fit at a Readable Size (ctrl+shift+0, and the view of a
// pack just opened) does not go below [ReadableZoom], the rest of a big graph
// a scroll away (thin bars at the edges show where the view is).
//
// Views hold copies of what they draw and refer to states by id as written
// (graph.StateID.String()), never by pointers into the pack, which the Editor
// owns. Everything here runs on the Fyne goroutine; other goroutines (the
// background layout, the checks) work on a clone of the pack and come back
// through fyne.Do.
//
// It may import editor/style and editor/ui, Fyne, graph (and graph/layout),
// engine, preview and preview/playtest; never editor or another room
// (internal/arch). Start reading at canvas.go.
package diagram
