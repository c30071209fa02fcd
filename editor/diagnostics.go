package editor

import (
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/graph"
)

// DiagnosticsView lists what the validator found, one row per diagnostic:
// severity icon, place and message. Selecting a row calls OnSelected.
type DiagnosticsView struct {
	widget.BaseWidget

	// OnSelected is called with the diagnostic the user picked.
	OnSelected func(d graph.Diagnostic)

	diags   []graph.Diagnostic
	source  string // the file the pack was read from: its diagnostics need no file name
	summary *widget.Label
	list    *widget.List
}

// NewDiagnosticsView returns an empty list.
func NewDiagnosticsView() *DiagnosticsView {
	v := &DiagnosticsView{summary: widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})}
	v.list = widget.NewList(
		func() int { return len(v.diags) },
		func() fyne.CanvasObject {
			msg := widget.NewLabel("")
			msg.Wrapping = fyne.TextWrapOff
			msg.Truncation = fyne.TextTruncateEllipsis
			return container.NewBorder(nil, nil, widget.NewIcon(nil), nil, msg)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < 0 || i >= len(v.diags) {
				return
			}
			d := v.diags[i]
			c := o.(*fyne.Container)
			c.Objects[1].(*widget.Icon).SetResource(severityIcon(d.Severity))
			c.Objects[0].(*widget.Label).SetText(diagText(d, v.source))
		},
	)
	v.list.OnSelected = func(i widget.ListItemID) {
		if i >= 0 && i < len(v.diags) && v.OnSelected != nil {
			v.OnSelected(v.diags[i])
		}
		// Unselect, so that clicking the same row again works again (the
		// canvas shows the selected state).
		v.list.Unselect(i)
	}
	v.ExtendBaseWidget(v)
	v.SetDiagnostics(nil)
	return v
}

// diagText is a row's text: "line:col  message [rule]", with the file's name
// first ("PlayerTurn.php:12:7  ...") when the diagnostic is about another
// file than source, the pack's (a BGA game's State classes are one file
// each).
func diagText(d graph.Diagnostic, source string) string {
	s := d.Message + "  [" + d.Rule + "]"
	if d.Pos.IsValid() {
		s = fmt.Sprintf("%d:%d  %s", d.Pos.Line, d.Pos.Column, s)
	}
	if d.File != "" && d.File != source {
		sep := ":"
		if !d.Pos.IsValid() {
			sep = "  "
		}
		s = filepath.Base(d.File) + sep + s
	}
	return s
}

// SetSource says which file the pack was read from (Pack.Source): rows
// about other files name theirs.
func (v *DiagnosticsView) SetSource(path string) { v.source = path }

// SetDiagnostics replaces the list; the view keeps its own copy.
func (v *DiagnosticsView) SetDiagnostics(ds []graph.Diagnostic) {
	v.diags = append([]graph.Diagnostic(nil), ds...)
	ne, nw, ni := 0, 0, 0
	for _, d := range ds {
		switch d.Severity {
		case graph.Error:
			ne++
		case graph.Warning:
			nw++
		default:
			ni++
		}
	}
	switch {
	case len(ds) == 0:
		v.summary.SetText("Diagnostics: none, the graph passes every check")
	default:
		v.summary.SetText(fmt.Sprintf("Diagnostics: %d errors, %d warnings, %d notes", ne, nw, ni))
	}
	v.list.UnselectAll()
	v.list.Refresh()
}

// Diagnostics returns the diagnostics listed.
func (v *DiagnosticsView) Diagnostics() []graph.Diagnostic { return v.diags }

// Select selects row i, as a click on it does (OnSelected is called).
func (v *DiagnosticsView) Select(i int) { v.list.Select(i) }

// CreateRenderer implements fyne.Widget.
func (v *DiagnosticsView) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(v.summary, nil, nil, nil, v.list))
}
