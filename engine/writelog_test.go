package engine

import "testing"

// logPack: while clauses that each read one part one way, and no part the
// others' writes reach, so that a write the log misses leaves an answer
// kept: an object read through a game variable (then destroyed), the
// active player (set_active), the multiactive set (set_multiactive), a
// game variable (then restored to an older version, which is no write).
const logPack = `format: 1
pack: writelog
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      create("probe")
      game.tgt = create("target", v=1)
      game.n = 0
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: go
    descriptionmyturn: go
    possibleactions: [go]
    transitions: {go: 2}
actions:
  go:
    body: next_state("go")
object_types:
  probe:
    properties: {alive: "False", second: "False", many: "False", big: "False"}
    while:
      - {name: alive, condition: 'getattr(game.tgt, "v", -1) >= 0', target: [alive], wrapper: "True"}
      - {name: second, condition: 'active_player.no == 2', target: [second], wrapper: "True"}
      - {name: many, condition: 'is_multiactive(players[1])', target: [many], wrapper: "True"}
      - {name: big, condition: 'game.n > 3', target: [big], wrapper: "True"}
  target:
    variables:
      v: {type: int, value: 0}
`

// TestWriteLogSeesEveryWrite: each while clause of logPack answers again
// after a write of the one part it read (a destroy, set_active,
// set_multiactive) and after a restore of an older state, both with
// answers reused as a match reuses them and with every kept answer's reads
// checked (checkReads: a write the log missed fails the step).
func TestWriteLogSeesEveryWrite(t *testing.T) {
	p, err := Parse([]byte(logPack), "writelog.yaml")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { checkReads = false }()
	const flags = `[getattr(objects("probe")[0], f) for f in ["alive", "second", "many", "big"]]`
	for _, checked := range []bool{false, true} {
		checkReads = checked
		m := newMatch(t, p, 2, Options{Seed: 1})
		steps := []struct{ code, want string }{
			{"", "[True, False, False, False]"},
			{"destroy(game.tgt)", "[False, False, False, False]"},
			{"set_active(players[1])", "[False, True, False, False]"},
			{"set_multiactive([players[1]])", "[False, True, True, False]"},
			{"game.n = 7", "[False, True, True, True]"},
			{"restore", "[False, True, True, False]"},
			{"game.n = 5", "[False, True, True, True]"},
		}
		var saved *mstate
		for _, s := range steps {
			switch s.code {
			case "":
			case "restore":
				// An older game.n comes back with no write: the answer
				// made for game.n = 7 must not be kept.
				m.restore(saved)
				s.code = "game.n = game.n" // a step that writes nothing
				fallthrough
			default:
				if s.code == "game.n = 7" {
					saved = m.save()
				}
				if err := m.Exec(s.code); err != nil {
					t.Fatalf("checked %v: %s: %v", checked, s.code, err)
				}
			}
			if got := eval(t, m, flags); got != s.want {
				t.Errorf("checked %v: after %q: %s, want %s", checked, s.code, got, s.want)
			}
		}
	}
}

// TestUnwrittenPastNotKnown: an answer that read the past at a position not
// known (after a cut) is not found unwritten while the past's position is
// still not known: the past may be another since, and nothing in the log
// says it is not.
func TestUnwrittenPastNotKnown(t *testing.T) {
	l := newWriteLog(nil)
	l.wrote(rdObject, 3)
	l.cut() // the past's position is no longer known
	st := stamp{sum: partBits(rdObject, 5), past: partBits(rdObject, 3)}
	l.held(&st)
	if st.prevAt != noPos {
		t.Fatalf("the past's position after a cut: %d, want none", st.prevAt)
	}
	if l.unwritten(&st) {
		t.Error("an answer that read a past of no known position was kept without asking its reads")
	}
	if st.past = (wpart{}); !l.unwritten(&st) {
		t.Error("an answer that read no past was not kept")
	}
}
