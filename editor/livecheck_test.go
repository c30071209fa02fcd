package editor

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/forms"
	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/graph"
)

// TestDiagnosticsComeFromAnotherGoroutine: an edit returns while the check
// it asks for is still running (the check blocks until the test lets it
// go), the findings on screen stay until the check is done, and then the
// list, the canvas mark and the code field's mark show the new finding.
func TestDiagnosticsComeFromAnotherGoroutine(t *testing.T) {
	e := seedsEditor(t)
	if n := len(e.Diagnostics.Findings()); n != 0 {
		t.Fatalf("the seeds pack has %d findings", n)
	}
	release := make(chan struct{})
	started := make(chan struct{}, 1)
	e.forms.live.run = func(p *graph.Pack) checkResult {
		started <- struct{}{}
		<-release
		return diagnose(p)
	}
	e.SelectState("3")
	action := widgetAt[*code.Editor](t, e.Inspector.Form(), "action")
	// The designer types the name of a function no script defines. Were a
	// check run on this goroutine, it would block here for ever.
	action.SetCursor(1, 1)
	for _, r := range "stNoSuchThing" {
		action.TypedRune(r)
	}
	e.flushChecks()
	select {
	case <-started:
	case <-time.After(5 * time.Second):
		t.Fatal("no check started off the UI goroutine")
	}
	if n := len(e.Diagnostics.Findings()); n != 0 {
		t.Errorf("findings changed before the check ended: %v", e.Diagnostics.Findings())
	}
	close(release)
	settle(e)
	fs := e.Diagnostics.Findings()
	if len(fs) == 0 {
		t.Fatal("no finding after the check")
	}
	f := fs[0]
	if f.State != graph.NumID(3) || f.Target.Kind != graph.StateRef || f.Target.Name != "3" || f.Target.Field != "action" {
		t.Errorf("finding %v: state %v, target %+v; want state 3, field action", f.Diagnostic, f.State, f.Target)
	}
	if m, ok := drawing(e.View).Marks["3"]; !ok || m.Fill != style.Light.Err {
		t.Errorf("state 3 is not marked as an error on the canvas: %+v (shown %v)", m, ok)
	}
	marks := action.Marks()
	if len(marks) != 1 || marks[0].Line != 1 || marks[0].Column != 1 || !strings.Contains(marks[0].Message, "stNoSuchThing") {
		t.Errorf("action field marks %+v", marks)
	}
}

// TestDiagnosticsAreDebounced: edits in quick succession ask for one check,
// once the typing pauses.
func TestDiagnosticsAreDebounced(t *testing.T) {
	e := seedsEditor(t)
	runs := 0
	e.forms.live.run = func(p *graph.Pack) checkResult { runs++; return diagnose(p) }
	e.forms.live.delay = time.Hour
	e.SelectState("2")
	en := widgetAt[*forms.Entry](t, e.Inspector.Form(), "description")
	typeAtEnd(en, " quickly")
	settle(e) // stands for the pause: the pending check starts at once
	if runs != 1 {
		t.Errorf("%d checks for 8 keystrokes, want 1", runs)
	}
}

// withMistakes is the seeds pack with a mistake in a state's code and one
// in an object type's method.
func withMistakes(t *testing.T) *Editor {
	t.Helper()
	e := seedsEditor(t)
	p := e.Pack().Clone()
	place.State(p, "11").Action.Src = "set_multiactive([state.victim])\nundefined_name()"
	p.ObjectTypes.Lookup("healer").Methods = append(p.ObjectTypes.Lookup("healer").Methods,
		&graph.Method{Name: "heal", Body: graph.Code{Src: "self.damage = 0\nself.no_such_variable = 1"}})
	e.SetPack(p, nil)
	settle(e)
	return e
}

// finding returns the first finding whose message has s.
func finding(t *testing.T, e *Editor, s string) (int, Finding) {
	t.Helper()
	for i, f := range e.Diagnostics.Findings() {
		if strings.Contains(f.Message, s) {
			return i, f
		}
	}
	t.Fatalf("no finding says %q: %v", s, e.Diagnostics.Diagnostics())
	return -1, Finding{}
}

// TestClickingAFindingOpensItsCode: a finding in a state's code selects the
// state and puts the cursor of the inspector's code field at the mistake; one
// in an object type's method opens the object types panel, the type, and
// the method's body at the mistake.
func TestClickingAFindingOpensItsCode(t *testing.T) {
	e := withMistakes(t)
	i, f := finding(t, e, "undefined_name")
	if f.Target != (place.Target{Kind: graph.StateRef, Name: "11", Field: "action", Line: 2, Column: 1}) {
		t.Errorf("target %+v", f.Target)
	}
	e.Diagnostics.Select(i)
	if e.View.Selected() != "11" || e.Inspector.Shown() != "11" {
		t.Fatalf("selected %q, inspector %q", e.View.Selected(), e.Inspector.Shown())
	}
	action := widgetAt[*code.Editor](t, e.Inspector.Form(), "action")
	if line, col := action.CursorPos(); !action.Focused() || line != 2 || col != 1 {
		t.Errorf("action field: focused %v, cursor %d:%d, want 2:1", action.Focused(), line, col)
	}

	i, f = finding(t, e, "no_such_variable")
	if f.Target.Kind != graph.ObjectTypeRef || f.Target.Name != "healer" || f.Target.Field != "methods/heal/body" || f.Target.Line != 2 {
		t.Errorf("target %+v", f.Target)
	}
	e.Diagnostics.Select(i)
	ot := e.ObjectTypes()
	if e.Dock.Front(dock.Centre) != PanelObjectTypes || ot.Selected() != "healer" {
		t.Fatalf("front %q, object type %q", e.Dock.Front(dock.Centre), ot.Selected())
	}
	n := len(e.Pack().ObjectTypes.Lookup("healer").Methods) - 1
	body := widgetAt[*code.Editor](t, ot.Form(), "methods/"+strconv.Itoa(n)+"/body")
	if line, col := body.CursorPos(); !body.Focused() || line != 2 || col != f.Target.Column {
		t.Errorf("method body: focused %v, cursor %d:%d, want 2:%d", body.Focused(), line, col, f.Target.Column)
	}
	if m := body.Marks(); len(m) != 1 || m[0].Line != 2 {
		t.Errorf("method body marks %+v", m)
	}
}

// TestFindingsPointAtTheYAMLView: in the YAML view of the whole pack, a
// finding's line and column are where its mistake is written, and clicking
// it puts the cursor there.
func TestFindingsPointAtTheYAMLView(t *testing.T) {
	e := withMistakes(t)
	y := e.YAML()
	e.Dock.Show(PanelYAML)
	y.SetScope(code.ScopeWhole)
	lines := strings.Split(y.Text(), "\n")
	for _, word := range []string{"undefined_name", "no_such_variable"} {
		i, f := finding(t, e, word)
		if got := lines[f.Pos.Line-1][f.Pos.Column-1:]; !strings.Contains(got, word) {
			t.Errorf("%s is at %d:%d, where the text is %q", word, f.Pos.Line, f.Pos.Column, got)
		}
		e.Diagnostics.Select(i)
		if line, col := y.Code().CursorPos(); line != f.Pos.Line || col != f.Pos.Column {
			t.Errorf("clicking %s: cursor at %d:%d, want %d:%d", word, line, col, f.Pos.Line, f.Pos.Column)
		}
	}
}

// TestDiagnosticRowsShowTheWholeText: a long message is wrapped, not cut.
func TestDiagnosticRowsShowTheWholeText(t *testing.T) {
	e := withMistakes(t)
	for i, f := range e.Diagnostics.Findings() {
		row := e.Diagnostics.rows.Objects[i].(*diagRow)
		if row.text.Text != diagText(f.Diagnostic, e.Pack().Source) || row.text.Wrapping != fyne.TextWrapWord || row.text.Truncation != fyne.TextTruncateOff {
			t.Errorf("row %d shows %q (wrapping %v)", i, row.text.Text, row.text.Wrapping)
		}
	}
}

// TestClickingAFindingScrollsToItsField: a finding about a field low in a
// state's form (state 11's endaction, under its other fields) scrolls the
// Inspector to it, when the click shows the state anew (the form built by
// the click was scrolled before it had been laid out, so it stayed at the
// top); and the Inspector's count of the pack's findings follows each check
// as the Diagnostics list does (it changed only when a form was shown).
func TestClickingAFindingScrollsToItsField(t *testing.T) {
	e := seedsEditor(t)
	e.Window().Resize(fyne.NewSize(1200, 600))
	p := e.Pack().Clone()
	place.State(p, "11").EndAction.Src = "undefined_at_the_end()"
	e.SetPack(p, nil)
	settle(e)
	e.SelectState("")
	i, _ := finding(t, e, "undefined_at_the_end")
	e.Diagnostics.Select(i)
	in := e.Inspector
	if in.Shown() != "11" {
		t.Fatalf("inspector shows %q", in.Shown())
	}
	if h, v := in.Scroll().Content.MinSize().Height, in.Scroll().Size().Height; h <= v {
		t.Fatalf("the form (%v high) fits the Inspector (%v): nothing to scroll", h, v)
	}
	inView := func(what string, field fyne.CanvasObject) {
		t.Helper()
		d := fyne.CurrentApp().Driver()
		top := d.AbsolutePositionForObject(in.Scroll()).Y
		y := d.AbsolutePositionForObject(field).Y
		if y < top || y+field.Size().Height > top+in.Scroll().Size().Height {
			t.Errorf("%s is at %v (height %v), the Inspector shows %v to %v (scrolled %v)", what, y, field.Size().Height, top, top+in.Scroll().Size().Height, in.Scroll().Offset.Y)
		}
	}
	inView("the endaction field", widgetAt[*code.Editor](t, in.Form(), "endaction"))

	// The check reports an unknown possible action at its name in the
	// list; the click goes to the button that defines it.
	p = e.Pack().Clone()
	place.State(p, "11").PossibleActions = append(place.State(p, "11").PossibleActions, "nosuchaction")
	e.SetPack(p, nil)
	settle(e)
	e.SelectState("")
	i, f := finding(t, e, "nosuchaction")
	e.Diagnostics.Select(i)
	if in.Shown() != "11" {
		t.Fatalf("inspector shows %q", in.Shown())
	}
	if f.Target.Field != "possibleactions/nosuchaction/define" {
		t.Errorf("the finding points at %q", f.Target.Field)
	}
	// The button on screen is the window's winButton, not the Fyne button
	// inside it (fyneOf), which the driver cannot place.
	inView("the Define nosuchaction button", in.Form().Place("possibleactions/nosuchaction/define"))

	e.SelectState("")
	count := func() string {
		ne, nw := 0, 0
		for _, d := range e.Diagnostics.Diagnostics() {
			switch d.Severity {
			case graph.Error:
				ne++
			case graph.Warning:
				nw++
			}
		}
		return fmt.Sprintf("%s, %s", count(ne, "error"), count(nw, "warning"))
	}
	before := count()
	q := e.Pack().Clone()
	place.State(q, "11").EndAction.Src = "undefined_at_the_end()\nanother_undefined()"
	e.Do(graph.ReplacePack(e.Pack(), q, "edit"))
	settle(e)
	if count() == before {
		t.Fatalf("the check found nothing new: %s", before)
	}
	if got, _ := in.Value("Diagnostics", ""); !strings.HasPrefix(got, count()) {
		t.Errorf("the Inspector says %q, the Diagnostics list %s", got, count())
	}
}
