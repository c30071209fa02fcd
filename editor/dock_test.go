package editor

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/rulestudio/studio/editor/dock"
)

// TestEditorDocksItsPanels: the window shows the centre's tabs (the canvas
// in front, then the object types, actions, scripts, display hints and the
// YAML view)
// beside a column of the inspector over the diagnostics.
func TestEditorDocksItsPanels(t *testing.T) {
	e, _ := newTestEditor(t)
	main, ok := e.Dock.Object().(*fyne.Container).Objects[0].(*container.Split)
	if !ok || !main.Horizontal || main.Offset != 0.70 {
		t.Fatalf("the window's main area is %#v, want the centre beside the side column", e.Dock.Object().(*fyne.Container).Objects[0])
	}
	tabs, ok := main.Leading.(*container.AppTabs)
	if !ok || len(tabs.Items) != 6 || tabs.Items[0].Content != e.View || tabs.Selected() != tabs.Items[0] {
		t.Fatalf("the centre is %#v, want tabs with the canvas first and in front", main.Leading)
	}
	var titles []string
	for _, it := range tabs.Items {
		titles = append(titles, it.Text)
	}
	if got := strings.Join(titles, ", "); got != "States, Object types, Actions, Scripts, Display, YAML" {
		t.Errorf("centre tabs %s", got)
	}
	column, ok := main.Trailing.(*container.Split)
	if !ok || column.Horizontal || column.Leading != e.Inspector || column.Trailing != e.Diagnostics || column.Offset != 0.62 {
		t.Fatalf("the side column is %#v, want the inspector over the diagnostics", main.Trailing)
	}
	for at, want := range map[dock.Place]string{dock.Centre: PanelGraph, dock.Side: PanelInspector, dock.SideBottom: PanelDiagnostics, dock.Bottom: ""} {
		if got := e.Dock.Front(at); got != want {
			t.Errorf("place %d shows %q, want %q", at, got, want)
		}
	}
}
