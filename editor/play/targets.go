package play

import (
	"errors"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// codeField is one code field of an element: its place (a [place.Target]'s Field)
// and its code.
type codeField struct {
	field string
	code  graph.Code
}

// sourceTarget turns a place of code as the engine names it (an event's
// Clause, a run error's Source: "object_types/elf/whenever/lord",
// "states/3/clauses/while/guard", "states/3/action", "actions/playCard/body")
// into the element and field the forms open, the field being prefer when
// the place has several code fields (a clause: its condition and body) and
// it is one of them, else the first. It also returns the place's code
// fields, to find a line in. ok is false for a place p does not have.
func sourceTarget(p *graph.Pack, path, prefer string) (t place.Target, fields []codeField, ok bool) {
	parts := strings.Split(path, "/")
	if p == nil || len(parts) == 0 {
		return place.Target{}, nil, false
	}
	switch parts[0] {
	case "progression", "timeout":
		code := p.Progression
		if parts[0] == "timeout" {
			code = p.Timeout
		}
		return place.Target{Kind: graph.PackRef, Field: parts[0]}, []codeField{{parts[0], code}}, true
	case "actions":
		if len(parts) < 2 || p.Actions.Lookup(parts[1]) == nil {
			return place.Target{}, nil, false
		}
		t, fields = place.Target{Kind: graph.ActionRef, Name: parts[1]}, actionCode(p.Actions.Lookup(parts[1]))
		return pick(t, fields, strings.Join(parts[2:], "/"), prefer), fields, true
	case "states":
		if len(parts) < 2 || place.State(p, parts[1]) == nil {
			return place.Target{}, nil, false
		}
		s := place.State(p, parts[1])
		t = place.Target{Kind: graph.StateRef, Name: parts[1]}
		if len(parts) >= 3 && parts[2] == "clauses" && s.Clauses != nil {
			fields = clauseCodes(s.Clauses, "clauses/", parts[3:])
			return pick(t, fields, "", prefer), fields, len(fields) > 0
		}
		for _, f := range []codeField{{"action", s.Action}, {"endaction", s.EndAction}, {"args", s.Args}, {"ending", s.Ending}} {
			if !f.code.IsZero() {
				fields = append(fields, f)
			}
		}
		if len(parts) == 2 { // the state itself (a dead end): no one field
			return t, fields, true
		}
		return pick(t, fields, strings.Join(parts[2:], "/"), prefer), fields, true
	case "object_types":
		if len(parts) < 4 || p.ObjectTypes.Lookup(parts[1]) == nil {
			return place.Target{}, nil, false
		}
		t = place.Target{Kind: graph.ObjectTypeRef, Name: parts[1]}
		fields = clauseCodes(&p.ObjectTypes.Lookup(parts[1]).Clauses, "", parts[2:])
		return pick(t, fields, "", prefer), fields, len(fields) > 0
	}
	return place.Target{}, nil, false
}

// pick sets t's field: exact when it is one of fields, else the one ending
// in /prefer, else the first.
func pick(t place.Target, fields []codeField, exact, prefer string) place.Target {
	for _, f := range fields {
		if exact != "" && f.field == exact {
			t.Field = f.field
			return t
		}
	}
	for _, f := range fields {
		if prefer != "" && (f.field == prefer || strings.HasSuffix(f.field, "/"+prefer)) {
			t.Field = f.field
			return t
		}
	}
	if exact != "" {
		t.Field = exact
	} else if len(fields) > 0 {
		t.Field = fields[0].field
	}
	return t
}

// actionCode lists an action's code fields, body first.
func actionCode(a *graph.Action) []codeField {
	out := []codeField{{"body", a.Body}, {"precondition", a.Precondition}, {"who", a.Who}}
	for _, prm := range a.Params {
		out = append(out, codeField{"params/" + prm.Name + "/domain", prm.Domain})
	}
	return out
}

// clauseCodes lists the code fields of the clause rest names in c ("while",
// "guard"; an unnamed clause by its 1-based place, as the engine names it),
// their places under prefix as the locator names them: the while, whenever
// and when lists by 0-based index, properties and methods by name.
func clauseCodes(c *graph.Clauses, prefix string, rest []string) []codeField {
	if len(rest) < 2 {
		return nil
	}
	kind, name := rest[0], rest[1]
	index := func(n int, nameOf func(int) string) int {
		for i := 0; i < n; i++ {
			if nameOf(i) == name {
				return i
			}
		}
		if k, err := strconv.Atoi(name); err == nil && k >= 1 && k <= n && nameOf(k-1) == "" {
			return k - 1
		}
		return -1
	}
	at := func(i int) string { return prefix + kind + "/" + strconv.Itoa(i) + "/" }
	switch kind {
	case "while":
		if i := index(len(c.While), func(i int) string { return c.While[i].Name }); i >= 0 {
			w := c.While[i]
			return []codeField{{at(i) + "condition", w.Condition}, {at(i) + "selector", w.Selector}, {at(i) + "wrapper", w.Wrapper}}
		}
	case "whenever", "when":
		l := c.Whenever
		if kind == "when" {
			l = c.When
		}
		if i := index(len(l), func(i int) string { return l[i].Name }); i >= 0 {
			return []codeField{{at(i) + "condition", l[i].Condition}, {at(i) + "body", l[i].Body}}
		}
	case "properties":
		for _, pr := range c.Properties {
			if pr.Name == name {
				return []codeField{{prefix + "properties/" + name + "/body", pr.Body}}
			}
		}
	case "methods":
		for _, m := range c.Methods {
			if m.Name == name {
				return []codeField{{prefix + "methods/" + name + "/body", m.Body}}
			}
		}
	}
	return nil
}

// lineIn returns pos as a line and column of code's text (1-based) when
// the engine's position pos falls in it: the engine compiles code at its
// Pos (a line before 2 is taken as 2; see engine's compile), the columns
// shifted by its indentation.
func lineIn(code graph.Code, pos graph.Pos) (line, col int, ok bool) {
	if code.IsZero() || !pos.IsValid() {
		return 0, 0, false
	}
	first := max(code.Pos.Line, 2)
	n := strings.Count(strings.TrimRight(code.Src, "\n"), "\n") + 1
	if pos.Line < first || pos.Line >= first+n {
		return 0, 0, false
	}
	return pos.Line - first + 1, max(pos.Column-(max(code.Pos.Column, 2)-1), 1), true
}

// errorTarget is the code a run error of the match points at, with the
// failing line: the field of its Source that holds its position, or the
// script that does (a function of the scripts failed), or the Source's
// first field without a line. ok is false when err is no run error or
// names no place of p.
func errorTarget(p *graph.Pack, err error) (place.Target, bool) {
	var re *engine.RunError
	if !errors.As(err, &re) || p == nil {
		return place.Target{}, false
	}
	return codeAt(p, re.Source, re.File, re.Pos)
}

// codeAt is the code of p a position of the engine (in file) falls in,
// with its line and column in that code: a field of the Source path, or a
// script; else the Source's first field without a line. ok is false when
// source names no place of p and pos is in no script.
func codeAt(p *graph.Pack, source, file string, pos graph.Pos) (place.Target, bool) {
	if file != "" && file != p.Source {
		pos = graph.Pos{}
	}
	t, fields, ok := sourceTarget(p, source, "")
	for _, f := range fields {
		if l, c, in := lineIn(f.code, pos); in {
			t.Field, t.Line, t.Column = f.field, l, c
			return t, true
		}
	}
	for _, s := range p.Scripts {
		if l, c, in := lineIn(s.Code, pos); in {
			return place.Target{Kind: graph.ScriptRef, Name: s.Name, Line: l, Column: c}, true
		}
	}
	return t, ok
}

// eventTarget is the place an event of the log is about: the code it
// comes from (a clause that fired opens at its condition, a body pushed or
// run at its body, a wrapper at its wrapper), else the state it is about.
func eventTarget(p *graph.Pack, e engine.Event) (place.Target, bool) {
	if e.Clause != "" {
		prefer := "body"
		switch e.Kind {
		case engine.EvClauseFired:
			prefer = "condition"
		case engine.EvWrapApplied, engine.EvWrapRemoved:
			prefer = "wrapper"
		}
		if t, _, ok := sourceTarget(p, e.Clause, prefer); ok {
			return t, true
		}
	}
	if e.StateID != "" && place.State(p, e.StateID) != nil {
		return place.Target{Kind: graph.StateRef, Name: e.StateID}, true
	}
	return place.Target{}, false
}
