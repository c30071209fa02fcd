package engine

import (
	"errors"

	"github.com/rulestudio/studio/graph"
)

// Check compiles the pack's Starlark and reports each compile error (syntax,
// unknown names, a function an action or args names that the scripts lack) as
// an error [graph.Diagnostic] with rule "code", at its place in the YAML file.
// A pack with no code of its own (no scripts, no actions: an imported
// states.inc.php, whose action and args name PHP methods) is not compiled, and
// gives none. It complements [graph.Check], which cannot see inside code.
func Check(p *graph.Pack) []graph.Diagnostic {
	if len(p.Scripts) == 0 && len(p.Actions) == 0 {
		return nil
	}
	_, err := Compile(p)
	if err == nil {
		return nil
	}
	var errs Errors
	if !errors.As(err, &errs) {
		errs = Errors{err}
	}
	out := make([]graph.Diagnostic, 0, len(errs))
	for _, e := range errs {
		d := graph.Diagnostic{File: p.Source, Severity: graph.Error, Rule: "code", Message: e.Error()}
		var ce *CompileError
		if errors.As(e, &ce) {
			d.File, d.Pos, d.Message = ce.File, ce.Pos, ce.What+": "+ce.Msg
		}
		out = append(out, d)
	}
	return out
}
