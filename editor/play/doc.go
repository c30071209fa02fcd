// Package play is the window's Play and Debugger panels over a preview
// match ([preview.Session]): [Panels], made by [New], shows the table of
// the match at the cursor as a seat or the designer sees it (the Table
// tab: preview/scene drawn by preview/scene/picture off the Fyne
// goroutine; a click on a card, cell, object or seat's area (a player) a
// legal move names picks it, telling two cards of one face apart by their
// ids; what a click can choose now is ringed and, while a pick is under
// way, the other cards, cells and objects are veiled),
// and per seat (the Text tab) the status line, clock and private args, per deciding person's seat its
// actions as buttons ([Choice]) with pickers for their arguments (illegal
// choices are not offered; the refused actions say why), the step controls,
// the timeline and the lines of play; and the Debugger's tabs: the state
// and execution stacks, the objects and their wrapper chains, the event log
// ([EventList]), the Starlark console, the watches and the Why tab (why a
// clause did or did not fire in the step, why a wrapped value is what it
// is, why each action not offered is refused). After an edit of the
// rules it re-runs the match shown and reports what changed (live.go).
//
// It reaches the window only through the callbacks of [Panels]: OnState
// (the canvas marks the match), OnNoMatch, OpenPlace (an event's source or
// a run error's code, a [place.Target]), OnWatches (the project keeps
// them), and Do, Pack and Open for the live re-run. The window adds its
// own Breakpoints tab with [Panels.AddTab]; what it reads of the panels
// (the message, the status, the event log, the choices offered) is in
// read.go.
//
// The files: play.go (the panels, starting and stepping a match; start
// here), pick.go (the choices and pickers, lines of play), table.go (the
// Table tab: the viewer chosen, drawing on a goroutine, a step's changes
// shown for a moment), tableview.go (the picture, its rings and veils),
// click.go (a click
// on the table chosen through the pickers), keys.go (the
// step keys and the choices' buttons), breakpoints.go (the breakpoints
// handed to each session), debug.go (the stacks, objects and console),
// events.go (the event log), event_words.go (events in a designer's words
// for the live report), watch.go (the Watch tab), links.go (the live report
// and restarting on the edited rules), live.go (scheduling the re-run),
// targets.go (the place of the pack an event or run error is about),
// why.go (the Why tab, over preview's why.go),
// messages.go (the engine's errors worded for the panels) and read.go.
//
// It may import Fyne, graph, engine, preview (with preview/scene and its
// picture) and the rooms editor/ui,
// editor/diagram (a seat's name, as the canvas writes it) and editor/place,
// never editor itself (internal/arch holds this).
package play
