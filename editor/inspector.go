package editor

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/graph"
)

// field is one row of the inspector: a key and its value as text, in a section.
type field struct {
	section, key, value string
	code                bool // shown in a monospace font
}

// Inspector shows every field of the selected state: its BGA fields, the seed
// model's fields and the non-standard keys of an imported file, then the
// diagnostics about it. With no state selected it summarises the pack.
type Inspector struct {
	widget.BaseWidget

	title  *widget.Label
	body   *fyne.Container
	scroll *container.Scroll
	fields []field
}

// NewInspector returns an empty inspector.
func NewInspector() *Inspector {
	in := &Inspector{
		title: widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		body:  container.NewVBox(),
	}
	in.title.Wrapping = fyne.TextWrapWord
	in.scroll = container.NewVScroll(in.body)
	in.ExtendBaseWidget(in)
	return in
}

// CreateRenderer implements fyne.Widget.
func (in *Inspector) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(in.title, nil, nil, nil, in.scroll))
}

// Title returns the inspector's heading.
func (in *Inspector) Title() string { return in.title.Text }

// Value returns the text shown for key in section ("BGA", "Seed", "Extra",
// "Diagnostics", "Pack"), and whether there is such a row.
func (in *Inspector) Value(section, key string) (string, bool) {
	for _, f := range in.fields {
		if f.section == section && f.key == key {
			return f.value, true
		}
	}
	return "", false
}

// ShowState shows the state id of p ("" or unknown: the pack summary) and the
// diagnostics about it. The inspector copies the text it shows.
func (in *Inspector) ShowState(p *graph.Pack, id string, diags []graph.Diagnostic) {
	var s *graph.State
	if p != nil && id != "" {
		for _, st := range p.States {
			if st.ID.String() == id {
				s = st
				break
			}
		}
	}
	switch {
	case p == nil:
		in.title.SetText("No pack")
		in.fields = nil
	case s == nil:
		in.title.SetText(packTitle(p))
		in.fields = packFields(p, diags)
	default:
		in.title.SetText(fmt.Sprintf("State %s · %s", s.ID, s.Name))
		in.fields = stateFields(p, s, diags)
	}
	in.rebuild()
}

func packTitle(p *graph.Pack) string {
	if p.Title != "" {
		return p.Title
	}
	if p.Name != "" {
		return p.Name
	}
	return "Untitled pack"
}

// rebuild turns the fields into form rows grouped by section.
func (in *Inspector) rebuild() {
	in.body.RemoveAll()
	section := ""
	var form *fyne.Container
	for _, f := range in.fields {
		if f.section != section || form == nil {
			section = f.section
			h := widget.NewLabelWithStyle(section, fyne.TextAlignLeading, fyne.TextStyle{Bold: true, Italic: true})
			form = container.New(layout.NewFormLayout())
			in.body.Add(h)
			in.body.Add(form)
		}
		k := widget.NewLabelWithStyle(f.key, fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
		v := widget.NewLabel(f.value)
		v.Wrapping = fyne.TextWrapWord
		v.Selectable = true
		if f.code {
			v.TextStyle = fyne.TextStyle{Monospace: true}
		}
		form.Add(k)
		form.Add(v)
	}
	if len(in.fields) == 0 {
		in.body.Add(widget.NewLabel("Nothing to show."))
	}
	in.body.Refresh()
	in.scroll.ScrollToTop()
}

func packFields(p *graph.Pack, diags []graph.Diagnostic) []field {
	f := []field{
		{section: "Pack", key: "pack", value: p.Name},
		{section: "Pack", key: "title", value: p.Title},
	}
	if p.Players != nil {
		f = append(f, field{section: "Pack", key: "players", value: fmt.Sprintf("%d–%d", p.Players.Min, p.Players.Max)})
	}
	nt, inferred := 0, 0
	count := map[graph.StateType]int{}
	for _, s := range p.States {
		nt += len(s.Transitions)
		for _, t := range s.Transitions {
			if t.Inferred {
				inferred++
			}
		}
		count[s.Type]++
	}
	transitions := fmt.Sprint(nt)
	if inferred > 0 {
		transitions = fmt.Sprintf("%d (%d inferred from State classes)", nt, inferred)
	}
	var types []string
	for _, t := range graph.StateTypes {
		if count[t] > 0 {
			types = append(types, fmt.Sprintf("%d %s", count[t], t))
		}
	}
	f = append(f,
		field{section: "Pack", key: "states", value: fmt.Sprintf("%d (%s)", len(p.States), strings.Join(types, ", "))},
		field{section: "Pack", key: "transitions", value: transitions},
		field{section: "Pack", key: "actions", value: fmt.Sprint(len(p.Actions))},
		field{section: "Pack", key: "object types", value: fmt.Sprint(len(p.ObjectTypes))},
	)
	if p.Source != "" {
		f = append(f, field{section: "Pack", key: "source", value: p.Source})
	}
	if len(p.Requires) > 0 {
		f = append(f, field{section: "Pack", key: "requires", value: strings.Join(p.Requires, "\n")})
	}
	for _, c := range p.Constants {
		f = append(f, field{section: "Constants", key: c.Name, value: c.Value.String(), code: true})
	}
	ne, nw := 0, 0
	for _, d := range diags {
		switch d.Severity {
		case graph.Error:
			ne++
		case graph.Warning:
			nw++
		}
	}
	f = append(f, field{section: "Diagnostics", key: "found", value: fmt.Sprintf("%d errors, %d warnings", ne, nw)})
	return f
}

func stateFields(p *graph.Pack, s *graph.State, diags []graph.Diagnostic) []field {
	var f []field
	add := func(section, key, value string, code bool) {
		f = append(f, field{section: section, key: key, value: value, code: code})
	}
	bga := func(key, value string, code bool) {
		if value != "" {
			add("BGA", key, value, code)
		}
	}
	id := s.ID.String()
	if s.ID.Const != "" {
		if n, ok := p.Resolve(s.ID); ok {
			id = fmt.Sprintf("%s (= %d)", s.ID.Const, n)
		} else {
			id = s.ID.Const + " (defined outside this file)"
		}
	}
	add("BGA", "id", id, false)
	add("BGA", "name", s.Name, false)
	typ := string(s.Type)
	if s.TypeConst != "" {
		typ += " (written " + s.TypeConst + ")"
	}
	add("BGA", "type", typ, false)
	bga("description", s.Description, false)
	bga("descriptionmyturn", s.DescriptionMyTurn, false)
	bga("action", s.Action.Src, true)
	bga("args", s.Args.Src, true)
	bga("possibleactions", strings.Join(s.PossibleActions, ", "), false)
	if len(s.Transitions) > 0 {
		var lines []string
		for _, t := range s.Transitions {
			name := t.Name
			if name == "" {
				name = `""`
			}
			target := t.To.String()
			if st := p.State(t.To); st != nil {
				target += " (" + st.Name + ")"
			} else {
				target += " (no such state)"
			}
			if t.Inferred {
				target += ", inferred"
			}
			lines = append(lines, name+" → "+target)
		}
		add("BGA", "transitions", strings.Join(lines, "\n"), false)
	}
	if s.UpdateGameProgression {
		add("BGA", "updateGameProgression", "true", false)
	}
	if s.InitialPrivate != nil {
		add("BGA", "initialprivate", s.InitialPrivate.String(), false)
	}

	if len(s.Params) > 0 {
		var lines []string
		for _, pr := range s.Params {
			l := pr.Name + ": " + pr.Type
			if pr.Default != nil {
				l += " = " + pr.Default.String()
			}
			lines = append(lines, l)
		}
		add("Seed", "params", strings.Join(lines, "\n"), true)
	}
	if !s.Ending.IsZero() {
		add("Seed", "ending", s.Ending.Src, true)
	}
	if !s.EndAction.IsZero() {
		add("Seed", "endaction", s.EndAction.Src, true)
	}
	if s.Clauses != nil {
		add("Seed", "clauses", clauseSummary(s.Clauses), false)
	}
	for _, x := range s.Extra {
		add("Extra", x.Key, x.Value.String(), true)
	}
	for _, d := range diags {
		if !d.State.IsZero() && p.Key(d.State) == p.Key(s.ID) {
			add("Diagnostics", d.Severity.String(), d.Message, false)
		}
	}
	return f
}

// clauseSummary lists a state's clauses by kind and name.
func clauseSummary(c *graph.Clauses) string {
	var lines []string
	names := func(kind string, ns []string) {
		if len(ns) > 0 {
			lines = append(lines, kind+": "+strings.Join(ns, ", "))
		}
	}
	var ns []string
	for _, v := range c.Variables {
		ns = append(ns, v.Name+" "+v.Type)
	}
	names("variables", ns)
	names("tags", c.Tags)
	ns = nil
	for _, p := range c.Properties {
		ns = append(ns, p.Name)
	}
	names("properties", ns)
	ns = nil
	for _, m := range c.Methods {
		ns = append(ns, m.Name)
	}
	names("methods", ns)
	ns = nil
	for _, w := range c.While {
		ns = append(ns, w.Name)
	}
	names("while", ns)
	ns = nil
	for _, w := range c.Whenever {
		ns = append(ns, w.Name)
	}
	names("whenever", ns)
	ns = nil
	for _, w := range c.When {
		ns = append(ns, w.Name)
	}
	names("when", ns)
	if len(lines) == 0 {
		return "(none)"
	}
	return strings.Join(lines, "\n")
}
