// Package scene says what the table looks like to one seat, or to the
// designer, at one step of a match: the model a picture or a widget draws,
// with no drawing in it.
//
// [Build] (pack, match, seat) returns a [Scene]: the state's description
// for the viewer, whose turn it is, the last move, and the table's
// [Area]s: the centre, then one per seat, the viewer's at the bottom and
// the others round the table to its left (Side and Angle say where). In
// them:
//
//   - boards ([Board]): their occupied cells, each read as the pack's
//     display hints say (a glyph, a colour) or as its value;
//   - card locations ([Location]): a deck's places as the seat's view
//     counts them, in their owner's area or the centre, fanned (hands),
//     piled (the top card and a count) or in a row (tricks, tableaus);
//     each card as its face (with hints "Q♥", in its colour) or, where the
//     view hides it, as a back ("hidden": true, no type, no text);
//   - objects by zone ([Zone], [Object]): their zone and controller
//     variables place them; a title, stats (power and toughness), tags, a
//     stat some while clause wraps marked Wrapped (its chain is
//     engine.Match.Chain's);
//   - counters: game variables in the centre, player variables, score and
//     clock in each seat's area.
//
// A scene is a pure function of its arguments: it reads the match only
// through the seat's engine.Match.View (the designer's
// engine.Match.FullView), so it never shows what the view hides, and
// changes nothing in the match. Its JSON is stable: every card, object and
// cell has an id ("deck:hand/2:5", "object:7", "board:board:3,4") that the
// same match, step and seat give again. A card's id is its place and its
// index there; a face seen also carries its card's id in its deck
// (engine.Match.SeenCardIDs), by which the viewer's moves name it, so that
// a window tells two cards of one face apart.
//
// The last move is read from the match's event log, which is the
// designer's: a card it names is written out only when the seat sees that
// card now ("a card" otherwise); its other arguments (cells, columns,
// objects) are public in today's model. When the engine keeps an event log
// per seat (issue 22), the scene should read that seat's.
//
// Cost: BenchmarkSceneHearts, the four seats' scenes of a Hearts step,
// takes about 130 µs of CPU (cpu-ns/op; about 55 µs of it the four
// views), about 740 allocations.
//
// [MarkChanges] marks in a scene the counters and scores that changed
// since an earlier one (Counter.Before, Area.ScoreBefore): a window shows
// "26 ← 13" for a moment after a step. Build never marks them.
//
// Display hints (graph.Display, docs/pack-format.md) say how cards, cells
// and objects read and where each location lies; every hint is optional.
//
// Package picture (preview/scene/picture) draws scenes as SVG and PNG.
//
// The package imports graph and engine; it must
// never import Fyne, SQLite, the project or the editor.
package scene
