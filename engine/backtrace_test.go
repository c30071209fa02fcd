package engine

import (
	"errors"
	"strings"
	"testing"
)

// TestDeepRecursionBacktrace: code that recurses until Starlark's stack
// overflows (100,000 calls) has a backtrace of a screen, not 100,000 lines:
// the outermost calls, the innermost, and how many were left out between.
func TestDeepRecursionBacktrace(t *testing.T) {
	src := mini("True", "down(0)") + "scripts:\n  main: |\n    def down(n):\n        return down(n + 1)\n"
	p, err := Parse([]byte(src), "mini.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 1, Options{})
	err = m.Apply(Move{Action: "go"})
	var re *RunError
	if !errors.As(err, &re) || !strings.Contains(re.Msg, "stack overflow") {
		t.Fatalf("got %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(re.Backtrace, "\n"), "\n")
	if len(lines) > 2*backtraceEnds+3 {
		t.Errorf("backtrace of %d lines:\n%s", len(lines), strings.Join(lines[:40], "\n"))
	}
	depth := len(re.Trace)
	want := []string{
		"Traceback (most recent call last):",
		"  mini.yaml:22:11: in __hook",
		"  mini.yaml:26:20: in down",
	}
	for i, w := range want {
		if i >= len(lines) || lines[i] != w {
			t.Fatalf("line %d: got %q, want %q\n%s", i, lines[min(i, len(lines)-1)], w, re.Backtrace)
		}
	}
	left := depth - 2*backtraceEnds
	if !strings.Contains(re.Backtrace, "  ... "+commas(left)+" calls left out ...\n") {
		t.Errorf("backtrace does not say %d calls were left out:\n%s", left, re.Backtrace)
	}
	if last := lines[len(lines)-1]; last != "Error in down: Starlark stack overflow" && last != "Error: Starlark stack overflow" {
		t.Errorf("last line %q", last)
	}
	if depth < 100_000 {
		t.Errorf("trace of %d frames: the whole call stack stays in Trace", depth)
	}
}
