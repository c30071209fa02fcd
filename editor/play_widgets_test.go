package editor

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/play"
	"github.com/rulestudio/studio/editor/ui"
)

// This file finds the Play and Debugger panels' widgets as a designer
// does, by what they show, for the tests that drive the whole window:
// package play keeps its widgets to itself.

// playWalk calls f on o and on everything drawn inside it, every tab of a
// tab container included (not only the one in front).
func playWalk(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch w := o.(type) {
	case *fyne.Container:
		for _, c := range w.Objects {
			playWalk(c, f)
		}
	case *container.AppTabs:
		for _, it := range w.Items {
			playWalk(it.Content, f)
		}
	case *ui.Entry, *ui.Button, *ui.Select, *play.Choice:
		// a leaf: its own renderer's parts are no widgets of the panel
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(w).Objects() {
			playWalk(c, f)
		}
	}
}

// debugEntry returns the Debugger's entry whose placeholder starts with
// hint ("filter events", "filter objects", "Starlark on the match", "a
// Starlark expression to watch"), failing the test when there is none.
func debugEntry(t testing.TB, e *Editor, hint string) *ui.Entry {
	t.Helper()
	var found *ui.Entry
	playWalk(e.Play.DebugPanel(), func(o fyne.CanvasObject) {
		if en, ok := o.(*ui.Entry); ok && found == nil && strings.HasPrefix(en.PlaceHolder, hint) {
			found = en
		}
	})
	if found == nil {
		t.Fatalf("the Debugger has no entry %q", hint)
	}
	return found
}

// playPanel returns the Play panel as docked, failing the test when it is
// not.
func playPanel(t testing.TB, e *Editor) fyne.CanvasObject {
	t.Helper()
	pn, _, ok := e.Dock.Panel(PanelPlay)
	if !ok {
		t.Fatal("no Play panel docked")
	}
	return pn.Content
}

// restartButton returns the live report's Restart on the edited rules
// button of the docked Play panel.
func restartButton(t testing.TB, e *Editor) *ui.Button {
	t.Helper()
	var found *ui.Button
	playWalk(playPanel(t, e), func(o fyne.CanvasObject) {
		if b, ok := o.(*ui.Button); ok && b.Text == "Restart on the edited rules" {
			found = b
		}
	})
	if found == nil {
		t.Fatal("the Play panel has no restart button")
	}
	return found
}

// linesSelect returns the docked Play panel's selector of the lines of
// play (the one Select beside the step buttons).
func linesSelect(t testing.TB, e *Editor) *ui.Select {
	t.Helper()
	var found *ui.Select
	playWalk(playPanel(t, e), func(o fyne.CanvasObject) {
		if s, ok := o.(*ui.Select); ok {
			found = s
		}
	})
	if found == nil {
		t.Fatal("the Play panel has no lines selector")
	}
	return found
}

// actionButtons returns the Play panel's buttons, nested rows included:
// the actions, the pickers' values, Take and Cancel.
func actionButtons(p *play.Panels) []*widget.Button {
	var out []*widget.Button
	for _, o := range p.Choices() {
		switch x := o.(type) {
		case *widget.Button:
			out = append(out, x)
		case *play.Choice:
			out = append(out, &x.Button)
		case *ui.Button:
			out = append(out, &x.Button)
		}
	}
	return out
}

// valueButtons returns the pickers' value buttons (not Take or Cancel, nor
// the actions' own buttons).
func valueButtons(p *play.Panels) []*widget.Button {
	var out []*widget.Button
	for _, b := range actionButtons(p) {
		if !strings.HasPrefix(b.Text, "Take ") && b.Text != "Cancel" && !strings.HasSuffix(b.Text, "…") {
			out = append(out, b)
		}
	}
	return out
}

// actionButton returns the Play panel's button whose text starts with
// prefix, failing the test when there is none.
func actionButton(t *testing.T, p *play.Panels, prefix string) *widget.Button {
	t.Helper()
	for _, b := range actionButtons(p) {
		if strings.HasPrefix(b.Text, prefix) {
			return b
		}
	}
	t.Fatalf("no button %q among %d", prefix, len(actionButtons(p)))
	return nil
}

// choiceLabels joins the texts of the labels among the Play panel's
// choices (what it says instead of a choice).
func choiceLabels(p *play.Panels) string {
	var out []string
	for _, o := range p.Choices() {
		if l, ok := o.(*widget.Label); ok {
			out = append(out, l.Text)
		}
	}
	return strings.Join(out, "\n")
}
