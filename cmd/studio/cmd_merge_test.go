package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// simulate runs `studio simulate` with every flag this file uses given, since
// cobra keeps a flag's value from one Execute to the next.
func simulate(t *testing.T, pack string, extra ...string) string {
	t.Helper()
	args := append([]string{"simulate", pack, "--matches", "21", "--seed", "3", "--jobs", "2", "--max-plies", "48",
		"--players", "0", "--json=false", "--lite=false", "--shard=", "-o", "", "--report="}, extra...)
	out, err := run(t, args...)
	if err != nil && !failedOnlyInMatches(err) {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	return out
}

// failedOnlyInMatches reports whether err is the exit status 1 of a run
// whose matches (some of them stopped by --max-plies) ended in errors.
func failedOnlyInMatches(err error) bool {
	return exitCode(err) == 1 && strings.Contains(err.Error(), "matches ended in an error")
}

// TestMergedShardsPrintTheWholeRun: `simulate --shard i/n -o` on each part,
// then `merge`, prints what one `simulate` prints (the time line aside),
// as text and as JSON.
func TestMergedShardsPrintTheWholeRun(t *testing.T) {
	dir := t.TempDir()
	whole := simulate(t, "seeds")
	var parts []string
	for i := 0; i < 3; i++ {
		part := filepath.Join(dir, fmt.Sprintf("part%d.json", i))
		if out := simulate(t, "seeds", "--shard", fmt.Sprintf("%d/3", i), "-o", part); out != "" {
			t.Errorf("simulate -o printed %q", out)
		}
		parts = append(parts, part)
	}
	merged, err := run(t, append([]string{"merge", "--json=false", "--report="}, parts...)...)
	if err != nil && !failedOnlyInMatches(err) {
		t.Fatalf("merge: %v\n%s", err, merged)
	}
	if got, want := summaryWithoutTiming(merged), summaryWithoutTiming(whole); got != want {
		t.Errorf("merge:\n%s\nwant (simulate):\n%s", got, want)
	}
	if !strings.Contains(whole, "clauses (firings):") || !strings.Contains(whole, "seeds 3..23") {
		t.Errorf("simulate's summary lacks firings or seeds:\n%s", whole)
	}
	mergedJSON, err := run(t, append([]string{"merge", "--json", "--report="}, parts...)...)
	if err != nil && !failedOnlyInMatches(err) {
		t.Fatal(err)
	}
	wholeJSON := simulate(t, "seeds", "--json")
	if got, want := withoutTimes(mergedJSON), withoutTimes(wholeJSON); got != want {
		t.Errorf("merge --json:\n%s\nwant (simulate --json):\n%s", got, want)
	}

	page := filepath.Join(dir, "report.html")
	if _, err := run(t, append([]string{"merge", "--json=false", "--report", page}, parts...)...); err != nil && !failedOnlyInMatches(err) {
		t.Fatal(err)
	}
	if html, err := os.ReadFile(page); err != nil || !strings.Contains(string(html), "let option_chart_outcomes = ") {
		t.Errorf("merge --report wrote no outcome chart: %v", err)
	}

	// A part given twice is refused, naming the file and the seeds.
	_, err = run(t, "merge", "--json=false", "--report=", parts[0], parts[1], parts[0])
	if err == nil || !strings.Contains(err.Error(), "part0.json") || !strings.Contains(err.Error(), "played twice") {
		t.Errorf("merge of a part twice: %v", err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"pack": "x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := run(t, "merge", "--json=false", "--report=", bad); err == nil || !strings.Contains(err.Error(), "not a result of") {
		t.Errorf("merge of a foreign file: %v", err)
	}
	t.Cleanup(func() { // later tests see no --shard
		if c, _, err := rootCmd.Find([]string{"simulate"}); err == nil {
			_ = c.Flags().Set("shard", "")
		}
	})
	if _, err := run(t, "simulate", "seeds", "--shard", "3/3", "-o", ""); err == nil || !strings.Contains(err.Error(), "0 <= i < n") {
		t.Errorf("--shard 3/3: %v", err)
	}
}

// withoutTimes drops the JSON lines of the time taken and the rate.
func withoutTimes(s string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.Contains(l, `"seconds"`) && !strings.Contains(l, `"matches_per_second"`) {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}
