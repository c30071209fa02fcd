package impact

import (
	"strconv"
	"strings"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview/scenario"
)

// ScenarioResult is a scenario run on both packs: Outcome and Step compare
// their events (Same when the events are the same and it passes or fails
// as before); FailedBefore and FailedAfter are its first failure on each
// ("" when it passed).
type ScenarioResult struct {
	Replayed
	FailedBefore string `json:"failed_before,omitempty"`
	FailedAfter  string `json:"failed_after,omitempty"`
}

// program is a pack compiled, or why it does not compile.
type program struct {
	p   *engine.Program
	err error
}

// compile compiles a copy of pack (the engine keeps what it compiles).
func compile(pack *graph.Pack) program {
	p, err := engine.Compile(pack.Clone())
	return program{p, err}
}

// runBoth runs s on before and on after and compares the runs.
func runBoth(before, after program, s Scenario) ScenarioResult {
	out := ScenarioResult{Replayed: Replayed{Name: s.Name}}
	sc, err := scenario.Parse(s.YAML, s.Path)
	switch {
	case err != nil:
		out.Outcome, out.Reason = NotBefore, err.Error()
		return out
	case before.err != nil:
		out.Outcome, out.Reason = NotBefore, "the rules before do not load: "+before.err.Error()
		return out
	case after.err != nil:
		out.Outcome, out.Reason = NotLoaded, after.err.Error()
		return out
	}
	a, b := scenario.Run(sc, before.p, nil), scenario.Run(sc, after.p, nil)
	out.FailedBefore, out.FailedAfter = firstFailure(a), firstFailure(b)
	out.Outcome = Same
	if i, ok := firstDiff(a.Transcript, b.Transcript); ok {
		out.Outcome = Differs
		ea, eb := splitLines(a.Transcript), splitLines(b.Transcript)
		out.Step = stepOf(ea, eb, i)
		out.Before, out.After = atStep(ea, out.Step), atStep(eb, out.Step)
		out.Move = movesIn(ea[:min(i, len(ea))])
	} else if out.FailedBefore != out.FailedAfter {
		out.Outcome = Differs
	}
	return out
}

// firstFailure is r's first failure as `studio test` prints it, or "".
func firstFailure(r scenario.Result) string {
	if len(r.Failures) == 0 {
		return ""
	}
	return r.Failures[0].String()
}

// firstDiff returns the index of the first line where two transcripts
// differ, and whether they do.
func firstDiff(a, b string) (int, bool) {
	if a == b {
		return 0, false
	}
	la, lb := splitLines(a), splitLines(b)
	for i := range max(len(la), len(lb)) {
		if i >= len(la) || i >= len(lb) || la[i] != lb[i] {
			return i, true
		}
	}
	return 0, false
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// stepOf is the debugger's step of line i of either transcript (the
// earlier of the two, where one ran out): a transcript line begins with
// the steps taken before it, one less (engine.Match.StepEvents).
func stepOf(a, b []string, i int) int {
	step := -1
	for _, ls := range [][]string{a, b} {
		if i < len(ls) {
			if s := lineStep(ls[i]); step < 0 || s < step {
				step = s
			}
		}
	}
	return max(step, 0) + 1
}

// lineStep is the step a transcript line begins with.
func lineStep(line string) int {
	n, _ := strconv.Atoi(line[:max(strings.IndexByte(line, ' '), 0)])
	return n
}

// atStep is the lines of the debugger's step.
func atStep(ls []string, step int) []string {
	var out []string
	for _, l := range ls {
		if lineStep(l) == step-1 {
			out = append(out, l)
		}
	}
	return out
}

// movesIn counts the moves among transcript lines.
func movesIn(ls []string) int {
	n := 0
	for _, l := range ls {
		if f := strings.Fields(l); len(f) > 1 && f[1] == engine.EvAction {
			n++
		}
	}
	return n
}
