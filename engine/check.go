package engine

import (
	"errors"
	"sort"

	"github.com/rulestudio/studio/graph"
)

// Check reports every mistake in the pack's code that can be known before a
// match runs, as [graph.Diagnostic] values at their place in the YAML file,
// sorted by position. It complements [graph.Check], which sees the state graph
// but not inside code, and leaves to it what it reports (a transition to a
// missing state, an undefined possible action). Check never stops at the
// first problem.
//
// Rules: "code" (compile errors: syntax, undefined names, a function a field
// names that the scripts lack), "context" (self, value or inner where they
// have no value), "name" (an attribute that the value cannot have: a typo in
// a variable, property, method, parameter or component method), "transition"
// (next_state or deactivate with a literal transition the state lacks),
// "call" and "create" (literal state, type, parameter and variable names and
// literal value types), "tag" (a tag no object type declares), "purity" (a
// pure place that changes the match, directly or through the functions and
// methods it calls), "type" and "value" (declared types and initial values),
// "while" and "trigger" (clauses that cannot work), "action-unused", the
// warning "hidden" (a public tag a while clause grants from cards some seat
// cannot see, a public variable or an args entry given such a card's face;
// see hiddenwarn.go), and the
// info "whenever-before" (a whenever whose condition never reads before(),
// which therefore fires in every step its condition holds).
//
// A pack with no code of its own ([graph.Pack.OwnsCode]: an imported
// states.inc.php, whose action and args name PHP methods) is not compiled, and
// gives none; one Starlark line of its own (a timeout) has the whole pack
// checked.
func Check(p *graph.Pack) []graph.Diagnostic {
	if !p.OwnsCode() {
		return nil
	}
	c := compilePack(p)
	var out []graph.Diagnostic
	for _, e := range c.errs {
		var se *structuralError
		if errors.As(e, &se) {
			continue // graph.Check says it
		}
		out = append(out, diagnosticOf(c.p.file, e))
	}
	out = append(out, newAnalyzer(c).run()...)
	sort.SliceStable(out, func(i, j int) bool {
		x, y := out[i].Pos, out[j].Pos
		return x.Line < y.Line || x.Line == y.Line && x.Column < y.Column
	})
	return out
}

// diagnosticOf turns a compile error into an error diagnostic whose message
// does not repeat the file and position.
func diagnosticOf(file string, e error) graph.Diagnostic {
	d := graph.Diagnostic{File: file, Severity: graph.Error, Rule: "code", Message: e.Error()}
	var ce *CompileError
	var re *RunError
	var pe *graph.PosError
	switch {
	case errors.As(e, &ce):
		d.File, d.Pos, d.Message = ce.File, ce.Pos, ce.What+": "+ce.Msg
	case errors.As(e, &re):
		d.File, d.Pos, d.Message = re.File, re.Pos, re.What+": "+re.Msg
	case errors.As(e, &pe):
		d.Pos, d.Message = pe.Pos, pe.Msg
		if pe.File != "" {
			d.File = pe.File
		}
	}
	return d
}
