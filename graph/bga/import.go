package bga

import (
	"fmt"
	"github.com/rulestudio/studio/internal/input"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// ImportFile reads the states.inc.php file at path; see [Import].
func ImportFile(path string) (*graph.Pack, error) {
	src, err := input.Read(path, input.BGA)
	if err != nil {
		return nil, fmt.Errorf("import %s: %w", path, err)
	}
	return Import(src, path)
}

// Import reads a BGA states.inc.php text without running PHP and returns its
// state machine as a rule pack. file names the text in errors, becomes the
// pack's Source and gives the pack its Name (see [PackName]).
//
// Errors are *graph.PosError values ("file:line:col: message") for what the
// importer does not understand, and *NotDeclarativeError for a file that
// computes its machine. Import never panics.
func Import(src []byte, file string) (pack *graph.Pack, err error) {
	defer func() {
		if r := recover(); r != nil {
			pack, err = nil, &graph.PosError{File: file, Msg: fmt.Sprintf("internal error: %v", r)}
		}
	}()
	p := newParser(src, file)
	if err := p.parseFile(); err != nil {
		return nil, err
	}
	machine, ok := p.vars["machinestates"]
	if !ok {
		return nil, p.errorf(p.tok.pos, "no $machinestates array in the file")
	}
	if machine.k == pBuilder {
		machine.k = pArray
	}
	if machine.k != pArray {
		return nil, p.errorf(machine.pos, "$machinestates must be an array, not %s", machine.describe())
	}
	b := &builder{file: file, constNames: map[string]bool{}, literals: map[string]graph.Pos{}}
	pack = &graph.Pack{
		Format:    graph.FormatVersion,
		Name:      PackName(file),
		Requires:  graph.Names(p.requires),
		Constants: graph.Constants(p.constants),
		Namespace: p.namespace,
		Uses:      graph.Names(p.uses),
		States:    []*graph.State{},
		Source:    file,
	}
	for _, e := range machine.arr.ents {
		s, err := b.state(e.key, e.val)
		if err != nil {
			return nil, err
		}
		pack.States = append(pack.States, s)
	}
	for n := range b.constNames {
		pack.Symbolic = append(pack.Symbolic, n)
	}
	sort.Strings(pack.Symbolic)
	// A name is either code or text throughout a pack (Pack.Symbolic is a set of
	// strings): refuse a file that writes the same text both ways rather than
	// export one of them wrongly.
	for _, n := range pack.Symbolic {
		if pos, clash := b.literals[n]; clash {
			return nil, b.errorf(pos, "the string %q is also written as a constant in this file; Rule Studio cannot keep the two apart", n)
		}
	}
	return pack, nil
}

// PackName derives a pack name from a states.inc.php file name: the part before
// "__states.inc.php" after the last "__" ("thoun__azul__states.inc.php" gives
// "azul"), the parent directory for a plain "states.inc.php", otherwise the
// base name without ".inc.php" or ".php".
func PackName(file string) string {
	base := filepath.Base(file)
	if strings.HasSuffix(base, "__states.inc.php") {
		parts := strings.Split(strings.TrimSuffix(base, "__states.inc.php"), "__")
		if n := parts[len(parts)-1]; n != "" {
			return n
		}
	}
	if base == "states.inc.php" {
		dir := filepath.Base(filepath.Dir(file))
		if dir != "." && dir != string(filepath.Separator) && dir != "" {
			return dir
		}
		return "states"
	}
	for _, suf := range []string{".inc.php", ".php"} {
		if strings.HasSuffix(base, suf) && len(base) > len(suf) {
			return strings.TrimSuffix(base, suf)
		}
	}
	return base
}

// builder turns evaluated PHP arrays into graph states.
type builder struct {
	file       string
	constNames map[string]bool      // strings written as constants
	literals   map[string]graph.Pos // strings written as strings, where first seen
	// literalFiles, when not nil, holds the file each of literals is in (State
	// classes: one builder per file, sharing the maps).
	literalFiles map[string]string
}

func (b *builder) errorf(pos graph.Pos, format string, args ...any) error {
	return posErrorf(b.file, pos, format, args...)
}

// stateID reads a state id: an integer, a constant (kept by name) or an
// integer-like string.
func (b *builder) stateID(v pval, what string) (graph.StateID, error) {
	if v.name != "" && v.k != pArray && v.k != pBuilder {
		return graph.ConstID(v.name), nil
	}
	switch v.k {
	case pInt:
		return graph.NumID(int(v.i)), nil
	case pConst:
		return graph.ConstID(v.s), nil
	case pString:
		if n, ok := intKey(v.s); ok {
			return graph.NumID(int(n)), nil
		}
	}
	return graph.StateID{}, b.errorf(v.pos, "%s must be a state id (an integer or a constant), not %s", what, v.describe())
}

// text reads a string field; a constant is kept by name and remembered so that
// export writes it unquoted.
func (b *builder) text(v pval, what string) (string, error) {
	switch {
	case v.name != "":
		b.constNames[v.name] = true
		return v.name, nil
	case v.k == pConst:
		b.constNames[v.s] = true
		return v.s, nil
	case v.k == pString:
		if _, seen := b.literals[v.s]; !seen {
			b.literals[v.s] = v.pos
			if b.literalFiles != nil {
				b.literalFiles[v.s] = b.file
			}
		}
		return v.s, nil
	case v.k == pInt:
		return strconv.FormatInt(v.i, 10), nil
	case v.k == pNull:
		return "", nil
	}
	return "", b.errorf(v.pos, "%s must be a string, not %s", what, v.describe())
}

// method reads an action or args: the name of a method of the game class.
func (b *builder) method(v pval, what string) (graph.Code, error) {
	src, err := b.text(v, what)
	if err != nil {
		return graph.Code{}, err
	}
	if src != "" && !b.constNames[src] && !phpIdent.MatchString(src) {
		return graph.Code{}, b.errorf(v.pos, "%s %q is not a PHP method name", what, src)
	}
	return graph.Code{Src: src}, nil
}

// state converts one entry of $machinestates.
func (b *builder) state(key, val pval) (*graph.State, error) {
	id, err := b.stateID(key, "a state key")
	if err != nil {
		return nil, err
	}
	if val.k == pBuilder {
		val.k = pArray
	}
	if val.k != pArray {
		return nil, b.errorf(val.pos, "state %s must be an array, not %s", id, val.describe())
	}
	s := &graph.State{ID: id, Pos: key.pos}
	for _, e := range val.arr.ents {
		if e.key.k != pString || e.key.name != "" {
			return nil, b.errorf(e.key.pos, "state %s: a field name must be a string, not %s", id, keyDesc(e.key))
		}
		k, v := e.key.s, e.val
		if v.k == pNull && isStandard(k) {
			continue // "args" => null and the like: no value
		}
		where := fmt.Sprintf("state %s: %s", id, k)
		switch k {
		case "name":
			s.Name, err = b.text(v, where)
		case "description":
			s.Description, err = b.text(v, where)
		case "descriptionmyturn":
			s.DescriptionMyTurn, err = b.text(v, where)
		case "type":
			s.Type, s.TypeConst, err = b.stateType(v, where)
		case "action":
			s.Action, err = b.method(v, where)
		case "args":
			s.Args, err = b.method(v, where)
		case "possibleactions":
			s.PossibleActions, err = b.names(v, where)
		case "transitions":
			s.Transitions, err = b.transitions(v, where)
		case "updateGameProgression":
			t, ok := truth(v)
			if !ok {
				err = b.errorf(v.pos, "%s must be true or false, not %s", where, v.describe())
			}
			s.UpdateGameProgression = t
		case "initialprivate":
			var to graph.StateID
			to, err = b.stateID(v, where)
			s.InitialPrivate = &to
		default:
			s.Extra = append(s.Extra, graph.ExtraField{Key: k, Value: graphValue(v)})
		}
		if err != nil {
			return nil, err
		}
	}
	return s, nil
}

// standardKeys are the state fields with a place in graph.State.
var standardKeys = map[string]bool{
	"name": true, "description": true, "descriptionmyturn": true, "type": true, "action": true,
	"args": true, "possibleactions": true, "transitions": true, "updateGameProgression": true, "initialprivate": true,
}

func isStandard(k string) bool { return standardKeys[k] }

func keyDesc(k pval) string {
	if k.name != "" {
		return "the constant " + k.name
	}
	return k.describe()
}

// names reads a list of strings (possibleactions).
func (b *builder) names(v pval, what string) (graph.Names, error) {
	if v.k != pArray {
		return nil, b.errorf(v.pos, "%s must be an array, not %s", what, v.describe())
	}
	out := graph.Names{}
	for _, e := range v.arr.ents {
		s, err := b.text(e.val, what+" entry")
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// transitions reads name => target pairs. An integer key (a list written
// without keys) becomes its decimal name, as PHP sees it.
func (b *builder) transitions(v pval, what string) (graph.Transitions, error) {
	if v.k != pArray {
		return nil, b.errorf(v.pos, "%s must be an array, not %s", what, v.describe())
	}
	out := graph.Transitions{}
	for _, e := range v.arr.ents {
		name, err := b.text(keyOf(e.key), what+" name")
		if err != nil {
			return nil, err
		}
		if _, dup := out.Lookup(name); dup {
			return nil, b.errorf(e.key.pos, "%s: %q is written twice (once as a constant)", what, name)
		}
		to, err := b.stateID(e.val, fmt.Sprintf("%s %q", what, name))
		if err != nil {
			return nil, err
		}
		out = append(out, graph.Transition{Name: name, To: to, Pos: e.key.pos})
	}
	return out, nil
}

// typeNames maps the well-known spellings of state type constants (after the
// prefixes in typePrefixes are removed) to BGA types.
var typeNames = map[string]graph.StateType{
	"ACTIVE_PLAYER":          graph.ActivePlayer,
	"ACTIVEPLAYER":           graph.ActivePlayer,
	"SINGLE_ACTIVE_PLAYER":   graph.ActivePlayer,
	"PLAYER":                 graph.ActivePlayer,
	"MULTIPLE_ACTIVE_PLAYER": graph.MultipleActivePlayer,
	"MULTIPLEACTIVEPLAYER":   graph.MultipleActivePlayer,
	"MULTI_ACTIVE_PLAYER":    graph.MultipleActivePlayer,
	"MULTIACTIVEPLAYER":      graph.MultipleActivePlayer,
	"MULTIPLE_ACTIVE":        graph.MultipleActivePlayer,
	"MULTI_ACTIVE":           graph.MultipleActivePlayer,
	"MULTIACTIVE":            graph.MultipleActivePlayer,
	"MULTI":                  graph.MultipleActivePlayer,
	"MULTIPLE":               graph.MultipleActivePlayer,
	"PRIVATE":                graph.Private,
	"PRIVATE_STATE":          graph.Private,
	"GAME":                   graph.Game,
	"MANAGER":                graph.Manager,
}

// typePrefixes are removed, in order, before looking a constant up in typeNames.
var typePrefixes = []string{"GAME_STATE_TYPE_", "STATE_TYPE_", "STATETYPE_", "ST_TYPE_", "TYPE_"}

// WellKnownType returns the state type a type constant of another file stands
// for: the part after "::" (StateType::GAME) or "\" is taken, "->value" is
// dropped, the prefixes GAME_STATE_TYPE_, STATE_TYPE_, STATETYPE_, ST_TYPE_ and
// TYPE_ are removed, and the rest, in upper case, is looked up: ACTIVE_PLAYER,
// ACTIVEPLAYER, SINGLE_ACTIVE_PLAYER, PLAYER → activeplayer;
// MULTIPLE_ACTIVE_PLAYER, MULTI_ACTIVE_PLAYER, MULTIACTIVE, MULTI, MULTIPLE (and
// their spellings without "_") → multipleactiveplayer; PRIVATE → private;
// GAME → game; MANAGER → manager.
func WellKnownType(name string) (graph.StateType, bool) {
	n := strings.TrimSuffix(name, "->value")
	if i := strings.LastIndex(n, "::"); i >= 0 {
		n = n[i+2:]
	}
	if i := strings.LastIndexByte(n, '\\'); i >= 0 {
		n = n[i+1:]
	}
	n = strings.ToUpper(n)
	if t, ok := typeNames[n]; ok {
		return t, true
	}
	for _, pre := range typePrefixes {
		if strings.HasPrefix(n, pre) {
			t, ok := typeNames[strings.TrimPrefix(n, pre)]
			return t, ok
		}
	}
	return "", false
}

// stateType reads a type: a string, a constant the file defines (its value is the
// type, its name is kept in TypeConst) or a well-known constant of another file.
func (b *builder) stateType(v pval, what string) (graph.StateType, string, error) {
	switch {
	case v.name != "" && v.k == pString:
		return graph.StateType(v.s), v.name, nil
	case v.k == pString:
		return graph.StateType(v.s), "", nil
	case v.k == pConst:
		t, ok := WellKnownType(v.s)
		if !ok {
			return "", "", b.errorf(v.pos, "%s: unknown state type constant %s (not defined in this file and not a well-known name)", what, v.s)
		}
		written := v.s
		if v.name != "" {
			written = v.name
		}
		// StateType::GAME->value is the enum case's string: keep the case.
		return t, strings.TrimSuffix(written, "->value"), nil
	}
	return "", "", b.errorf(v.pos, "%s must be a string or a constant, not %s", what, v.describe())
}

// graphValue converts an evaluated PHP value to a graph.Value. A value written
// as a constant stays the constant.
func graphValue(v pval) graph.Value {
	if v.name != "" {
		return graph.Value{Kind: graph.ConstValue, Str: v.name}
	}
	switch v.k {
	case pBool:
		return graph.Value{Kind: graph.BoolValue, Bool: v.b}
	case pInt:
		return graph.Value{Kind: graph.IntValue, Int: v.i}
	case pFloat:
		return graph.Value{Kind: graph.FloatValue, Float: v.f}
	case pString:
		return graph.Value{Kind: graph.StringValue, Str: v.s}
	case pConst:
		return graph.Value{Kind: graph.ConstValue, Str: v.s}
	case pArray, pBuilder:
		if isList(v.arr) {
			out := graph.Value{Kind: graph.ListValue, List: []graph.Value{}}
			for _, e := range v.arr.ents {
				out.List = append(out.List, graphValue(e.val))
			}
			return out
		}
		out := graph.Value{Kind: graph.MapValue, Map: []graph.MapEntry{}}
		for _, e := range v.arr.ents {
			out.Map = append(out.Map, graph.MapEntry{Key: graphValue(keyOf(e.key)), Value: graphValue(e.val)})
		}
		return out
	}
	return graph.Value{}
}

// keyOf normalises an array key as PHP stores it: integer-like strings,
// booleans and floats become integers.
func keyOf(k pval) pval {
	if k.name != "" || k.k == pConst {
		return k
	}
	if n, ok := intOf(k); ok {
		return pval{k: pInt, i: n, pos: k.pos}
	}
	if k.k == pFloat {
		return pval{k: pInt, i: int64(k.f), pos: k.pos}
	}
	if k.k == pNull {
		return pval{k: pString, pos: k.pos}
	}
	return k
}

// isList reports whether an array's keys are 0, 1, 2, ... in order.
func isList(a *parray) bool {
	for i, e := range a.ents {
		if e.key.name != "" {
			return false
		}
		n, ok := intOf(e.key)
		if !ok || n != int64(i) {
			return false
		}
	}
	return true
}
