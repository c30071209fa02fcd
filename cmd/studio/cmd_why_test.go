package main

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rulestudio/studio/engine"
)

// TestWhyClause: studio why --clause on a seed-effects match of random
// bots says, for the step Mind Leech fired in, that it fired, what
// before() read and its condition broken down; --json gives the same asks
// as data.
func TestWhyClause(t *testing.T) {
	args := []string{"why", "seeds", "--bots", "random,random", "--seed", "3", "--clause", "object_types/mind_leech/whenever/discard"}
	out, err := run(t, append(args, "--step", "0")...)
	if err == nil || !strings.Contains(err.Error(), "--step") {
		t.Fatalf("step 0: %v\n%s", err, out)
	}
	step := firedIn(t, args)
	out, err = run(t, append(args, "--step", step)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"whenever discard (seeds.yaml:", "  fired: its condition held\n", "  before() answered ",
		"self.controller.drawn > before(lambda: self.controller.drawn) → True"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	out, err = run(t, append(args, "--step", step, "--json")...)
	var asks []engine.ClauseAsk
	if err != nil || json.Unmarshal([]byte(out), &asks) != nil || len(asks) != 2 {
		t.Fatalf("json: %v\n%s", err, out)
	}
	fired := 0
	for _, a := range asks {
		if a.Fired {
			fired++
		}
	}
	if fired != 1 {
		t.Errorf("%d asks fired: %+v", fired, asks)
	}
}

// firedIn returns the step (as text) in which the match of args first fired
// the clause, read from its events.
func firedIn(t *testing.T, args []string) string {
	t.Helper()
	var clause string
	for i, a := range args {
		if a == "--clause" {
			clause = args[i+1]
		}
	}
	out, err := run(t, "play", "seeds", "--bots", "random,random", "--seed", "3", "--events")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(out, "\n") {
		var e struct {
			Kind   string `json:"kind"`
			Clause string `json:"clause"`
			Step   int    `json:"step"`
		}
		if json.Unmarshal([]byte(line), &e) == nil && e.Kind == engine.EvClauseFired && e.Clause == clause {
			return strconv.Itoa(e.Step + 1) // the log counts the steps taken before the event
		}
	}
	t.Fatalf("%s never fired:\n%s", clause, out)
	return ""
}

// TestWhyValue: studio why --value on a record studio find wrote (a match
// where the Elf Lord's power is 4) gives the lord's power chain, with the
// elf that made another-elf's condition true; an object of no type, or a
// value not named OBJECT.NAME, is an error.
func TestWhyValue(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "lord.json")
	if out, err := run(t, "find", "seeds", "--until", `any([o.power == 4 for o in objects(type="elf_lord")])`, "-o", rec); err != nil {
		t.Fatalf("find: %v\n%s", err, out)
	}
	out, err := run(t, "why", rec, "--value", "elf_lord.power")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Elf Lord#", "property power: base 2\n", " while another-elf = 4\n", "    because (seeds.yaml:", "for o = Wood Elf#", "  final 4\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	for _, c := range []struct{ value, err string }{
		{"999.power", "no object #999"},
		{"dragon.power", "no object of type dragon"},
		{"power", "OBJECT.NAME"},
	} {
		if out, err := run(t, "why", rec, "--value", c.value); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("--value %s: %v\n%s", c.value, err, out)
		}
	}
}

// TestWhyMove: studio why --move says why a move is refused at the step,
// the rule and where it is, and nothing to explain for a legal one.
func TestWhyMove(t *testing.T) {
	out, err := run(t, "why", "seeds", "--seed", "5", "--move", `{"player": 2, "action": "draw"}`)
	if err != nil {
		t.Fatal(err)
	}
	if want := "player 2 is not deciding in playerTurn\n"; out != want {
		t.Errorf("got %q, want %q", out, want)
	}
	out, err = run(t, "why", "seeds", "--seed", "5", "--move", `{"player": 1, "action": "draw"}`)
	if err != nil || out != "the match takes this move: nothing bars it\n" {
		t.Errorf("legal: %v %q", err, out)
	}
}
