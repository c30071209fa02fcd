// Package place names a place in a pack the window can open: [Target], an
// element (a state, object type, action or script, or the pack's own keys),
// the field inside it and a line and column in that field's text, and
// [Title], how a heading names it. The checks' findings (package editor),
// the forms that open them and the debugger's links (editor/play) all speak
// of places this way, so the type lives in a room of its own that each may
// import, rather than in editor, which no room may import.
//
// The files: target.go (the type and its title; the whole room).
//
// It may import graph only, and no other room (internal/arch holds this).
package place
