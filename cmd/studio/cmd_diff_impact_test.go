package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/testproject"
	"github.com/rulestudio/studio/preview/impact"
)

// TestDiffImpact: studio diff PROJECT 1 2 --impact --matches 200 on a
// project whose revision 2 makes three in a row lose lists the changed
// code, then the recorded match differing at step 26 after move 5, the
// scenario now failing, and 200 matches on both revisions with the seats'
// wins swapped (golden); --json gives the same as impact.Report.
func TestDiffImpact(t *testing.T) {
	proj := testproject.Misere(t, false)
	out, err := run(t, "diff", "--impact", "--matches", "200", "--jobs", "1", proj, "1", "2")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	golden(t, "diff-impact.txt", strings.ReplaceAll(out, proj, "PROJECT"))

	out, err = run(t, "diff", "--impact", "--matches", "200", "--json", proj, "1", "2")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var r struct {
		Changes []graph.Change `json:"changes"`
		Impact  impact.Report  `json:"impact"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(r.Changes) != 1 || r.Changes[0].Path != "scripts/main" {
		t.Errorf("changes %+v, want the script main", r.Changes)
	}
	m, c := r.Impact.Matches, r.Impact.Play
	if len(m) != 1 || m[0].Outcome != impact.Differs || m[0].Step != 26 || m[0].Move != 5 || m[0].Name != "x wins" {
		t.Errorf("recorded matches: %+v; want x wins differing at step 26, after move 5", m)
	}
	if len(r.Impact.Scenarios) != 1 || r.Impact.Scenarios[0].FailedAfter == "" {
		t.Errorf("scenarios: %+v; want three-in-a-row failing after", r.Impact.Scenarios)
	}
	if c == nil || c.Matches != 200 || c.Before.Wins[0] != c.After.Wins[1] || c.PValue >= 0.001 {
		t.Errorf("play: %+v; want 200 matches, the seats' wins swapped, p < 0.001", c)
	}
}

// TestDiffImpactNeedsRevisions: --impact compares a project's revisions;
// with two pack files it says so.
func TestDiffImpactNeedsRevisions(t *testing.T) {
	_, err := run(t, "diff", "--impact", "tictactoe", "tictactoe")
	if err == nil || !strings.Contains(err.Error(), "--impact") {
		t.Errorf("err %v; want one about --impact needing a project's revisions", err)
	}
}
