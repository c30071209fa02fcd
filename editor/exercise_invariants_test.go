package editor

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/forms"
	"github.com/rulestudio/studio/graph"
)

// The invariants, checked after every operation (issue 19):
//
//   - typed: every text typed ends in the pack, shown once in its field,
//     or is refused with a message on screen (the operation's own checks).
//   - keys: the window-wide shortcuts (ctrl+Z, ctrl+Y, ctrl+S, F9, F11, the
//     timeline) did what they do, whatever had the focus.
//   - pack: the pack on screen equals the YAML view's text and what Save
//     writes to the project file and Open reads back.
//   - forms: every field of the forms shown edits something the pack has,
//     and shows its value.
//   - reach: the Inspector, and the Debugger while a match is shown, are
//     docked; every docked panel can be seen or brought to the front.
//   - stale: no panel shows data of another pack or match: no heat-map,
//     playtest summary, match or debugger filter from before the last
//     File > Open; no scenario tab or Tests list of another project.
//
// Then the designer closes what the operation left open (dialogs, the
// name prompt).
func (x *exerciser) check() *broken {
	defer x.dismiss()
	for _, c := range x.typed {
		if b := c(); b != nil {
			return b
		}
	}
	for _, k := range x.keys {
		if !k.worked() {
			return brokenf("keys", "%s with the focus on %s did nothing", k.keys, k.focus)
		}
	}
	for _, inv := range []func() *broken{x.packAgrees, x.formsAgree, x.reachable, x.nothingStale} {
		if b := inv(); b != nil {
			return b
		}
	}
	return nil
}

// dismiss closes the dialogs and the prompt shown, as the designer does
// after reading them.
func (x *exerciser) dismiss() {
	for i := 0; len(x.e.modals) > 0 && i < 5; i++ {
		x.e.topModal().escape()
	}
	x.e.closePrompt()
}

// packAgrees: the pack on screen, the YAML view and the project file.
func (x *exerciser) packAgrees() *broken {
	p := x.e.Pack()
	if p == nil {
		return nil
	}
	data, err := graph.Marshal(p)
	if err != nil {
		return brokenf("pack", "the pack on screen does not write as YAML: %v", err)
	}
	want := string(data)
	if v := x.e.YAML(); v.Current() {
		lines := strings.Split(strings.TrimSuffix(want, "\n"), "\n")
		got := strings.Split(v.Text(), "\n")
		from := v.FirstLine() - 1
		if from < 0 || from+len(got) > len(lines) {
			return brokenf("pack", "the YAML view shows lines %d–%d of a pack of %d lines", from+1, from+len(got), len(lines))
		}
		if d := firstDiff(strings.Join(lines[from:from+len(got)], "\n"), v.Text()); d != "" {
			return brokenf("pack", "the YAML view differs from the pack on screen: %s", d)
		}
	}
	if x.e.proj == nil || x.e.proj.ReadOnly() || want == x.saved {
		return nil
	}
	if err := x.e.Save(); err != nil {
		return brokenf("pack", "File > Save: %v", err)
	}
	back, err := readBack(x.e.ProjectPath())
	if err != nil {
		return brokenf("pack", "reading back what Save wrote: %v", err)
	}
	got, err := graph.Marshal(back)
	if err != nil {
		return brokenf("pack", "the pack read back does not write as YAML: %v", err)
	}
	if d := firstDiff(want, string(got)); d != "" {
		return brokenf("pack", "what Save wrote and Open reads back differs from the pack on screen: %s", d)
	}
	x.saved = want
	return nil
}

// firstDiff describes the first line where a and b differ, "" when equal.
func firstDiff(a, b string) string {
	if a == b {
		return ""
	}
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d: %q against %q", i+1, x, y)
		}
	}
	return "they differ"
}

// formsAgree: the Inspector's form and the element tab in front.
func (x *exerciser) formsAgree() *broken {
	p := x.e.Pack()
	if p == nil {
		return nil
	}
	if f := x.e.Inspector.Form(); f != nil && x.e.Inspector.BuiltFor() == p {
		if b := x.formAgrees("the Inspector's", f, p); b != nil {
			return b
		}
	}
	for _, ep := range []*forms.ListPanel{x.e.ObjectTypes(), x.e.Actions(), x.e.Scripts()} {
		if ep.Form() != nil && ep.Visible() && ep.Current() {
			if b := x.formAgrees("the "+ep.Noun()+" tab's", ep.Form(), p); b != nil {
				return b
			}
		}
	}
	return nil
}

// focused is the widget with the keyboard focus (as a canvas object).
func (x *exerciser) focused() fyne.CanvasObject {
	if f, ok := x.e.Window().Canvas().Focused().(fyne.CanvasObject); ok {
		return f
	}
	return nil
}

// formAgrees checks every text and code field of f (its list rows
// included) against the pack, but the one being typed in (a name changes
// on Enter).
func (x *exerciser) formAgrees(where string, f *forms.Form, p *graph.Pack) *broken {
	pathOf := func(o fyne.CanvasObject) string {
		for _, path := range f.Paths() {
			if f.Place(path) == o {
				return path
			}
		}
		return "?"
	}
	var found *broken // the first field in the order the form was built
	f.EachBound(func(o fyne.CanvasObject, get forms.Getter) {
		if found != nil {
			return
		}
		v, ok := get(p)
		if !ok {
			found = brokenf("forms", "%s field %s (showing %q) edits something the pack does not have", where, pathOf(o), fieldTextOf(o))
			return
		}
		shown := fieldTextOf(o)
		if _, text := o.(*forms.Entry); text {
			// A list typed with its own spacing ("a,b") reads back
			// joined as the pack writes it ("a, b").
			shown, v = squeeze(shown), squeeze(v)
		}
		if shown != v && !x.refused[o] && o != x.focused() {
			found = brokenf("forms", "%s field %s shows %q, the pack holds %q", where, pathOf(o), shown, v)
		}
	})
	return found
}

// reachable: the Inspector and Debugger, and every docked panel.
func (x *exerciser) reachable() *broken {
	d := x.e.Dock
	if !d.Has(PanelInspector) {
		return brokenf("reach", "the Inspector is not in the window")
	}
	if x.e.Play.Session() != nil {
		if !d.Has(PanelDebug) {
			return brokenf("reach", "a match is shown and the Debugger is not in the window")
		}
	}
	root := x.e.Window().Content()
	for at := dock.Centre; at < dock.Places; at++ {
		for _, id := range d.Panels(at) {
			p, _, _ := d.Panel(id)
			if !canReach(root, p.Content, false) {
				return brokenf("reach", "panel %q is docked but can neither be seen nor brought to the front", p.Title)
			}
		}
	}
	return nil
}

// canReach reports whether target shows inside o, or would on a click on
// a tab (tabbed: o is a tab's content, hidden until its tab is chosen).
func canReach(o, target fyne.CanvasObject, tabbed bool) bool {
	if o == nil {
		return false
	}
	if !tabbed && !o.Visible() {
		return false
	}
	if o == target {
		return true
	}
	switch w := o.(type) {
	case *container.AppTabs:
		for _, it := range w.Items {
			if canReach(it.Content, target, true) {
				return true
			}
		}
		return false
	case *fyne.Container:
		for _, c := range w.Objects {
			if canReach(c, target, false) {
				return true
			}
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(w).Objects() {
			if canReach(c, target, false) {
				return true
			}
		}
	}
	return false
}

// nothingStale: no panel shows data of another pack or match.
func (x *exerciser) nothingStale() *broken {
	p := x.e.Pack()
	if !x.sinceOpen.playtest {
		if x.e.View.Heat() != nil {
			return brokenf("stale", "the graph shows a playtest's heat-map; none was played on this pack since it was opened")
		}
		if x.e.PlaytestText() != "" {
			return brokenf("stale", "the Playtest panel shows a summary; no playtest was played on this pack since it was opened")
		}
	}
	if !x.sinceOpen.match {
		if x.e.Play.Session() != nil || x.e.View.Match() != nil {
			return brokenf("stale", "a match is shown; none was started on this pack since it was opened")
		}
		if f := debugEntry(x.t, x.e, "filter events").Text; f != "" {
			return brokenf("stale", "the debugger's event filter holds %q, typed on another project", f)
		}
	}
	if x.e.Play.Session() == nil && x.e.View.Match() != nil {
		return brokenf("stale", "the canvas draws a match that was ended")
	}
	if id := x.e.Inspector.Shown(); id != "" && stateOf(p, id) == nil {
		return brokenf("stale", "the Inspector shows state %s, which the pack does not have", id)
	}
	have := map[string]bool{}
	if s := x.e.scenarios(); s != nil {
		ss, _ := s.Scenarios()
		for _, sc := range ss {
			have[sc.Name] = true
		}
	}
	for _, id := range x.e.Dock.Panels(dock.Centre) {
		if name, ok := strings.CutPrefix(id, scenarioPanelID("")); ok && !have[name] {
			return brokenf("stale", "the scenario tab %s is open; the project has no such scenario", name)
		}
	}
	if t := x.e.tests; t != nil {
		for _, s := range t.scenarios {
			if !have[s.Name] {
				return brokenf("stale", "the Tests panel lists %s; the project has no such scenario", s.Name)
			}
		}
	}
	return nil
}
