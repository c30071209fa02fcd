// Package dock lays the editor window's panels out: four places ([Place]:
// Centre, Side, SideBottom, Bottom) around split bars the designer drags,
// one panel alone or several as tabs per place, the split positions kept
// as panels come and go ([Dock.Add], [Dock.Remove], [Dock.Show]). The window
// (package editor) decides which panel goes where.
//
// It imports Fyne only, and no other room of the editor (internal/arch).
// Everything is in dock.go.
package dock
