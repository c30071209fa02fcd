package editor

import (
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/graph"
)

// DiagnosticsView lists what the checks found, one row per diagnostic:
// severity icon, place and the whole message, wrapped to the panel's width.
// Tapping a row calls OnPicked (and OnSelected).
type DiagnosticsView struct {
	widget.BaseWidget

	// OnPicked is called with the finding the user tapped: the editor opens
	// the place it is about.
	OnPicked func(f Finding)
	// OnSelected is called with the diagnostic the user tapped.
	OnSelected func(d graph.Diagnostic)

	findings []Finding
	source   string // the file the pack was read from: its diagnostics need no file name
	summary  *widget.Label
	rows     *fyne.Container // diagRow each, reused from one list to the next
	scroll   *container.Scroll
}

// NewDiagnosticsView returns an empty list.
func NewDiagnosticsView() *DiagnosticsView {
	v := &DiagnosticsView{summary: widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		rows: container.NewVBox()}
	v.summary.Wrapping = fyne.TextWrapWord
	v.scroll = container.NewVScroll(v.rows)
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

// SetDiagnostics replaces the list by diagnostics with no known place.
func (v *DiagnosticsView) SetDiagnostics(ds []graph.Diagnostic) {
	fs := make([]Finding, len(ds))
	for i, d := range ds {
		fs[i] = Finding{Diagnostic: d}
	}
	v.SetFindings(fs)
}

// SetFindings replaces the list; the view keeps its own copy. Rows already
// shown are reused, so a list that changes while the designer types does
// not flicker.
func (v *DiagnosticsView) SetFindings(fs []Finding) {
	v.findings = append([]Finding(nil), fs...)
	ne, nw, ni := 0, 0, 0
	for _, f := range fs {
		switch f.Severity {
		case graph.Error:
			ne++
		case graph.Warning:
			nw++
		default:
			ni++
		}
	}
	if len(fs) == 0 {
		v.summary.SetText("Diagnostics: none, the pack passes every check")
	} else {
		v.summary.SetText(fmt.Sprintf("Diagnostics: %s, %s, %s", count(ne, "error"), count(nw, "warning"), count(ni, "note")))
	}
	for len(v.rows.Objects) < len(fs) {
		i := len(v.rows.Objects)
		v.rows.Add(newDiagRow(func() { v.Select(i) }))
	}
	v.rows.Objects = v.rows.Objects[:len(fs)]
	for i, f := range fs {
		v.rows.Objects[i].(*diagRow).set(f.Diagnostic, v.source)
	}
	v.rows.Refresh()
}

// Diagnostics returns the diagnostics listed.
func (v *DiagnosticsView) Diagnostics() []graph.Diagnostic {
	out := make([]graph.Diagnostic, len(v.findings))
	for i, f := range v.findings {
		out[i] = f.Diagnostic
	}
	return out
}

// Findings returns what is listed, with the places.
func (v *DiagnosticsView) Findings() []Finding { return v.findings }

// RowText returns the text of row i as shown.
func (v *DiagnosticsView) RowText(i int) string { return v.rows.Objects[i].(*diagRow).text.Text }

// Select acts as a tap on row i: OnPicked and OnSelected are called.
func (v *DiagnosticsView) Select(i int) {
	if i < 0 || i >= len(v.findings) {
		return
	}
	if v.OnSelected != nil {
		v.OnSelected(v.findings[i].Diagnostic)
	}
	if v.OnPicked != nil {
		v.OnPicked(v.findings[i])
	}
}

// CreateRenderer implements fyne.Widget.
func (v *DiagnosticsView) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(v.summary, nil, nil, nil, v.scroll))
}

// diagRow is one diagnostic: an icon and its whole text, wrapped. Tapping it
// picks it.
type diagRow struct {
	widget.BaseWidget
	icon *widget.Icon
	text *widget.Label
	tap  func()
}

func newDiagRow(tap func()) *diagRow {
	r := &diagRow{icon: widget.NewIcon(nil), text: widget.NewLabel(""), tap: tap}
	r.text.Wrapping = fyne.TextWrapWord
	r.ExtendBaseWidget(r)
	return r
}

func (r *diagRow) set(d graph.Diagnostic, source string) {
	r.icon.SetResource(style.SeverityIcon(d.Severity))
	r.text.SetText(diagText(d, source))
}

// Tapped picks the row.
func (r *diagRow) Tapped(*fyne.PointEvent) { r.tap() }

// CreateRenderer implements fyne.Widget.
func (r *diagRow) CreateRenderer() fyne.WidgetRenderer {
	icon := container.NewVBox(container.New(&fixedLayout{size: fyne.NewSquareSize(theme.IconInlineSize())}, r.icon))
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil, icon, nil, r.text))
}

// fixedLayout gives its objects one size.
type fixedLayout struct{ size fyne.Size }

func (l *fixedLayout) Layout(objs []fyne.CanvasObject, _ fyne.Size) {
	for _, o := range objs {
		o.Resize(l.size)
		o.Move(fyne.NewPos(0, theme.InnerPadding()))
	}
}

func (l *fixedLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	return l.size.AddWidthHeight(0, theme.InnerPadding())
}
