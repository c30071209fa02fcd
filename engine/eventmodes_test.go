package engine

import (
	"reflect"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
)

// identity is an event without its text: what NoEventText keeps.
func identity(e Event) Event {
	e.Name, e.Detail, e.Before, e.seat = "", "", "", false // seat: whether seats' texts differ
	return e
}

// textFree reports whether NoEventText may leave out e's Name: those
// formatted from values.
func textFree(kind string) bool {
	switch kind {
	case EvVariable, EvObject, EvNotify, EvWrapApplied, EvWrapRemoved:
		return true
	}
	return false
}

// playModes plays the match of seed with three options and returns them.
func playModes(t *testing.T, p *Program, seats int, seed uint64, limit int) (full, noSnap, counting *Match) {
	t.Helper()
	play := func(o Options) *Match {
		o.Seed = seed
		m := newMatch(t, p, seats, o)
		if _, err := m.Play(NewRandomBot(seed), limit); err != nil {
			t.Fatalf("seed %d %+v: %v", seed, o, err)
		}
		return m
	}
	return play(Options{}), play(Options{NoSnapshots: true}), play(Options{NoSnapshots: true, NoEventText: true})
}

// TestEventsWithoutTextOrSnapshots: every bundled pack plays the same with
// NoSnapshots (the same events, no history) and with NoEventText too (the
// same events but for the text formatted from values, which is left out).
func TestEventsWithoutTextOrSnapshots(t *testing.T) {
	for _, pack := range assets.Packs() {
		p := bundled(t, pack)
		seats := 2
		if pl := p.Pack.Players; pl != nil && pl.Min > 0 {
			seats = pl.Min
		}
		dropped := 0
		for seed := uint64(1); seed <= 3; seed++ {
			full, noSnap, counting := playModes(t, p, seats, seed, 300)
			if !reflect.DeepEqual(full.Events(), noSnap.Events()) {
				t.Fatalf("%s seed %d: NoSnapshots changed the events", pack, seed)
			}
			if noSnap.History() != 0 || counting.History() != 0 || full.History() != full.Step() {
				t.Errorf("%s seed %d: history %d %d %d of %d steps", pack, seed, full.History(), noSnap.History(), counting.History(), full.Step())
			}
			if _, err := noSnap.At(1); err == nil {
				t.Errorf("%s: At(1) of a match without snapshots", pack)
			}
			fe, ce := full.Events(), counting.Events()
			if len(fe) != len(ce) || full.Step() != counting.Step() || !reflect.DeepEqual(full.Scores(), counting.Scores()) {
				t.Fatalf("%s seed %d: %d events, %d steps with text; %d, %d without", pack, seed, len(fe), full.Step(), len(ce), counting.Step())
			}
			for i := range fe {
				f, c := fe[i], ce[i]
				if identity(f) != identity(c) {
					t.Fatalf("%s seed %d event %d: %+v without text, %+v with", pack, seed, i, c, f)
				}
				if c.Name != f.Name && (c.Name != "" || !textFree(c.Kind)) || c.Detail != f.Detail && c.Detail != "" || c.Before != "" {
					t.Fatalf("%s seed %d event %d: %q %q without text, %q %q with", pack, seed, i, c.Name, c.Detail, f.Name, f.Detail)
				}
				if c.Detail != f.Detail {
					dropped++
				}
			}
		}
		if dropped == 0 {
			t.Errorf("%s: NoEventText left every text in", pack)
		}
	}
}

// loopPack's matches end in errors of its code: boom fails after a
// notification and a score change; spin starts a trigger loop whose steps
// each change a variable.
const loopPack = `format: 1
pack: loops
players: {min: 2, max: 2}
states:
  - {id: 1, name: gameSetup, type: manager, description: "", action: "game.spins = 0", transitions: {"": 2}}
  - {id: 2, name: playerTurn, type: activeplayer, description: "", possibleactions: [ok, boom, spin], transitions: {moved: 2, spun: 3}}
  - {id: 3, name: spinning, type: game, description: "", action: "game.spins += 1\nnext_state(\"again\")", transitions: {again: 3}}
  - {id: 99, name: gameEnd, type: manager, description: ""}
actions:
  ok: {body: "notify(\"${player} waits\", player=player)\nnext_state(\"moved\")"}
  boom: {body: "notify(\"${player} fails\", player=player)\nplayer.score = 5\nx = {}[\"missing\"]"}
  spin: {body: "next_state(\"spun\")"}
`

// TestErrorsWithoutTextOrSnapshots: a match without snapshots stops at an
// error with the events a recorded match keeps after undoing the failed
// action, and a trigger loop's error quotes its last events with their text
// even under NoEventText.
func TestErrorsWithoutTextOrSnapshots(t *testing.T) {
	p, err := Parse([]byte(loopPack), "loops.yaml")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for seed := uint64(1); seed <= 12; seed++ {
		var errs [3]string
		var events [3][]Event
		for i, o := range []Options{{}, {NoSnapshots: true}, {NoSnapshots: true, NoEventText: true}} {
			o.Seed, o.StepLimit = seed, 200
			m := newMatch(t, p, 2, o)
			_, err := m.Play(NewRandomBot(seed), 0)
			if err == nil || m.Err() == nil {
				t.Fatalf("seed %d: no error (%v)", seed, err)
			}
			errs[i] = err.Error()
			for _, e := range m.Events() {
				events[i] = append(events[i], identity(e))
			}
		}
		if errs[0] != errs[1] || errs[0] != errs[2] {
			t.Errorf("seed %d: the errors differ:\n%s\n%s\n%s", seed, errs[0], errs[1], errs[2])
		}
		if !reflect.DeepEqual(events[0], events[1]) || !reflect.DeepEqual(events[0], events[2]) {
			t.Errorf("seed %d: the events left differ (%d, %d, %d)", seed, len(events[0]), len(events[1]), len(events[2]))
		}
		switch {
		case strings.Contains(errs[0], "trigger loop"):
			kinds["loop"] = true
			if !strings.Contains(errs[0], "variable_changed [spinning] game.spins 1") {
				t.Errorf("seed %d: the loop's last events lack their text: %s", seed, errs[0])
			}
		case strings.Contains(errs[0], "missing"):
			kinds["boom"] = true
		}
	}
	if !kinds["loop"] || !kinds["boom"] {
		t.Errorf("want both a trigger loop and a failed action among the seeds, got %v", kinds)
	}
}

// TestEventBuf: a match records into the array it is given, the same events
// as into its own, and a fork of it writes elsewhere.
func TestEventBuf(t *testing.T) {
	p := bundled(t, "tictactoe")
	want := newMatch(t, p, 2, Options{Seed: 4})
	if _, err := want.Play(NewRandomBot(4), 0); err != nil {
		t.Fatal(err)
	}
	buf := make([]Event, 3, 256)
	buf[0].Kind = "stale"
	m := newMatch(t, p, 2, Options{Seed: 4, EventBuf: buf})
	f := m.Fork()
	if _, err := m.Play(NewRandomBot(4), 0); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.Events(), want.Events()) {
		t.Fatalf("events in a given array differ:\n%s\nwant\n%s", eventLines(m.Events()), eventLines(want.Events()))
	}
	if &m.Events()[0] != &buf[0] {
		t.Error("the match did not record into the array given")
	}
	before := append([]Event(nil), m.Events()...)
	if _, err := f.Play(NewRandomBot(5), 0); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.Events(), before) || &f.Events()[0] == &buf[0] {
		t.Error("a fork wrote into the match's array")
	}
}

// TestNotifyArguments: notify takes its message without unpacking it, and
// still refuses what is not one message.
func TestNotifyArguments(t *testing.T) {
	m := newMatch(t, bundled(t, "tictactoe"), 2, Options{Seed: 1})
	if err := m.Exec(`notify("${n} marks", n=3)`); err != nil {
		t.Fatal(err)
	}
	if es := m.Events(); es[len(es)-1].Kind != EvNotify || es[len(es)-1].Name != "3 marks" {
		t.Errorf("last event %v", es[len(es)-1])
	}
	for src, want := range map[string]string{
		`notify(5)`:        "notify: for parameter 1: got int, want string",
		`notify()`:         "notify: got 0 arguments, want 1",
		`notify("a", "b")`: "notify: got 2 arguments, want 1",
	} {
		if err := m.Exec(src); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", src, err, want)
		}
	}
}
