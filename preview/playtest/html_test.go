package playtest

import (
	"bytes"
	"strings"
	"testing"
)

// TestHTMLIsSelfContained: the page loads no script from anywhere (ECharts
// is inline), holds one chart per statistic with the counts of the known
// pack, and is the same bytes each time.
func TestHTMLIsSelfContained(t *testing.T) {
	s := run(t, Config{Program: fromFile(t, "testdata/known.yaml"), Seats: 2, Seed: 1, Matches: 10, Bots: "random"})
	var a, b bytes.Buffer
	if err := Summarize(s).WriteHTML(&a); err != nil {
		t.Fatal(err)
	}
	if err := Summarize(s).WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	page := a.String()
	if strings.Contains(page, "<script src") || !strings.Contains(page, "Apache License") {
		t.Errorf("the page loads a script or lacks the inline ECharts (%d bytes)", len(page))
	}
	for _, id := range []string{"game_length", "outcomes", "visits_per_state", "branching_factor", "uses_per_transition", "uses_per_action", "firings_per_clause"} {
		if !strings.Contains(page, "let option_chart_"+id+" = ") {
			t.Errorf("no chart %s", id)
		}
	}
	// 40 uses of states/2/transitions/moved and 30 of nextTurn, in the
	// transitions' order; the summary text is in the page too.
	if !strings.Contains(page, `"data":[{"value":10},{"value":40},{"value":0},{"value":30},{"value":10},{"value":0}]`) ||
		!strings.Contains(page, "transitions never taken: 2") {
		t.Errorf("the page lacks the transitions' counts or the summary")
	}
	if a.String() != b.String() {
		t.Error("two pages of one report differ")
	}
}
