// Package code is the studio's editor of source text: [Editor], a
// monospaced grid for the Starlark of a pack's code fields and scripts and
// for YAML (a scenario, the YAML view), highlighted by chroma, with line
// numbers, a block cursor, selection, the clipboard, auto-indentation, and
// the diagnostics of the checks marked at their line and column ([Mark]).
// It keeps no undo stack and knows no pack: it reports each change and
// each undo key through its On* callbacks, and the window makes the edits.
//
// [YAMLView] is the YAML view: the selected element's lines of the pack's
// canonical YAML in an [Editor], numbered as in the whole pack, or the
// whole pack ([ScopeSelection], [ScopeWhole]); a text that reads back is
// made an edit. It reaches the window only through the small interface
// [YAMLWindow] (the pack, its history, the selection, the checks'
// findings), which package editor fills.
//
// The files: editor.go (the widget, its text and cursor; start here),
// edit.go (the selection and the changes to the text), keys.go (the keys,
// shortcuts and focus), pointer.go (taps, drags and scrolling to the
// cursor), marks.go (the diagnostics and their notes), render.go (the grid
// drawn, cell by cell) and highlight.go (chroma's colours for the theme);
// yamlview.go (the YAML view), yamledit.go (its text made an edit) and
// yamllines.go (where each element's lines are in the canonical YAML).
//
// It may import Fyne, chroma, graph (for a diagnostic's severity) and the
// rooms editor/ui and editor/style, never editor itself (internal/arch holds
// this).
package code
