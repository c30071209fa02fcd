// Package editor is Rule Studio's user interface, built with Fyne: the window
// ([Editor]) with its menus, toolbar and file dialogs; the state graph canvas
// ([GraphView]), a custom widget with its own renderer; the [Inspector] of the
// selected state; and the [DiagnosticsView] of what the validator found.
//
// Entry points: [New] builds a window for an app and a [Store] (the project
// files, adapted from package project by cmd/studio); [Editor.Open] shows a
// project, a BGA states.inc.php or a YAML rule pack.
//
// How the canvas behaves: every state is a box coloured by its BGA type
// ([TypeFill], with a badge naming the type and a legend above the canvas),
// every transition an arrow with its name; arrows between the same two states
// fan out, self-loops sit on the box's right, labels avoid boxes and each
// other. Drag the background or scroll to pan; ctrl+scroll, the toolbar or
// ctrl+=/ctrl+-/ctrl+0 to zoom; tap a box to select it; drag a box to move it
// (positions are saved with the pack, in its editor section).
//
// Views hold copies of what they draw and refer to states by id as written
// (graph.StateID.String()), never by pointers into the pack, which the Editor
// owns. Everything here runs on the Fyne goroutine; other goroutines go
// through fyne.Do.
//
// This package and cmd/studio are the only ones that import Fyne. It must
// never import SQLite (package project) or be imported by graph, engine,
// preview or project.
package editor
