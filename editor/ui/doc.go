// Package ui holds the small widgets and helpers every room of the editor
// builds with, none of which knows a pack or a match:
//
//   - keys.go and winkeys.go: the keys that act on the window whatever has
//     the focus (the match's step keys F5, F9, F10, F11; ctrl+shift+Z and
//     the zoom keys). Fyne gives a key to the focused widget alone, so each
//     widget the editor shows that can take the focus passes them on with
//     [ToWindow] and [ShortcutToWindow]; [Entry], [Select], [List],
//     [Button] and the others are Fyne's widgets doing so.
//   - tabring.go: a form's Tab order that cycles within the form ([Ringed]).
//   - flow.go: [FlowLayout], rows that wrap at the width they are given, and
//     [TopFirstLayout], the window's toolbar, centre and status line.
//   - debounce.go: [Debounce], work started once the designer pauses typing
//     (live diagnostics, the live re-run).
//   - queue.go: [Queue], how tests run the results of background work on
//     their own goroutine.
//
// It imports Fyne only: every editor package may import it, so it imports
// none of them (internal/arch holds this). Start with winkeys.go.
package ui
