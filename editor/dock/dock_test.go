package dock

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestDockTabsAndBottom: a second panel in a place makes tabs; a bottom
// panel splits the centre; removing panels gives the plain layout back with
// the offsets the designer left.
func TestDockTabsAndBottom(t *testing.T) {
	test.NewTempApp(t)
	d := New()
	canvas, forms, yaml, console := widget.NewLabel("canvas"), widget.NewLabel("forms"), widget.NewLabel("yaml"), widget.NewLabel("console")
	d.Add(Centre, Panel{ID: "graph", Title: "States", Content: canvas})
	d.Add(Side, Panel{ID: "forms", Title: "Forms", Content: forms})
	w := test.NewTempWindow(t, d.Object())
	w.Resize(fyne.NewSize(800, 600))
	main := d.Object().(*fyne.Container).Objects[0].(*container.Split)
	main.Offset = 0.5 // the designer drags the divider

	d.Add(Side, Panel{ID: "yaml", Title: "YAML", Content: yaml})
	main = d.Object().(*fyne.Container).Objects[0].(*container.Split)
	tabs, ok := main.Trailing.(*container.AppTabs)
	if !ok || len(tabs.Items) != 2 || tabs.Items[1].Text != "YAML" {
		t.Fatalf("two side panels: %#v", main.Trailing)
	}
	if d.Front(Side) != "yaml" || tabs.SelectedIndex() != 1 {
		t.Errorf("the panel just added is not in front: %q", d.Front(Side))
	}
	if main.Offset != 0.5 {
		t.Errorf("adding a panel reset the divider to %v", main.Offset)
	}
	d.Show("forms")
	if tabs.SelectedIndex() != 0 || d.Front(Side) != "forms" {
		t.Errorf("Show(forms): tab %d, front %q", tabs.SelectedIndex(), d.Front(Side))
	}
	tabs.SelectIndex(1) // the designer clicks the YAML tab
	if d.Front(Side) != "yaml" {
		t.Errorf("after clicking the YAML tab, front is %q", d.Front(Side))
	}

	d.Add(Bottom, Panel{ID: "console", Title: "Console", Content: console})
	main = d.Object().(*fyne.Container).Objects[0].(*container.Split)
	centre, ok := main.Leading.(*container.Split)
	if !ok || centre.Horizontal || centre.Leading != canvas || centre.Trailing != console {
		t.Fatalf("a bottom panel: centre is %#v", main.Leading)
	}
	if !d.Remove("console") || d.Remove("console") {
		t.Error("Remove reports wrongly")
	}
	d.Remove("yaml")
	main = d.Object().(*fyne.Container).Objects[0].(*container.Split)
	if main.Leading != canvas || main.Trailing != forms || main.Offset != 0.5 {
		t.Errorf("after removing: %#v | %#v at %v", main.Leading, main.Trailing, main.Offset)
	}
	if got := d.Panels(Side); len(got) != 1 || got[0] != "forms" {
		t.Errorf("side panels %v", got)
	}
	if d.Show("nope") {
		t.Error("Show of a missing panel")
	}
}

// TestDockShowsAPanelLeftAlone: tabs hide the panels not in front; when
// the panel in front leaves, the one left alone is seen again.
func TestDockShowsAPanelLeftAlone(t *testing.T) {
	test.NewTempApp(t)
	d := New()
	forms, debug := widget.NewLabel("forms"), widget.NewLabel("debugger")
	d.Add(Side, Panel{ID: "forms", Title: "Forms", Content: forms})
	d.Add(Side, Panel{ID: "debug", Title: "Debugger", Content: debug})
	w := test.NewTempWindow(t, d.Object())
	w.Resize(fyne.NewSize(400, 300))
	if forms.Visible() {
		t.Fatalf("the tab not in front is visible")
	}
	d.Remove("debug")
	if !forms.Visible() || d.Object().(*fyne.Container).Objects[0] != forms {
		t.Errorf("the panel left alone: visible %v, shown %T", forms.Visible(), d.Object().(*fyne.Container).Objects[0])
	}
}
