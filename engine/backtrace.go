package engine

import (
	"fmt"
	"strconv"
	"strings"

	"go.starlark.net/starlark"
)

// backtraceEnds is how many of the outermost and of the innermost calls a
// run error's backtrace shows when the call stack is deeper than a screen.
const backtraceEnds = 10

// backtrace is ee's backtrace as Starlark prints it (EvalError.Backtrace),
// except that a call stack deeper than 2*backtraceEnds+1 frames (a runaway
// recursion reaches 100,000) keeps its outermost and innermost
// backtraceEnds frames and says how many calls were left out between them.
func backtrace(ee *starlark.EvalError) string {
	stack := ee.CallStack
	suffix := ""
	if last := len(stack) - 1; last >= 0 && stack[last].Pos.Filename() == builtinFile {
		suffix = " in " + stack[last].Name
		stack = stack[:last]
	}
	if len(stack) <= 2*backtraceEnds+1 {
		return ee.Backtrace()
	}
	var b strings.Builder
	b.WriteString("Traceback (most recent call last):\n")
	frame := func(fr starlark.CallFrame) { fmt.Fprintf(&b, "  %s: in %s\n", fr.Pos, fr.Name) }
	for _, fr := range stack[:backtraceEnds] {
		frame(fr)
	}
	fmt.Fprintf(&b, "  ... %s calls left out ...\n", commas(len(stack)-2*backtraceEnds))
	for _, fr := range stack[len(stack)-backtraceEnds:] {
		frame(fr)
	}
	fmt.Fprintf(&b, "Error%s: %s", suffix, ee.Msg)
	return b.String()
}

// commas writes n with a comma between each group of three digits, as
// people read counts.
func commas(n int) string {
	s := strconv.Itoa(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}
