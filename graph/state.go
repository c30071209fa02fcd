package graph

import (
	"fmt"
	"strconv"

	"go.yaml.in/yaml/v3"
)

// StateType is a BGA state type (states.inc.php "type").
type StateType string

// The BGA state types. BGA states.inc.php: "activeplayer" (one player decides),
// "multipleactiveplayer" (a set of players decide), "private" (a private parallel
// state entered through a master state's initialprivate), "game" (automatic) and
// "manager" (reserved for states 1 and 99).
const (
	ActivePlayer         StateType = "activeplayer"
	MultipleActivePlayer StateType = "multipleactiveplayer"
	Private              StateType = "private"
	Game                 StateType = "game"
	Manager              StateType = "manager"
)

// StateTypes lists the known state types in BGA's documentation order.
var StateTypes = []StateType{ActivePlayer, MultipleActivePlayer, Private, Game, Manager}

// Known reports whether t is one of [StateTypes].
func (t StateType) Known() bool {
	for _, k := range StateTypes {
		if t == k {
			return true
		}
	}
	return false
}

// Reserved BGA state ids. BGA states.inc.php: "ID=1 is reserved for the first game
// state" (gameSetup) and "ID=99 is reserved for the last game state" (gameEnd).
const (
	SetupID = 1
	EndID   = 99
)

// StateID identifies a state as its author wrote it: a number (Const empty), or a
// symbolic constant (Const set, e.g. "ST_PLAYER_TURN" or "GameStates::ST_X"). A
// constant defined in the pack's Constants resolves to a number through
// [Pack.Resolve]; one defined in a file the importer could not see stays symbolic
// and is exported back unchanged. In YAML a StateID is an integer or a string.
type StateID struct {
	Num   int
	Const string
}

// NumID returns the numeric StateID n.
func NumID(n int) StateID { return StateID{Num: n} }

// ConstID returns the symbolic StateID named name.
func ConstID(name string) StateID { return StateID{Const: name} }

// IsZero reports whether id is unset.
func (id StateID) IsZero() bool { return id.Num == 0 && id.Const == "" }

// String returns the id as written: the constant's name or the decimal number.
func (id StateID) String() string {
	if id.Const != "" {
		return id.Const
	}
	return strconv.Itoa(id.Num)
}

// MarshalYAML writes the id as an integer or a string.
func (id StateID) MarshalYAML() (any, error) { return id.node(), nil }

// node is the id's YAML scalar, built directly: packs hold thousands of ids and
// yaml.Node.Encode would render and re-parse each one.
func (id StateID) node() *yaml.Node {
	if id.Const != "" {
		return strNode(id.Const)
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(id.Num)}
}

// UnmarshalYAML reads an integer or a string (a constant's name).
func (id *StateID) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return &PosError{Pos: nodePos(n), Msg: "a state id must be an integer or a constant name"}
	}
	if n.Tag == "!!int" {
		v, err := strconv.Atoi(n.Value)
		if err != nil {
			return &PosError{Pos: nodePos(n), Msg: fmt.Sprintf("state id %q is not an integer", n.Value)}
		}
		*id = StateID{Num: v}
		return nil
	}
	if n.Value == "" {
		return &PosError{Pos: nodePos(n), Msg: "a state id must not be empty"}
	}
	*id = StateID{Const: n.Value}
	return nil
}

// Transition is one entry of a state's BGA "transitions": a name (may be "" when
// it is the state's only transition) and the target state.
//
// Inferred marks a transition the state's code takes without declaring it: in
// BGA's State classes an action or onEnteringState that returns another state's
// class (return NextPlayer::class;) or id moves the game there, with no entry in
// transitions:. The BGA importer infers such transitions from the code; they
// are drawn distinctly and written back as code, not as transitions:, by the
// State-class exporter.
type Transition struct {
	Name     string
	To       StateID
	Inferred bool
	Pos      Pos
}

// Transitions is an ordered list of transitions. It is written in YAML as a
// mapping from transition name to target id, in the author's order; an inferred
// transition's value is the mapping {to: ID, inferred: true}, so a pack without
// inferred transitions reads and writes exactly as before they existed.
type Transitions []Transition

// MarshalYAML writes the transitions as an ordered mapping.
func (ts Transitions) MarshalYAML() (any, error) {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for _, t := range ts {
		v := t.To.node()
		if t.Inferred {
			v = &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle, Content: []*yaml.Node{
				strNode("to"), v,
				strNode("inferred"), {Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"},
			}}
		}
		n.Content = append(n.Content, strNode(t.Name), v)
	}
	return n, nil
}

// UnmarshalYAML reads an ordered mapping of transition name to target id (or to
// {to: ID, inferred: BOOL}). A repeated name is an error.
func (ts *Transitions) UnmarshalYAML(n *yaml.Node) error {
	return eachPair(n, "transitions", func(k, v *yaml.Node) error {
		t := Transition{Name: k.Value, Pos: nodePos(k)}
		if v.Kind == yaml.MappingNode {
			if err := t.decodeLong(v); err != nil {
				return err
			}
		} else if err := v.Decode(&t.To); err != nil {
			return err
		}
		*ts = append(*ts, t)
		return nil
	})
}

// decodeLong reads a transition written as {to: ID, inferred: BOOL}.
func (t *Transition) decodeLong(v *yaml.Node) error {
	hasTo := false
	err := eachPair(v, "transition "+strconv.Quote(t.Name), func(k, f *yaml.Node) error {
		switch k.Value {
		case "to":
			hasTo = true
			return f.Decode(&t.To)
		case "inferred":
			if f.Kind != yaml.ScalarNode || f.Tag != "!!bool" {
				return &PosError{Pos: nodePos(f), Msg: fmt.Sprintf("transition %q: inferred must be true or false", t.Name)}
			}
			t.Inferred = f.Value == "true"
			return nil
		}
		return &PosError{Pos: nodePos(k), Msg: fmt.Sprintf("transition %q: unknown key %q (want to, inferred)", t.Name, k.Value)}
	})
	if err == nil && !hasTo {
		return &PosError{Pos: nodePos(v), Msg: fmt.Sprintf("transition %q: missing \"to\" (the target state id)", t.Name)}
	}
	return err
}

// Lookup returns the transition named name.
func (ts Transitions) Lookup(name string) (Transition, bool) {
	for _, t := range ts {
		if t.Name == name {
			return t, true
		}
	}
	return Transition{}, false
}

// State is a node of the state graph. The first block of fields are BGA's
// states.inc.php fields; the second block are the seed model's state fields (see
// SEMANTICS.md); Extra keeps non-standard keys of imported files.
type State struct {
	ID                    StateID     `yaml:"id"`
	Name                  string      `yaml:"name"`
	Type                  StateType   `yaml:"type"`
	TypeConst             string      `yaml:"typeconst,omitempty"` // the constant the author wrote for the type (e.g. "StateType::GAME"), kept for export
	Description           string      `yaml:"description,omitempty"`
	DescriptionMyTurn     string      `yaml:"descriptionmyturn,omitempty"`
	Action                Code        `yaml:"action,omitempty"` // start procedure: a function name (BGA) or Starlark statements
	Args                  Code        `yaml:"args,omitempty"`   // pure: a function name (BGA) or a Starlark expression giving a dict
	PossibleActions       Names       `yaml:"possibleactions,omitempty"`
	Transitions           Transitions `yaml:"transitions,omitempty"`
	UpdateGameProgression bool        `yaml:"updateGameProgression,omitempty"`
	InitialPrivate        *StateID    `yaml:"initialprivate,omitempty"`

	Params    Params   `yaml:"params,omitempty"`    // seed: name-value pairs given by call(state, **params)
	Ending    Code     `yaml:"ending,omitempty"`    // seed: pure per-player ending condition of `player`
	EndAction Code     `yaml:"endaction,omitempty"` // seed: end procedure, run when the state is left
	Clauses   *Clauses `yaml:"clauses,omitempty"`   // seed: object-like clauses active while the state is on the stack

	Extra Extra `yaml:"extra,omitempty"` // non-standard keys of an imported file, in source order

	Pos Pos `yaml:"-"` // where the state is defined in its source file
	// ActionsPos is where each name of PossibleActions is in the source
	// file, for diagnostics about one of them; nil for a state not read
	// from YAML (see ActionPos).
	ActionsPos []Pos `yaml:"-"`
	// File is the source file Pos is in when it is not the pack's Source: a
	// BGA game's State class (graph/bga reads one file per state); "" for
	// the pack's own file.
	File string `yaml:"-"`
}

// UnmarshalYAML decodes a state and records its position.
func (s *State) UnmarshalYAML(n *yaml.Node) error {
	type plain State
	if err := decodeStrict(n, (*plain)(s)); err != nil {
		return err
	}
	s.Pos = nodePos(n)
	s.ActionsPos = nil
	for i := 0; i+1 < len(n.Content); i += 2 {
		if v := n.Content[i+1]; n.Content[i].Value == "possibleactions" && v.Kind == yaml.SequenceNode {
			for _, e := range v.Content {
				s.ActionsPos = append(s.ActionsPos, nodePos(e))
			}
		}
	}
	return nil
}

// ActionPos returns where the i-th name of s.PossibleActions is in its
// source file, or the state's place when that is not known.
func (s *State) ActionPos(i int) Pos {
	if i < len(s.ActionsPos) && len(s.ActionsPos) == len(s.PossibleActions) {
		return s.ActionsPos[i]
	}
	return s.Pos
}

// TypeColor is the fill colour of a state type in drawings, as "#rrggbb": one hue
// per BGA type so a designer reads the graph's shape at a glance.
func TypeColor(t StateType) string {
	switch t {
	case ActivePlayer:
		return "#9fd3f7"
	case MultipleActivePlayer:
		return "#b8e6a1"
	case Private:
		return "#f5d58c"
	case Game:
		return "#d9c6f2"
	case Manager:
		return "#d0d0d0"
	}
	return "#f4a6a6"
}
