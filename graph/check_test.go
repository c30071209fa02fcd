package graph

import (
	"strings"
	"testing"
)

// cleanPack is a small valid pack: setup, a player turn, a game state, the end.
const cleanPack = `format: 1
pack: check-base
states:
  - id: 1
    name: gameSetup
    type: manager
    description: ""
    action: stGameSetup
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: ${actplayer} must play
    descriptionmyturn: ${you} must play
    possibleactions: [play]
    transitions: {play: 3}
  - id: 3
    name: nextPlayer
    type: game
    action: stNextPlayer
    updateGameProgression: true
    transitions: {next: 2, end: 99}
  - id: 99
    name: gameEnd
    type: manager
    description: End of game
`

func mustParse(t *testing.T, src string) *Pack {
	t.Helper()
	p, err := Parse([]byte(src), "pack.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCheckCleanPack(t *testing.T) {
	if d := Check(mustParse(t, cleanPack)); len(d) != 0 {
		t.Fatalf("clean pack has diagnostics: %v", d)
	}
}

// TestCheckRules has one case per rule: a change to the clean pack and the exact
// diagnostics it must produce.
func TestCheckRules(t *testing.T) {
	st := func(p *Pack, name string) *State { return p.StateByName(name) }
	cases := []struct {
		rule   string
		change func(p *Pack)
		want   []string
	}{
		{"id-positive", func(p *Pack) { st(p, "nextPlayer").ID = NumID(-3); st(p, "playerTurn").Transitions[0].To = NumID(-3) },
			[]string{
				`pack.yaml:17:5: error: state -3 "nextPlayer": id must be a positive integer`,
			}},
		{"duplicate-id", func(p *Pack) { st(p, "nextPlayer").ID = NumID(2) },
			[]string{
				`pack.yaml:10:5: warning: state 2 "playerTurn": state 99 cannot be reached from here`,
				`pack.yaml:16:19: error: state 2 "playerTurn": transition "play" goes to state 3, which does not exist`,
				`pack.yaml:17:5: error: state 2 "nextPlayer": id 2 is already used by state "playerTurn"`,
			}},
		{"implicit-setup", func(p *Pack) { p.States = p.States[1:] },
			[]string{
				`pack.yaml: info: no state 1: the BGA framework provides gameSetup`,
			}},
		{"implicit-end", func(p *Pack) {
			p.States = p.States[:3]
			st(p, "nextPlayer").Transitions = st(p, "nextPlayer").Transitions[:1]
		}, []string{
			`pack.yaml: info: no state 99: the BGA framework provides gameEnd`,
		}},
		{"implicit-end/target", func(p *Pack) { p.States = p.States[:3] },
			[]string{`pack.yaml: info: no state 99: the BGA framework provides gameEnd`}},
		{"reserved-id", func(p *Pack) { st(p, "gameEnd").Name = "theEnd" },
			[]string{
				`pack.yaml:23:5: error: state 99 "theEnd": id 99 is reserved for the gameEnd manager state`,
			}},
		{"reserved-id/name", func(p *Pack) { st(p, "playerTurn").Name = "gameSetup" },
			[]string{
				`pack.yaml:10:5: error: state 2 "gameSetup": gameSetup must have id 1`,
				`pack.yaml:10:5: warning: state 2 "gameSetup": state 1 has the same name`,
			}},
		{"manager-reserved", func(p *Pack) { st(p, "nextPlayer").Type = Manager },
			[]string{
				`pack.yaml:17:5: warning: state 3 "nextPlayer": type manager is reserved for states 1 and 99`,
			}},
		{"name-missing", func(p *Pack) { st(p, "nextPlayer").Name = "" },
			[]string{
				`pack.yaml:17:5: error: state 3: name is mandatory`,
			}},
		{"name-space", func(p *Pack) { st(p, "nextPlayer").Name = "next player" },
			[]string{
				`pack.yaml:17:5: warning: state 3 "next player": names must not contain spaces`,
			}},
		{"duplicate-name", func(p *Pack) { st(p, "nextPlayer").Name = "playerTurn" },
			[]string{
				`pack.yaml:17:5: warning: state 3 "playerTurn": state 2 has the same name`,
			}},
		{"unknown-type", func(p *Pack) { st(p, "playerTurn").Type = "multiactiveplayer" },
			[]string{
				`pack.yaml:10:5: error: state 2 "playerTurn": unknown type "multiactiveplayer" (did you mean "multipleactiveplayer"?)`,
			}},
		{"id-positive/zero", func(p *Pack) { st(p, "nextPlayer").ID = NumID(0); st(p, "playerTurn").Transitions[0].To = NumID(0) },
			[]string{
				`pack.yaml:17:5: error: state 0 "nextPlayer": id must be a positive integer`,
			}},
		{"unknown-type/case", func(p *Pack) { st(p, "playerTurn").Type = "ActivePlayer" },
			[]string{
				`pack.yaml:10:5: error: state 2 "playerTurn": unknown type "ActivePlayer" (did you mean "activeplayer"?)`,
			}},
		{"unknown-type/three-edits", func(p *Pack) { st(p, "playerTurn").Type = "gamxyz" }, // game: 1 substitution, 2 insertions
			[]string{
				`pack.yaml:10:5: error: state 2 "playerTurn": unknown type "gamxyz" (did you mean "game"?)`,
			}},
		{"unknown-type/four-edits", func(p *Pack) { st(p, "playerTurn").Type = "gamwxyz" }, // too far from every type
			[]string{
				`pack.yaml:10:5: error: state 2 "playerTurn": unknown type "gamwxyz"`,
			}},
		{"unknown-type/empty", func(p *Pack) { st(p, "nextPlayer").Type = "" },
			[]string{
				`pack.yaml:17:5: error: state 3 "nextPlayer": type is mandatory`,
			}},
		{"missing-field/descriptionmyturn", func(p *Pack) { st(p, "playerTurn").DescriptionMyTurn = "" },
			[]string{
				`pack.yaml:10:5: warning: state 2 "playerTurn": descriptionmyturn is mandatory for activeplayer states`,
			}},
		{"missing-field/possibleactions", func(p *Pack) { st(p, "playerTurn").PossibleActions = nil },
			[]string{
				`pack.yaml:10:5: warning: state 2 "playerTurn": possibleactions is mandatory for activeplayer states`,
			}},
		{"missing-field/action", func(p *Pack) { st(p, "nextPlayer").Action = Code{} },
			[]string{
				`pack.yaml:17:5: warning: state 3 "nextPlayer": action is mandatory for game states`,
			}},
		{"no-transitions", func(p *Pack) { st(p, "playerTurn").Transitions = nil },
			[]string{
				`pack.yaml: info: reachability not checked: 1 state(s) are left only by jumpToState`,
				`pack.yaml:10:5: warning: state 2 "playerTurn": has no transitions, so only jumpToState can leave it`,
			}},
		{"unknown-target", func(p *Pack) { st(p, "playerTurn").Transitions[0].To = NumID(7) },
			[]string{
				`pack.yaml:4:5: warning: state 1 "gameSetup": state 99 cannot be reached from here`,
				`pack.yaml:10:5: warning: state 2 "playerTurn": state 99 cannot be reached from here`,
				`pack.yaml:16:19: error: state 2 "playerTurn": transition "play" goes to state 7, which does not exist`,
				`pack.yaml:17:5: warning: state 3 "nextPlayer": not reachable from state 1`,
				`pack.yaml:23:5: warning: state 99 "gameEnd": not reachable from state 1`,
			}},
		{"unknown-target/external", func(p *Pack) { st(p, "playerTurn").Transitions[0].To = ConstID("ST_ELSEWHERE") },
			[]string{
				`pack.yaml:4:5: warning: state 1 "gameSetup": state 99 cannot be reached from here`,
				`pack.yaml:10:5: warning: state 2 "playerTurn": state 99 cannot be reached from here`,
				`pack.yaml:16:19: warning: state 2 "playerTurn": transition "play" goes to ST_ELSEWHERE, a constant defined elsewhere that no state here uses`,
				`pack.yaml:17:5: warning: state 3 "nextPlayer": not reachable from state 1`,
				`pack.yaml:23:5: warning: state 99 "gameEnd": not reachable from state 1`,
			}},
		{"unknown-target/unresolved-ids", func(p *Pack) {
			st(p, "nextPlayer").ID = ConstID("ST_NEXT")
			st(p, "playerTurn").Transitions[0].To = NumID(7)
		}, []string{
			`pack.yaml:4:5: warning: state 1 "gameSetup": state 99 cannot be reached from here`,
			`pack.yaml:10:5: warning: state 2 "playerTurn": state 99 cannot be reached from here`,
			`pack.yaml:16:19: warning: state 2 "playerTurn": transition "play" goes to state 7, which is none of the states whose id is known here`,
			`pack.yaml:17:5: warning: state ST_NEXT "nextPlayer": not reachable from state 1`,
			`pack.yaml:23:5: warning: state 99 "gameEnd": not reachable from state 1`,
		}},
		{"empty-transition", func(p *Pack) { st(p, "nextPlayer").Transitions[0].Name = "" },
			[]string{
				`pack.yaml:22:19: warning: state 3 "nextPlayer": an empty transition name is only allowed when it is the only transition`,
			}},
		{"no-progression", func(p *Pack) { st(p, "nextPlayer").UpdateGameProgression = false },
			[]string{`pack.yaml: warning: no state has updateGameProgression: BGA needs at least one`}},
		{"initialprivate/missing", func(p *Pack) {
			s := st(p, "playerTurn")
			s.Type = MultipleActivePlayer
			id := NumID(50)
			s.InitialPrivate = &id
		}, []string{
			`pack.yaml:10:5: error: state 2 "playerTurn": initialprivate 50 does not exist`,
		}},
		{"initialprivate/not-private", func(p *Pack) {
			s := st(p, "playerTurn")
			s.Type = MultipleActivePlayer
			id := NumID(3)
			s.InitialPrivate = &id
		}, []string{
			`pack.yaml:10:5: error: state 2 "playerTurn": initialprivate 3 is a game state, not a private one`,
		}},
		{"initialprivate/master", func(p *Pack) {
			id := NumID(50)
			st(p, "playerTurn").InitialPrivate = &id
			p.States = append(p.States, &State{ID: id, Name: "choose", Type: Private, PossibleActions: Names{"play"}})
		}, []string{
			`pack.yaml:10:5: error: state 2 "playerTurn": only multipleactiveplayer states have private parallel states`,
		}},
		{"unknown-action", func(p *Pack) {
			p.Actions = Actions{{Name: "pass", Body: Code{Src: "next_state('play')"}}}
			p.Scripts = Scripts{{Name: "main", Code: Code{Src: "next_state('next')\nnext_state('end')\nnext_state()"}}}
		}, []string{
			`pack.yaml:15:23: error: state 2 "playerTurn": possible action "play" is not defined in actions`,
		}},
		{"description-arg", func(p *Pack) { st(p, "playerTurn").Description = "${actplayer} must pay ${cost}" },
			[]string{
				`pack.yaml:10:5: warning: state 2 "playerTurn": description uses ${cost} but the state has no args to produce it`,
			}},
		{"description-arg/params", func(p *Pack) {
			s := st(p, "playerTurn")
			s.Description = "${actplayer} must pay ${cost}"
			s.Params = Params{{Name: "cost", Type: "int"}}
		}, nil},
		{"transition-unused/lone", func(p *Pack) {
			p.Actions = Actions{{Name: "play", Body: Code{Src: "next_state('play')"}}}
			p.Scripts = Scripts{{Name: "main", Code: Code{Src: "def stNextPlayer():\n    next_state('next')\n    next_state('end')"}}}
		}, nil},
		{"unreachable", func(p *Pack) {
			p.States = append(p.States, &State{ID: NumID(7), Name: "orphan", Type: Game, Action: Code{Src: "stOrphan"}, Transitions: Transitions{{Name: "", To: NumID(99)}}})
		}, []string{`pack.yaml: warning: state 7 "orphan": not reachable from state 1`}},
		{"no-path-to-end", func(p *Pack) { st(p, "nextPlayer").Transitions = st(p, "nextPlayer").Transitions[:1] },
			[]string{
				`pack.yaml:4:5: warning: state 1 "gameSetup": state 99 cannot be reached from here`,
				`pack.yaml:10:5: warning: state 2 "playerTurn": state 99 cannot be reached from here`,
				`pack.yaml:17:5: warning: state 3 "nextPlayer": state 99 cannot be reached from here`,
				`pack.yaml:23:5: warning: state 99 "gameEnd": not reachable from state 1`,
			}},
		{"transition-unused", func(p *Pack) {
			p.Actions = Actions{{Name: "play", Body: Code{Src: "next_state('play')"}}}
			p.Scripts = Scripts{{Name: "main", Code: Code{Src: "def stGameSetup():\n    next_state()\ndef stNextPlayer():\n    next_state('next')"}}}
		}, []string{
			`pack.yaml:22:28: warning: state 3 "nextPlayer": no code takes transition "end"`,
		}},
	}
	for _, tc := range cases {
		t.Run(tc.rule, func(t *testing.T) {
			p := mustParse(t, cleanPack)
			tc.change(p)
			var got []string
			for _, d := range Check(p) {
				got = append(got, d.String())
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if len(tc.want) == 0 {
				return // a case that must stay clean
			}
			rule := strings.SplitN(tc.rule, "/", 2)[0]
			found := false
			for _, d := range Check(p) {
				found = found || d.Rule == rule
			}
			if !found {
				t.Errorf("no diagnostic has rule %q", rule)
			}
		})
	}
}

// TestCheckEmptyPack: a pack without states gets no warning about
// updateGameProgression (there is no state to put it on).
func TestCheckEmptyPack(t *testing.T) {
	for _, d := range Check(&Pack{Format: FormatVersion, Name: "empty"}) {
		if d.Rule == "no-progression" {
			t.Errorf("empty pack: %v", d)
		}
	}
}

// TestCheckNamesAStateFile: a diagnostic about a state read from a file of its
// own (a BGA State class) names that file; the others name the pack's Source.
// Of two states with one id, each diagnostic names the file of the state it
// is about.
func TestCheckNamesAStateFile(t *testing.T) {
	p := mustParse(t, cleanPack)
	p.Source = "game"
	turn := p.States[1]
	turn.File, turn.Pos = "game/States/PlayerTurn.php", Pos{Line: 7, Column: 7}
	turn.DescriptionMyTurn = ""
	dup := *turn
	dup.File, dup.Pos = "game/States/Other.php", Pos{Line: 9, Column: 7}
	p.States = append(p.States, &dup)
	var mine, dupFile int
	for _, d := range Check(p) {
		switch {
		case d.Rule == "duplicate-id":
			if d.File != dup.File || d.Pos != dup.Pos {
				t.Errorf("duplicate id named %s:%v, want %s", d.File, d.Pos, dup.File)
			}
			dupFile++
		case d.State == turn.ID && d.Pos == turn.Pos:
			if d.File != turn.File {
				t.Errorf("%v: want the file %s", d, turn.File)
			}
			mine++
		case d.State.Num == 3 && d.File != "game":
			t.Errorf("%v: a state of the pack's own file names another", d)
		}
	}
	if mine == 0 || dupFile != 1 {
		t.Errorf("%d diagnostics about PlayerTurn, %d about the duplicate: the test checks nothing", mine, dupFile)
	}
}
