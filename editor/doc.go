// Package editor is Rule Studio's user interface, built with Fyne: the window
// ([Editor]) with its menus, toolbar and file dialogs; the state graph canvas
// ([diagram.View]), a custom widget with its own renderer; the forms
// (package forms: the Inspector, the form of the selected state, and the
// object types, actions and scripts panels); the Starlark and YAML code
// editor and the YAML view (package code); and
// the [DiagnosticsView] of what the checks found.
//
// # The rooms
//
// The window is built of rooms, each a package under editor/ with one job
// and a doc.go saying where to start reading: ui (widgets every room builds
// with: the window-wide keys, the Tab ring, flow layouts, debounce), style
// (colours and themes), place (a place in a pack a click opens), dock (where
// panels go), diagram (the state graph canvas), code (the code editor and
// the YAML view), forms (the Inspector and the element panels), play
// (the Play and Debugger panels) and compare (File > Compare Revisions…). This package wires them together through
// the callbacks and small interfaces they declare (forms.Host,
// code.YAMLWindow, play.Panels' On* fields) and keeps the window, menus,
// dialogs, opening and saving, the graph's edits and the live checks, and
// hosts a match for people's browsers (Play > Host Match…: package host in
// this process, host.go; the Play panel follows it through play.Panels'
// OnTake and Show). No
// room imports editor, and each imports only the rooms internal/arch's
// TestEditorRooms allows it (ui, style and place none; diagram, code and
// forms ui and style, forms place too; play diagram, place, style and ui;
// compare diagram, style and ui).
//
// Entry points: [New] builds a window for an app and a [Store] (the project
// files, adapted from package project by cmd/studio); [Editor.Open] shows a
// project, a BGA states.inc.php or a YAML rule pack (file or folder), deciding
// by what the path holds (graph/packfile).
//
// # Changing the pack
//
// The editor owns its pack and changes it only through a graph.History: every
// change is a graph.Edit ([Editor.Do]), so undo and redo cover everything and
// the edit model is tested without Fyne (package graph). A drag is one
// MoveStates edit; an automatic layout is one step, which the background
// Graphviz layout amends (History.Amend) unless the designer did something
// since; a restored autosave is one ReplacePack edit. After an edit, the views
// refresh what its Touched refs name (moved boxes alone, or everything). The
// history's saved point decides the unsaved mark, so undoing back to the save
// clears it. Forms that edit as the designer types use History.Merge with a
// key per field, so a field's typing is one step.
//
// The state graph's own edits (create, rename, retype, connect, delete,
// paste) are in stateops.go and clipboard.go: each is one undo step, several
// states at once through graph.Sequence. Copy and paste go through the system
// clipboard as a YAML rule pack (the copied states, their positions, the
// constants their ids use), so they work between two windows or two studios
// and with a text editor: a pasted state keeps its id and name when free,
// else gets the next number (name2), and transitions among the pasted states
// follow.
//
// # The window's files
//
//   - window.go: the Editor, its panels, title and status line.
//   - leakcheck.go: Tools > Check Hidden Information (preview.CheckLeaks);
//     findmatch.go: Play > Find a Match Where… (preview.Find).
//   - open.go: opening projects and files, recovery of autosaves, showing a
//     pack; newpack.go: File > New and files dropped on the window;
//     recent.go: File > Open Recent (the app's preferences).
//   - arrange.go: the automatic layout: the quick layered layout at once, the
//     Graphviz one in the background (graph/layout), for all states or the
//     selection; states an edit adds without a position go beside a
//     neighbour, and positions the designer set stay.
//   - edit.go: edits, undo and redo, and what they refresh.
//   - stateops.go, clipboard.go, prompt.go, find.go: the graph's edits, copy
//     and paste, the name entry shown over the canvas, Find (ctrl+F).
//   - save.go: saving, autosave, export (graph/packfile); export_image.go:
//     File > Export Picture, the graph as PNG or SVG (diagram.Image, diagram.WriteSVG).
//   - package ui (editor/ui): the keys that act whatever has the focus (a
//     match's step keys; Fyne gives a key to the focused widget alone, so
//     each widget that can have it passes them on to the window), the Tab
//     ring of a form, the flow layout, the debounce of live work.
//   - menu.go and dialogs.go: menus, toolbar, shortcuts, the context menu;
//     modal dialogs that Enter and Escape close, and that menu shortcuts do
//     not stack; closing with unsaved changes. filedialog.go: file and folder
//     dialogs that take a typed path and start in the folder last used.
//   - theme.go: View > Theme, following the system's variant unless the
//     designer forces one; package style (editor/style) holds the colours
//     for both variants, shared by every room.
//   - package play (editor/play): the Play and Debugger panels ([play.Panels]);
//     play_menu.go, play_saved.go and watches.go wire them to the window.
//   - package compare (editor/compare): two revisions compared, the graph
//     marked, the changes side by side, their impact measured on demand
//     ([compare.Panel]); revisions.go docks it, reaching the revisions
//     through [RevisionKeeper].
//   - package place (editor/place): [place.Target], a place in a pack the
//     window opens (a finding's, a debugger link's), and its title.
//   - package dock (editor/dock): where panels go. The window has four places
//     ([dock.Place]): Centre (the canvas; other editors join it as tabs), Side
//     (the inspector), SideBottom (the diagnostics) and Bottom (under the
//     canvas: consoles, debugger panels); a place with several shows tabs.
//     panels.go: View > Panels brings every panel back ([Editor.ShowPanel]).
//
// # The canvas
//
// The state graph canvas is package diagram (editor/diagram): [diagram.View]
// draws the pack, a match's marks and a playtest's heat, and reports the
// designer's gestures through its On* callbacks; the Editor makes the edits
// (stateops.go, arrange.go) and tells it what to draw.
//
// # Forms
//
// Every field of a form is a widget bound to one value of the pack by a getter
// and a setter that makes the edit (package forms, editor/forms: its doc
// says how they load in place and follow renames). After an edit the
// window refreshes the forms by the edit's Touched refs (the canvas only
// when it draws what changed).
//
//   - forms.go: the wiring: the forms' panels docked, formHost (what the
//     forms ask of the window: forms.Host), refreshing them after an edit,
//     marking the latest findings in their code fields, and opening a
//     finding's place ([Editor.OpenFinding]).
//   - package forms (editor/forms): the Inspector (a state's form: BGA's
//     fields, the seed's, the non-standard keys of an imported file; or the
//     pack's own keys), the clause cards grouped by kind, and the object
//     types, actions and scripts panels (Centre tabs beside the canvas: a
//     list and the form of the selected element).
//   - lookup.go: small look-ups of the pack the window's files share.
//   - package code (editor/code): the code editor of every Starlark and YAML
//     field, a TextGrid with chroma's highlighting, line numbers and
//     diagnostics marked at line and column (code.Editor, code.Mark); and
//     the YAML view (code.YAMLView, a Centre tab), the selected element's
//     lines of the pack's canonical YAML, numbered as there, or the whole
//     pack, where a text that reads is applied as an edit (ReplacePack, or
//     an element's edit). yamlview.go gives it the window (code.YAMLWindow:
//     the pack, the history, the forms' selection and findings) and holds
//     View > Edit as YAML (ctrl+U), which brings it to the front, focused.
//
// # Live diagnostics
//
// After every edit the pack is checked again (livecheck.go), a short while
// after the last keystroke ([CheckDelay]): the editor hands a clone of the pack
// to a goroutine, which writes it as canonical YAML, reads it back (so every
// position is a line and column of the text the YAML view shows), runs
// graph.Check and engine.Check, and locates each diagnostic in the pack (the
// element, the field and the line and column inside its code: a [Finding]).
// The result comes back through fyne.Do and is dropped if the pack changed
// since. Findings mark their states on the canvas and their lines in the code
// fields; clicking one opens its place ([Editor.OpenFinding]).
//
// # Play
//
// Play > New match… (play_menu.go) docks the Play and Debugger panels of
// package play (editor/play: [play.Panels]) over a preview.Session, and
// links them to the window: the canvas draws the match at the cursor
// (OnState), an event's row or a run error opens its place as a finding's
// row does (OpenPlace, [place.Target]), the watches are kept in the project
// (OnWatches), and an edit of the rules asks the panels to re-run the match
// shown on the edited pack (edit.go calls [play.Panels.RerunSoon]; Do, Pack
// and Open are the window's queue, pack and state; the Table tab hands its
// pictures back through Do too). The panels' table, choices,
// pickers, lines of play, stacks, event log, console and watches are the
// room's own; its doc.go says where to start reading.
//
// # Playtest
//
// Tools > Playtest (playtest.go) plays matches of a clone of the pack with
// package preview/playtest on a goroutine, the progress bar moved through
// e.do at most 20 times a second; the result comes back as a
// [diagram.Heat] drawn over the graph and the summary in the Bottom panel [PanelPlaytest]. Its
// Cancel cancels the run's context (playtest.Config's Context): no match
// starts after it and the run's results are dropped.
//
// # Tests
//
// Tools > Tests (tests_panel.go; running, blessing and adding them:
// tests_run.go) lists the scenario tests of the open
// project, when it keeps them ([ScenarioStore], which cmd/studio's project
// files implement through package project), and runs them with package
// preview/scenario on a goroutine, one result at a time coming back through
// e.do. A scenario opens for editing in a Centre tab (scenario_edit.go) that
// saves back to the project.
//
// # Play
//
// Play > New match (play_menu.go, editor/play) shows a preview.Session.
// After each step, back or scrub the canvas draws the match at the cursor
// ([diagram.MatchMarks], read from the session's events by
// [diagram.MarksOf]): the current state ringed, the seats that act tagged
// beside it, the boxes entered and the transitions taken tinted, widened
// and counted. Breakpoints (breakpoints.go) live in the
// editor, are written to the project at once ([BreakpointKeeper]), drawn as
// red dots on their states, handed to each session, and listed and added in
// the debugger's Breakpoints tab (debug_breakpoints.go, added to the
// Debugger with [play.Panels.AddTab]). The Watch tab's expressions are
// written to the project at each add and remove too ([WatchKeeper],
// watches.go) and come back when it opens. The event log ([play.EventList])
// numbers each event's step as the heading and timeline do, from 1, not as
// the engine's Event.Step (one less). The images the display hints name
// are read from the project when it keeps them ([ImageKeeper], images.go:
// the Display panel's pictures through forms.Host, the Play panel's table
// through play.Panels.Images), so a project moved alone keeps its
// pictures; the Display form's Add image file… puts one in.
//
// This package and cmd/studio are the only ones that import Fyne. It must
// never import SQLite (package project) or be imported by graph, engine,
// preview or project.
package editor
