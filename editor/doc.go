// Package editor is Rule Studio's user interface, built with Fyne: the window
// ([Editor]) with its menus, toolbar and file dialogs; the state graph canvas
// ([GraphView]), a custom widget with its own renderer; the [Inspector] of the
// selected state; and the [DiagnosticsView] of what the validator found.
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
// # The window's files
//
//   - window.go: the Editor, its panels, title and status line, closing.
//   - open.go: opening projects and files, recovery of autosaves, showing a pack.
//   - arrange.go: the automatic layout: the quick layered layout at once, the
//     Graphviz one in the background (graph/layout).
//   - edit.go: edits, undo and redo, and what they refresh.
//   - save.go: saving, autosave, export (graph/packfile).
//   - menu.go and dialogs.go: menus, toolbar, shortcuts; file and error dialogs.
//   - dock.go: where panels go. The window has four places ([Place]): Centre
//     (the canvas; other editors join it as tabs), Side (the inspector), SideBottom
//     (the diagnostics) and Bottom (under the canvas: consoles, debugger panels).
//     [Dock.Add] puts a [Panel] in a place; a place with several shows tabs.
//
// # The canvas
//
// Every state is a box coloured by its BGA type ([TypeFill], with a badge
// naming the type and a legend above the canvas), every transition an arrow
// with its name; arrows between the same two states fan out, self-loops sit on
// the box's right, labels avoid boxes and each other. Drag the background or
// scroll to pan; ctrl+scroll, the toolbar or ctrl+=/ctrl+-/ctrl+0 to zoom; tap
// a box to select it; drag a box to move it (positions are saved with the
// pack, in its editor section). Box sizes come from graph/layout, which the
// automatic layout uses too.
//
// Views hold copies of what they draw and refer to states by id as written
// (graph.StateID.String()), never by pointers into the pack, which the Editor
// owns. Everything here runs on the Fyne goroutine; other goroutines (the
// background layout) work on a clone of the pack and come back through
// fyne.Do.
//
// This package and cmd/studio are the only ones that import Fyne. It must
// never import SQLite (package project) or be imported by graph, engine,
// preview or project.
package editor
