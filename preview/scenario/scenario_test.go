package scenario

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

func seeds(t *testing.T) *engine.Program {
	t.Helper()
	data, _ := assets.Pack("seeds")
	p, err := engine.Parse(data, "seeds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func load(t *testing.T, path string) *Scenario {
	t.Helper()
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestFailuresNameStepAndExpression: each scenario of testdata that fails on
// purpose fails once, with the file, the step's line, the step and what went
// wrong.
func TestFailuresNameStepAndExpression(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"testdata/fails.yaml", "testdata/fails.yaml:10: step 2: expect game.lord.power == 4: got False, where game.lord.power is 2"},
		{"testdata/refused.yaml", `testdata/refused.yaml:6: step 1: move {"player":2,"action":"pass"}: illegal action p2 pass(): `},
		{"testdata/taken.yaml", `testdata/taken.yaml:4: step 1: move {"player":1,"action":"pass"}: taken, want it refused (illegal)`},
	} {
		r := Run(load(t, c.file), seeds(t), nil)
		if len(r.Failures) != 1 || !strings.HasPrefix(r.Failures[0].String(), c.want) {
			t.Errorf("%s: failures %v, want one starting %q", c.file, r.Failures, c.want)
		}
	}
}

// TestBundledScenariosPass: the seed effects' scenarios hold, with their
// transcripts.
func TestBundledScenariosPass(t *testing.T) {
	ss := assets.Scenarios("seeds")
	if len(ss) < 4 {
		t.Fatalf("%d bundled scenarios of seeds, want the four seed effects", len(ss))
	}
	for _, b := range ss {
		s, err := Parse(b.Data, b.Name)
		if err != nil {
			t.Fatal(err)
		}
		if b.Transcript == nil {
			t.Errorf("%s has no transcript", b.Name)
		}
		if r := Run(s, seeds(t), b.Transcript); len(r.Failures) > 0 {
			t.Errorf("%s: %v", b.Name, r.Failures)
		}
	}
}

// TestTranscript: a scenario's events are compared with its transcript; a
// changed line is named, with both versions.
func TestTranscript(t *testing.T) {
	s := load(t, "testdata/transcript.yaml")
	r := Run(s, seeds(t), nil)
	if len(r.Failures) > 0 {
		t.Fatal(r.Failures)
	}
	for _, line := range []string{"action_taken [playerTurn] p1 pass\n", "state_left [playerTurn] pass\n"} {
		if !strings.Contains(r.Transcript, line) {
			t.Errorf("transcript lacks %q:\n%s", line, r.Transcript)
		}
	}
	if r := Run(s, seeds(t), []byte(r.Transcript)); len(r.Failures) > 0 {
		t.Errorf("against its own transcript: %v", r.Failures)
	}
	changed := strings.Replace(r.Transcript, "p1 pass", "p1 draw", 1)
	got := Run(s, seeds(t), []byte(changed))
	if len(got.Failures) != 1 || !strings.Contains(got.Failures[0].Msg, `want "3 action_taken [playerTurn] p1 draw", got "3 action_taken [playerTurn] p1 pass"`) ||
		!strings.HasPrefix(got.Failures[0].String(), "testdata/transcript.yaml:1: scenario: the events differ from testdata/transcript.events: line 1: ") {
		t.Errorf("changed transcript: %v", got.Failures)
	}
	if d := got.Failures[0].Diff; !strings.HasPrefix(d, "line 1: want ") || strings.Contains(got.Failures[0].String(), "--bless") {
		t.Errorf("the failure's diff %q; its text %q must leave the front end's way of blessing to the front end", d, got.Failures[0])
	}
}

// TestBadFiles: a step of two kinds, an unknown key, a move of unknown
// fields, a refused with no reason (read as none at all: the move had to
// be taken) and a scenario for another pack are refused with their place.
func TestBadFiles(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"seed: 1\nsteps:\n  - expect: x\n    exec: y\n", "x.yaml:3: a step is one of move, exec or expect"},
		{"seed: 1\nstep:\n  - expect: x\n", "x.yaml:2: field step not found"},
		{"seed: 1\nsteps: [\n", "x.yaml:2:8: sequence end token ']' not found"},
		{"seed: [1\nsteps: []\n", "x.yaml:2:1: ',' or ']' must be specified"},
		{"seed: 'a\n", "x.yaml:1:7: could not find end character of single-quoted text"},
		{"seed: 1: 2\nsteps: []\n", "x.yaml:1:7: mapping value is not allowed in this context"},
		{"@seed: 1\n", "x.yaml:1:1: '@' is a reserved character"},
		{"seed: 1\nsteps:\n  - move: {player: 1, act: pass}\n", `x.yaml:3: move: json: unknown field "act"`},
		{"seed: 1\nsteps:\n  - exec: x\n    refused: y\n", "x.yaml:3: refused goes with a move"},
		{"seed: 1\nsteps:\n  - move: {player: 1, action: pass}\n    refused: \"\"\n", "x.yaml:3: refused is empty"},
		{"seed: 1\n", "x.yaml: no steps"},
	} {
		if _, err := Parse([]byte(c.src), "x.yaml"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.src, err, c.want)
		}
	}
	s, err := Parse([]byte("pack: hearts\nseed: 1\nsteps:\n  - expect: 'True'\n"), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if r := Run(s, seeds(t), nil); len(r.Failures) != 1 || !strings.Contains(r.Failures[0].Msg, "for pack hearts, not seeds") {
		t.Errorf("another pack's scenario: %v", r.Failures)
	}
	if _, err := os.Stat("testdata/transcript.events"); err == nil {
		t.Error("testdata/transcript.events exists: the test means to compare with no file")
	}
}

// TestFromSavedMatch: a scenario that starts from a saved match goes on
// where the match stopped (seat 2 must discard after seat 1 drew with
// Mind Leech out); a match saved on another version of the pack is refused.
func TestFromSavedMatch(t *testing.T) {
	p := seeds(t)
	hash, err := graph.PackHash(p.Pack)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	rec := &graph.Record{Format: graph.RecordFormat, Pack: "seeds", PackHash: hash, Seed: 5, Seats: make([]graph.Seat, 2), Moves: []graph.Move{
		{Player: 1, Action: "playCard", Args: json.RawMessage(`{"card": {"object": 3}}`)},
		{Player: 1, Action: "draw"},
	}}
	write := func(name string, r *graph.Record) {
		data, err := r.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("leech.json", rec)
	src := "from: leech.json\nsteps:\n  - expect: len(hand(players[1])) == 3\n" +
		"  - move: {player: 2, action: discard, args: {card: {object: 11}}}\n  - expect: len(hand(players[1])) == 2\n"
	s, err := Parse([]byte(src), filepath.Join(dir, "s.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if r := Run(s, p, nil); len(r.Failures) > 0 {
		t.Errorf("from a saved match: %v", r.Failures)
	}
	other := *rec
	other.PackHash = "sha256:00"
	write("leech.json", &other)
	if r := Run(s, p, nil); len(r.Failures) != 1 || !strings.Contains(r.Failures[0].Msg, "saved on another version of the pack") {
		t.Errorf("another version: %v", r.Failures)
	} else if msg := r.Failures[0].Msg; !strings.Contains(msg, "seats: 2, seed: 5 and its 2 moves as steps") {
		// Every edit of the rules changes the hash: the message says how
		// to keep the scenario (a Love Letter scenario broke on a new clause).
		t.Errorf("another version: %q does not say how to keep the scenario", msg)
	}
}

// TestExpectations: an expectation must give True or False (one quoted
// twice is a string, and fails); a false one says which part was false and
// the values it read, as pytest does (issue 19, item 24).
func TestExpectations(t *testing.T) {
	const setup = "pack: seeds\nseed: 5\nsetup: |\n  game.lord = [o for o in objects(\"elf_lord\") if o.controller == players[0]][0]\n  game.lord.zone = \"battlefield\"\nsteps:\n  - expect: "
	for _, c := range []struct{ expect, want string }{
		{"game.lord.power == 4", "expect game.lord.power == 4: got False, where game.lord.power is 2"},
		{"game.lord.toughness == 2 and game.lord.power == 4",
			"expect game.lord.toughness == 2 and game.lord.power == 4: got False: game.lord.power == 4 is False, where game.lord.power is 2"},
		{"game.lord.power > 3 or (game.lord.zone == 'hand')",
			`expect game.lord.power > 3 or (game.lord.zone == 'hand'): got False: game.lord.power > 3 is False, where game.lord.power is 2; game.lord.zone == 'hand' is False, where game.lord.zone is "battlefield"`},
		{"not game.lord.power == 2", "expect not game.lord.power == 2: got False: game.lord.power == 2 is True, where game.lord.power is 2"},
		{`'"1 == 2"'`, `expect "1 == 2": gives "1 == 2", a string, not True or False (it is written in quotes twice: quote it once)`},
		{"game.lord.power", "expect game.lord.power: gives 2, an int, not True or False"},
		{"game.lord.power == 2 and game.lord.zone", `expect game.lord.power == 2 and game.lord.zone: gives "battlefield", a string, not True or False`},
	} {
		s, err := Parse([]byte(setup+c.expect+"\n"), "x.yaml")
		if err != nil {
			t.Fatal(err)
		}
		r := Run(s, seeds(t), nil)
		if len(r.Failures) != 1 || r.Failures[0].Msg != c.want {
			t.Errorf("expect %s: failures %v, want one: %s", c.expect, r.Failures, c.want)
		}
	}
	s, err := Parse([]byte(setup+"game.lord.power == 2 and not game.lord.zone == 'hand'\n"), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if r := Run(s, seeds(t), nil); len(r.Failures) != 0 {
		t.Errorf("a true expectation failed: %v", r.Failures)
	}
}

// TestDocsSetupExample: the scenario docs/playtesting.md shows to say when
// setup runs passes (setup at the first decision, in playerTurn, after
// gameSetup), and fails when setup is moved into a step before the
// expectation, so the example says something (issue 19, item 28).
func TestDocsSetupExample(t *testing.T) {
	data, err := os.ReadFile("../../docs/playtesting.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "<!-- example: setup")
	if !ok {
		t.Fatal("docs/playtesting.md has no setup example")
	}
	_, rest, _ = strings.Cut(rest, "```yaml\n")
	src, _, _ := strings.Cut(rest, "```")
	pack, _ := assets.Pack("tictactoe")
	p, err := engine.Parse(pack, "tictactoe.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s, err := Parse([]byte(src), "setup.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if r := Run(s, p, nil); len(r.Failures) != 0 {
		t.Errorf("the docs' setup example: %v", r.Failures)
	}
	s.Setup = ""
	if r := Run(s, p, nil); len(r.Failures) != 1 || r.Failures[0].Step != 1 {
		t.Errorf("without its setup: %v, want the first expectation to fail", r.Failures)
	}
}
