package graph

import (
	"strconv"

	"go.yaml.in/yaml/v3"
)

// FormatVersion is the version of the rule pack format this package reads and
// writes (the "format" key of a pack).
const FormatVersion = 1

// Pack is a rule pack: everything a designer makes and exports. Field order is the
// key order of its canonical YAML.
type Pack struct {
	Format      int         `yaml:"format"`                // FormatVersion
	Name        string      `yaml:"pack"`                  // short identifier
	Title       string      `yaml:"title,omitempty"`       // human-readable name
	Players     *Players    `yaml:"players,omitempty"`     // seat range
	Requires    Names       `yaml:"requires,omitempty"`    // BGA: files the imported states.inc.php required, kept for export
	Constants   Constants   `yaml:"constants,omitempty"`   // BGA: define()d constants usable as state ids, in source order
	Namespace   string      `yaml:"namespace,omitempty"`   // BGA: the namespace the imported states.inc.php declared, kept for export
	Uses        Names       `yaml:"uses,omitempty"`        // BGA: the imported file's use declarations as written (e.g. "Bga\GameFramework\StateType"), kept for export
	Symbolic    Names       `yaml:"symbolic,omitempty"`    // BGA: sorted strings that stand for PHP code, not text: constants (ST_X) and expressions over other files' constants ('act' . CONFIRM_TURN) the imported file wrote where a name goes; export writes them as code
	Progression Code        `yaml:"progression,omitempty"` // pure: game progression 0-100 (BGA getGameProgression)
	Timeout     Code        `yaml:"timeout,omitempty"`     // what happens when a clock runs out (default: zombie turn)
	States      []*State    `yaml:"states"`
	Actions     Actions     `yaml:"actions,omitempty"`
	ObjectTypes ObjectTypes `yaml:"object_types,omitempty"`
	Scripts     Scripts     `yaml:"scripts,omitempty"`    // shared Starlark modules, by name
	Boards      Boards      `yaml:"boards,omitempty"`     // engine: native grids code reaches by name (board.flips, board.line, ...)
	Decks       Names       `yaml:"decks,omitempty"`      // engine: BGA Deck components code reaches by name
	Visibility  *Visibility `yaml:"visibility,omitempty"` // what each seat sees: deck locations, private variables and tags (defaults: BGA's Deck conventions)
	Display     *Display    `yaml:"display,omitempty"`    // how the table is drawn: cards, objects, boards, variables, locations (display.go); the engine ignores it
	Editor      *Editor     `yaml:"editor,omitempty"`     // layout only; the engine ignores it

	Source string `yaml:"-"` // the file the pack was read from, for diagnostics
}

// Players is the range of seats a pack supports.
type Players struct {
	Min int `yaml:"min"`
	Max int `yaml:"max"`
}

// Constant is a named value the author defined (BGA: define("ST_X", 2)).
type Constant struct {
	Name  string
	Value Value
	Pos   Pos
}

// Constants is an ordered list of constants, a mapping in YAML.
type Constants []Constant

// MarshalYAML writes the constants as an ordered mapping.
func (cs Constants) MarshalYAML() (any, error) {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for _, c := range cs {
		n.Content = append(n.Content, strNode(c.Name), c.Value.node())
	}
	return n, nil
}

// UnmarshalYAML reads an ordered mapping of name to value.
func (cs *Constants) UnmarshalYAML(n *yaml.Node) error {
	return eachPair(n, "constants", func(k, v *yaml.Node) error {
		val, err := valueOf(v)
		if err != nil {
			return err
		}
		*cs = append(*cs, Constant{Name: k.Value, Value: val, Pos: nodePos(k)})
		return nil
	})
}

// Lookup returns the constant named name.
func (cs Constants) Lookup(name string) (Constant, bool) {
	for _, c := range cs {
		if c.Name == name {
			return c, true
		}
	}
	return Constant{}, false
}

// Resolve returns the number a state id stands for: the number itself, or the
// integer value of the constant it names. ok is false for a constant the pack does
// not define (one from a file the importer could not see).
func (p *Pack) Resolve(id StateID) (n int, ok bool) {
	if id.Const == "" {
		return id.Num, true
	}
	c, found := p.Constants.Lookup(id.Const)
	if !found || c.Value.Kind != IntValue {
		return 0, false
	}
	return int(c.Value.Int), true
}

// Key returns a string that is equal for two ids naming the same state: the
// resolved number when known, else the constant's name.
func (p *Pack) Key(id StateID) string {
	if n, ok := p.Resolve(id); ok {
		return NumID(n).String()
	}
	return id.Const
}

// State returns the state id names, or nil.
func (p *Pack) State(id StateID) *State {
	key := p.Key(id)
	for _, s := range p.States {
		if p.Key(s.ID) == key {
			return s
		}
	}
	return nil
}

// StateByName returns the first state named name, or nil.
func (p *Pack) StateByName(name string) *State {
	for _, s := range p.States {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Editor holds what only the editor uses: where each state is drawn.
type Editor struct {
	Positions map[string]Point `yaml:"positions,omitempty"` // by state id as written
}

// IsZero reports whether e holds no position, so that a pack writes without
// an empty editor section (yaml's omitempty asks it): the project file keeps
// positions apart and gives a pack without them none, and the two must
// write the same.
func (e *Editor) IsZero() bool { return e == nil || len(e.Positions) == 0 }

// Point is a position on the graph canvas, in canvas units (1 unit = 1 pixel at
// zoom 1). In YAML it is a two-element sequence [x, y].
type Point struct {
	X, Y float64
}

// MarshalYAML writes p as a flow sequence [x, y].
func (p Point) MarshalYAML() (any, error) {
	n := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, f := range []float64{p.X, p.Y} {
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: strconv.FormatFloat(f, 'f', -1, 64)})
	}
	return n, nil
}

// UnmarshalYAML reads [x, y].
func (p *Point) UnmarshalYAML(n *yaml.Node) error {
	var xy []float64
	if err := n.Decode(&xy); err != nil || len(xy) != 2 {
		return &PosError{Pos: nodePos(n), Msg: "a position must be [x, y]"}
	}
	p.X, p.Y = xy[0], xy[1]
	return nil
}

// Board declares a native grid the engine gives the pack's code under Name: cells
// hold small integers (0 = empty) and the engine scans lines in Go (placement,
// flips, n-in-a-row), the hot path of most board games.
type Board struct {
	Name   string `yaml:"-"`
	Width  int    `yaml:"width"`
	Height int    `yaml:"height"`
	Pos    Pos    `yaml:"-"`
}

// Boards is an ordered list of boards, a mapping from name to board in YAML.
type Boards []*Board

// MarshalYAML writes the boards as an ordered mapping.
func (bs Boards) MarshalYAML() (any, error) {
	return encodeNamed(bs, func(b *Board) string { return b.Name })
}

// UnmarshalYAML reads an ordered mapping of name to board.
func (bs *Boards) UnmarshalYAML(n *yaml.Node) error {
	out, err := decodeNamed(n, "boards", func(b *Board, name string, p Pos) { b.Name, b.Pos = name, p })
	*bs = out
	return err
}
