package main

import (
	"strings"
	"testing"
)

// TestScenariosOfBundledPacks: `studio test` runs the bundled scenarios of
// the seed effects and tic-tac-toe (with their transcripts) and they pass.
func TestScenariosOfBundledPacks(t *testing.T) {
	for pack, want := range map[string]string{"seeds": "4 scenarios, 0 failed", "tictactoe": "1 scenarios, 0 failed"} {
		out, err := run(t, "test", pack, "--bless=false")
		if err != nil || !strings.Contains(out, want) {
			t.Errorf("studio test %s: %v\n%s", pack, err, out)
		}
	}
}

// TestFailingScenarioSaysWhere: a scenario that fails on purpose makes
// `studio test` fail, printing the file, line, step and expression.
func TestFailingScenarioSaysWhere(t *testing.T) {
	out, err := run(t, "test", "seeds", "--bless=false", "../../preview/scenario/testdata/fails.yaml", "../../assets/scenarios/seeds/flying.yaml")
	if err != errScenariosFailed {
		t.Errorf("err %v, want %v", err, errScenariosFailed)
	}
	for _, want := range []string{
		"FAIL ../../preview/scenario/testdata/fails.yaml:10: step 2: expect game.lord.power == 4: got False, where game.lord.power is 2\n",
		"ok   ../../assets/scenarios/seeds/flying.yaml\n",
		"2 scenarios, 1 failed\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
