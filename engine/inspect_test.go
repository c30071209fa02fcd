package engine

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

// TestInspectChooseTarget: while a Shock waits for its target, the state
// stack shows the called state on top with its parameters, and who decides.
func TestInspectChooseTarget(t *testing.T) {
	m := seedsMatch(t)
	run(t, m, card("shock", 0)+".zone = 'hand'")
	run(t, m, card("wood_elf", 1)+".zone = 'battlefield'")
	shock := m.mustObj(t, card("shock", 0))
	if err := m.Apply(Move{Seat: 0, Action: "playCard", Args: []starlark.Value{shock}}); err != nil {
		t.Fatal(err)
	}
	fs, err := m.Frames()
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(fs)
	// The turn below still waits for its active player (BGA activeplayer).
	want := fmt.Sprintf("[{2 playerTurn [] true true playCard [] [0] []} {10 chooseTarget [{source %s} {amount 2}] true false  [] [0] []}]", shock)
	if got != want {
		t.Errorf("frames\n got %s\nwant %s", got, want)
	}
	if ex := m.ExecStack(); len(ex) != 0 {
		t.Errorf("exec stack at a decision: %v", ex)
	}
}

// TestInspectChainAndObjects: the Elf Lord's power with another Elf is its
// base power 2, then +2 by its own another-elf clause (seeds.yaml), 4.
func TestInspectChainAndObjects(t *testing.T) {
	m := seedsMatch(t)
	lord := card("elf_lord", 0)
	run(t, m, lord+".zone = 'battlefield'")
	run(t, m, card("wood_elf", 0)+".zone = 'battlefield'")
	id := int(evalInt(t, m, lord+".id"))
	c, err := m.Chain(id, "power")
	if err != nil {
		t.Fatal(err)
	}
	label := fmt.Sprintf("Elf Lord#%d while another-elf", id)
	want := Chain{Object: id, Name: "power", Kind: "property", Base: "2", Final: "4",
		Links: []Link{{Owner: id, Label: label, Clause: "object_types/elf_lord/while/another-elf", Value: "4"}}}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("chain\n got %+v\nwant %+v", c, want)
	}
	var info *ObjectInfo
	for _, o := range m.Objects() {
		if o.ID == id {
			info = &o
		}
	}
	if info == nil {
		t.Fatal("the lord is not among the objects")
	}
	if fmt.Sprint(info.Properties) != "[{power 4} {toughness 4} {flying False}]" ||
		fmt.Sprint(info.Wrapped) != "[power toughness]" || fmt.Sprint(info.Tags) != "[card creature elf]" ||
		!strings.Contains(fmt.Sprint(info.Variables), `{zone "battlefield"}`) {
		t.Errorf("object %+v", *info)
	}
	// A method's chain has links without values; an unknown name is an error.
	b := card("shield_bearer", 0)
	run(t, m, b+".zone = 'battlefield'")
	run(t, m, card("bauble", 0)+".zone = 'battlefield'")
	bid := int(evalInt(t, m, b+".id"))
	if c, err := m.Chain(bid, "deal_damage"); err != nil || c.Kind != "method" || len(c.Links) != 1 || c.Links[0].Value != "" || c.Links[0].Clause != "object_types/shield_bearer/while/artifact-armor" {
		t.Errorf("method chain %+v %v", c, err)
	}
	if _, err := m.Chain(bid, "nothing"); err == nil {
		t.Error("a chain of nothing")
	}
}

const whyPack = `format: 1
pack: why
players: {min: 2, max: 2}
states:
  - {id: 1, name: gameSetup, type: manager, transitions: {"": 2}}
  - id: 2
    name: turn
    type: activeplayer
    possibleactions: [go, empty, never, blocked, other]
    transitions: {go: 99}
  - {id: 99, name: gameEnd, type: manager}
actions:
  go:
    body: next_state("go")
  empty:
    params:
      x: {type: int, domain: "[]"}
  never:
    params:
      x: {type: int, domain: "[1, 2]"}
    precondition: x > 5
  blocked:
    precondition: False
  other:
    who: player != active_player
`

// TestWhyNot: each rule that can refuse an action says so, by name.
func TestWhyNot(t *testing.T) {
	p, err := Parse([]byte(whyPack), "why.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{})
	rs, err := m.WhyNot(0)
	if err != nil {
		t.Fatal(err)
	}
	want := []Refusal{
		{Action: "empty", Part: "domain", Reason: "the domain of x is empty (domain: [])"},
		{Action: "never", Part: "precondition", Reason: "its precondition holds for no choice (precondition: x > 5)"},
		{Action: "blocked", Part: "precondition", Reason: "its precondition does not hold: False"},
		{Action: "other", Part: "who", Reason: "who does not hold for player 1 (who: player != active_player)"},
	}
	if !reflect.DeepEqual(said(rs), want) {
		t.Errorf("seat 1:\n got %+v\nwant %+v", rs, want)
	}
	rs, _ = m.WhyNot(1)
	if len(rs) != 4 || said(rs)[0] != (Refusal{Action: "go", Part: "deciding", Reason: "player 2 decides nothing in turn (their ending condition holds)"}) {
		t.Errorf("seat 2: %+v", rs)
	}
	if err := m.Apply(Move{Action: "go"}); err != nil {
		t.Fatal(err)
	}
	if rs, _ := m.WhyNot(0); len(rs) != 1 || rs[0].Part != "match" {
		t.Errorf("over: %+v", rs)
	}
}

// TestStepEvents: the events of steps 0..n, one after another, are the
// match's events; each step's are those a fork at it adds.
func TestStepEvents(t *testing.T) {
	m := newMatch(t, bundled(t, "seeds"), 2, Options{Seed: 3})
	if _, err := m.Play(NewRandomBot(3), 40); err != nil {
		t.Fatal(err)
	}
	var all []Event
	for k := 0; k <= m.History(); k++ {
		all = append(all, m.StepEvents(k)...)
		if k > 0 {
			at, _ := m.At(k)
			prev, _ := m.At(k - 1)
			if len(at.Events())-len(prev.Events()) != len(m.StepEvents(k)) {
				t.Fatalf("step %d: %d events, forks differ by %d", k, len(m.StepEvents(k)), len(at.Events())-len(prev.Events()))
			}
		}
	}
	if !reflect.DeepEqual(all, m.Events()) {
		t.Errorf("the steps' events are not the match's")
	}
	if m.StepEvents(m.History()+2) != nil || m.StepEvents(-1) != nil {
		t.Error("events of a step that is not there")
	}
}

// TestForkShares: a fork made with At goes its own way without changing the
// match it came from, and the match going on does not change the fork.
func TestForkShares(t *testing.T) {
	m := newMatch(t, bundled(t, "tictactoe"), 2, Options{Seed: 1})
	for i := 0; i < 3; i++ {
		if _, err := m.Play(NewRandomBot(uint64(i)), 1); err != nil {
			t.Fatal(err)
		}
	}
	k := m.History() - 3
	f, _ := m.At(k)
	before, forkBefore := eventLines(m.Events()), eventLines(f.Events())
	if _, err := f.Play(NewRandomBot(9), 0); err != nil {
		t.Fatal(err)
	}
	if eventLines(m.Events()) != before {
		t.Fatal("playing on a fork changed the match it came from")
	}
	forkAfter := eventLines(f.Events())
	if _, err := m.Play(NewRandomBot(8), 0); err != nil {
		t.Fatal(err)
	}
	if eventLines(f.Events()) != forkAfter || !strings.HasPrefix(forkAfter, forkBefore) {
		t.Fatal("the match going on changed its fork")
	}
}

// TestExecStack: when both players' Healers enter at once, both clauses
// fire in one step and are pushed, the active player's first (SEMANTICS.md:
// trigger order); the step runs the last pushed, so its snapshot holds the
// active player's body on the execution stack, named as the events name it.
func TestExecStack(t *testing.T) {
	m := seedsMatch(t)
	run(t, m, card("healer", 0)+".zone = 'battlefield'\n"+card("healer", 1)+".zone = 'battlefield'")
	mine := int(evalInt(t, m, card("healer", 0)+".id"))
	found := false
	for k := 1; k <= m.History(); k++ {
		n := 0
		for _, e := range m.StepEvents(k) {
			if e.Kind == EvStackPushed {
				n++
			}
		}
		if n != 2 {
			continue
		}
		found = true
		at, _ := m.At(k)
		ex := at.ExecStack()
		if len(ex) != 1 || ex[0].Clause != "object_types/healer/when/enters" || ex[0].Object != mine || ex[0].Seat != 0 || !strings.HasPrefix(ex[0].What, "Healer#") {
			t.Errorf("exec stack after step %d: %+v", k, ex)
		}
	}
	if !found {
		t.Fatal("no step pushed both healers' clauses")
	}
}

// said keeps of each refusal its action, part and reason.
func said(rs []Refusal) []Refusal {
	out := make([]Refusal, len(rs))
	for i, r := range rs {
		out[i] = Refusal{Action: r.Action, Part: r.Part, Reason: r.Reason}
	}
	return out
}
