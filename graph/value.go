package graph

import (
	"fmt"
	"strconv"

	"go.yaml.in/yaml/v3"
)

// ValueKind says which field of a [Value] is in use.
type ValueKind int

// The kinds of [Value].
const (
	NullValue   ValueKind = iota
	BoolValue             // Bool
	IntValue              // Int
	FloatValue            // Float
	StringValue           // Str
	ConstValue            // Str: a symbolic PHP constant, e.g. "ST_END" or "Foo::BAR"
	ListValue             // List
	MapValue              // Map, in source order
)

// Value is a literal data value: a PHP array entry of an imported file kept as it
// was written (non-standard state keys), or a variable's initial value. Constants
// stay symbolic. In YAML a constant is written with the tag "!const".
type Value struct {
	Kind  ValueKind
	Bool  bool
	Int   int64
	Float float64
	Str   string
	List  []Value
	Map   []MapEntry
}

// MapEntry is one key/value pair of a map [Value]. PHP keys are integers or
// strings; Key keeps which.
type MapEntry struct {
	Key   Value
	Value Value
}

// String renders v in a compact PHP-like form for display.
func (v Value) String() string {
	switch v.Kind {
	case BoolValue:
		return strconv.FormatBool(v.Bool)
	case IntValue:
		return strconv.FormatInt(v.Int, 10)
	case FloatValue:
		return strconv.FormatFloat(v.Float, 'g', -1, 64)
	case StringValue:
		return strconv.Quote(v.Str)
	case ConstValue:
		return v.Str
	case ListValue:
		s := "["
		for i, it := range v.List {
			if i > 0 {
				s += ", "
			}
			s += it.String()
		}
		return s + "]"
	case MapValue:
		s := "["
		for i, e := range v.Map {
			if i > 0 {
				s += ", "
			}
			s += e.Key.String() + " => " + e.Value.String()
		}
		return s + "]"
	}
	return "null"
}

// MarshalYAML writes v as the matching YAML node.
func (v Value) MarshalYAML() (any, error) { return v.node(), nil }

func (v Value) node() *yaml.Node {
	scalar := func(tag, s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: s} }
	switch v.Kind {
	case BoolValue:
		return scalar("!!bool", strconv.FormatBool(v.Bool))
	case IntValue:
		return scalar("!!int", strconv.FormatInt(v.Int, 10))
	case FloatValue:
		s := strconv.FormatFloat(v.Float, 'g', -1, 64)
		if _, err := strconv.Atoi(s); err == nil {
			s += ".0"
		}
		return scalar("!!float", s)
	case StringValue:
		return strNode(v.Str)
	case ConstValue:
		n := scalar("!const", v.Str)
		n.Style = yaml.TaggedStyle
		return n
	case ListValue:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for _, it := range v.List {
			n.Content = append(n.Content, it.node())
		}
		return n
	case MapValue:
		n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		for _, e := range v.Map {
			n.Content = append(n.Content, e.Key.node(), e.Value.node())
		}
		return n
	}
	return scalar("!!null", "null")
}

// UnmarshalYAML reads any YAML node into v.
func (v *Value) UnmarshalYAML(n *yaml.Node) error {
	var err error
	*v, err = valueOf(n)
	return err
}

func valueOf(n *yaml.Node) (Value, error) {
	bad := func() (Value, error) {
		return Value{}, &PosError{Pos: nodePos(n), Msg: fmt.Sprintf("cannot read %q as a value", n.Value)}
	}
	switch n.Kind {
	case yaml.AliasNode:
		return valueOf(n.Alias)
	case yaml.SequenceNode:
		out := Value{Kind: ListValue, List: []Value{}}
		for _, c := range n.Content {
			it, err := valueOf(c)
			if err != nil {
				return Value{}, err
			}
			out.List = append(out.List, it)
		}
		return out, nil
	case yaml.MappingNode:
		out := Value{Kind: MapValue, Map: []MapEntry{}}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, err := valueOf(n.Content[i])
			if err != nil {
				return Value{}, err
			}
			val, err := valueOf(n.Content[i+1])
			if err != nil {
				return Value{}, err
			}
			out.Map = append(out.Map, MapEntry{Key: k, Value: val})
		}
		return out, nil
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!const":
			return Value{Kind: ConstValue, Str: n.Value}, nil
		case "!!null":
			return Value{}, nil
		case "!!bool":
			b, err := strconv.ParseBool(n.Value)
			if err != nil {
				var yb bool
				if n.Decode(&yb) != nil {
					return bad()
				}
				b = yb
			}
			return Value{Kind: BoolValue, Bool: b}, nil
		case "!!int":
			var i int64
			if n.Decode(&i) != nil {
				return bad()
			}
			return Value{Kind: IntValue, Int: i}, nil
		case "!!float":
			var f float64
			if n.Decode(&f) != nil {
				return bad()
			}
			return Value{Kind: FloatValue, Float: f}, nil
		case "!!str":
			return Value{Kind: StringValue, Str: n.Value}, nil
		}
	}
	return bad()
}

// ExtraField is one non-standard key of an imported state, kept with its value.
type ExtraField struct {
	Key   string
	Value Value
}

// Extra is the ordered list of a state's non-standard keys. In YAML it is a
// mapping in source order.
type Extra []ExtraField

// MarshalYAML writes the fields as an ordered mapping.
func (e Extra) MarshalYAML() (any, error) {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for _, f := range e {
		n.Content = append(n.Content, strNode(f.Key), f.Value.node())
	}
	return n, nil
}

// UnmarshalYAML reads an ordered mapping of key to value.
func (e *Extra) UnmarshalYAML(n *yaml.Node) error {
	return eachPair(n, "extra", func(k, v *yaml.Node) error {
		val, err := valueOf(v)
		if err != nil {
			return err
		}
		*e = append(*e, ExtraField{Key: k.Value, Value: val})
		return nil
	})
}
