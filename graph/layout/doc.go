// Package layout places a pack's states for drawing, in one place for the
// window, the command line and the example project: the size of a state's
// box, the automatic layout (Graphviz dot when it is installed, a built-in
// layered layout otherwise), the packing of disconnected pieces into a
// screen-shaped area, and the Graphviz DOT picture of a state graph.
//
// Entry points:
//
//   - [Auto] is the layout the studio shows: dot (or [Layered] when dot is
//     missing, fails, or the graph is too dense for it), then [Components].
//     It can take seconds on a big graph; [Quick] is the built-in layout with
//     the same packing, instant, shown while Auto runs.
//   - [Layered], [Dot] and [Components] are the steps.
//   - [BoxSize] is the size of a state's box, shared by layouts and the
//     canvas; [Options].Size replaces it (see [Measured], for sizes from the
//     font the canvas draws with).
//   - [DOT] renders the state graph as a Graphviz DOT picture (`studio export
//     --format dot`).
//
// Positions are the centres of the boxes keyed by state id as written
// (graph.StateID.String()), in canvas units (pixels at zoom 1) with y growing
// downwards: the form of graph.Editor.Positions. Nothing here changes a pack.
//
// Like graph, the package imports only the standard library and the graph
// package; it runs dot as a program. It must never import Fyne, SQLite or
// Starlark.
package layout
