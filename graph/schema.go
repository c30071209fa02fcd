package graph

import (
	"encoding/json"
	"fmt"

	"github.com/invopop/jsonschema"
	orderedmap "github.com/pb33f/ordered-map/v2"
)

// Schema returns the JSON Schema (draft 2020-12) of the rule pack format,
// generated from the Go types of this package by github.com/invopop/jsonschema.
// The types with custom YAML forms describe those forms through JSONSchema and
// JSONSchemaAlias methods (this file), so the schema matches the YAML the studio
// reads and writes: ordered mappings are objects, a state id is an integer or a
// string, code is a string, a position is [x, y].
//
// The top level requires no key, so that each document of a split pack (see
// [Documents]), which holds only some of the keys, validates on its own; [Parse]
// still requires "format".
func Schema() ([]byte, error) {
	r := &jsonschema.Reflector{
		FieldNameTag:   "yaml",
		ExpandedStruct: true,
	}
	s := r.Reflect(&Pack{})
	s.ID = "https://github.com/rulestudio/studio/graph/pack.schema.json"
	s.Title = "Rule Studio rule pack"
	s.Description = fmt.Sprintf("A rule pack of format %d, or one document of a split pack (pack.yaml, states.yaml, object_types/NAME.yaml, ...).", FormatVersion)
	s.Required = nil
	out, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	return append(out, '\n'), nil
}

func props(kv ...any) *orderedmap.OrderedMap[string, *jsonschema.Schema] {
	m := orderedmap.New[string, *jsonschema.Schema]()
	for i := 0; i+1 < len(kv); i += 2 {
		m.Set(kv[i].(string), kv[i+1].(*jsonschema.Schema))
	}
	return m
}

func stringSchema(desc string) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "string", Description: desc}
}

// JSONSchema describes a state id: an integer or a constant's name.
func (StateID) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Description: "a state id: an integer, or the name of a constant",
		OneOf: []*jsonschema.Schema{
			{Type: "integer"},
			{Type: "string", MinLength: ptr(uint64(1))},
		},
	}
}

// JSONSchema describes code: Starlark source or a BGA function name, as a string.
func (Code) JSONSchema() *jsonschema.Schema {
	return stringSchema("Starlark source, or the name of a function of the pack's scripts")
}

// JSONSchema describes a value: any YAML value; "!const NAME" is a symbolic
// constant.
func (Value) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{Description: "a literal value (scalar, list or mapping); !const NAME is a symbolic constant"}
}

// JSONSchema describes a point: [x, y].
func (Point) JSONSchema() *jsonschema.Schema {
	num := &jsonschema.Schema{Type: "number"}
	return &jsonschema.Schema{
		Type:        "array",
		Description: "a canvas position [x, y]",
		PrefixItems: []*jsonschema.Schema{num, num},
		MinItems:    ptr(uint64(2)),
		MaxItems:    ptr(uint64(2)),
	}
}

// JSONSchema describes names: a list of strings.
func (Names) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "array", Items: &jsonschema.Schema{Type: "string"}}
}

// JSONSchema describes parameters: a mapping of name to type name or to a
// parameter.
func (Params) JSONSchema() *jsonschema.Schema {
	param := &jsonschema.Schema{
		Type: "object",
		Properties: props(
			"type", stringSchema("int, float, bool, string, player, object, list"),
			"domain", Code{}.JSONSchema(),
			"default", Value{}.JSONSchema(),
		),
		Required:             []string{"type"},
		AdditionalProperties: jsonschema.FalseSchema,
	}
	return &jsonschema.Schema{
		Type:                 "object",
		Description:          "parameters by name: a type name, or {type, domain, default}",
		AdditionalProperties: &jsonschema.Schema{OneOf: []*jsonschema.Schema{stringSchema("the type"), param}},
	}
}

// JSONSchemaAlias describes constants as a mapping of name to value.
func (Constants) JSONSchemaAlias() any { return map[string]Value{} }

// JSONSchema describes transitions: a mapping of name to state id, or to
// {to: id, inferred: bool} for a transition inferred from code.
func (Transitions) JSONSchema() *jsonschema.Schema {
	long := &jsonschema.Schema{
		Type: "object",
		Properties: props(
			"to", StateID{}.JSONSchema(),
			"inferred", &jsonschema.Schema{Type: "boolean", Description: "taken by the state's code without being declared (BGA State classes)"},
		),
		Required:             []string{"to"},
		AdditionalProperties: jsonschema.FalseSchema,
	}
	return &jsonschema.Schema{
		Type:                 "object",
		Description:          "transitions by name: the target state id, or {to, inferred}",
		AdditionalProperties: &jsonschema.Schema{OneOf: []*jsonschema.Schema{StateID{}.JSONSchema(), long}},
	}
}

// JSONSchemaAlias describes actions as a mapping of name to action.
func (Actions) JSONSchemaAlias() any { return map[string]*Action{} }

// JSONSchemaAlias describes object types as a mapping of name to type.
func (ObjectTypes) JSONSchemaAlias() any { return map[string]*ObjectType{} }

// JSONSchemaAlias describes variables as a mapping of name to variable.
func (Variables) JSONSchemaAlias() any { return map[string]*Variable{} }

// JSONSchemaAlias describes properties as a mapping of name to body.
func (Properties) JSONSchemaAlias() any { return map[string]Code{} }

// JSONSchemaAlias describes methods as a mapping of name to method.
func (Methods) JSONSchemaAlias() any { return map[string]*Method{} }

// JSONSchemaAlias describes scripts as a mapping of name to source.
func (Scripts) JSONSchemaAlias() any { return map[string]Code{} }

// JSONSchemaAlias describes boards as a mapping of name to board.
func (Boards) JSONSchemaAlias() any { return map[string]*Board{} }

// JSONSchemaAlias describes extra fields as a mapping of key to value.
func (Extra) JSONSchemaAlias() any { return map[string]Value{} }

// JSONSchema describes the visibility section: four mappings of name to
// the words each takes.
func (Visibility) JSONSchema() *jsonschema.Schema {
	words := func(desc string, ws []string) *jsonschema.Schema {
		enum := make([]any, len(ws))
		for i, w := range ws {
			enum[i] = w
		}
		return &jsonschema.Schema{Type: "object", Description: desc, AdditionalProperties: &jsonschema.Schema{Type: "string", Enum: enum}}
	}
	return &jsonschema.Schema{
		Type:        "object",
		Description: "what each seat sees; a name left out keeps its default (hand: owner, deck: count, given: count, other locations everyone; object zones everyone; variables and tags public)",
		Properties: props(
			"locations", words("deck location -> who sees its cards' faces", LocationWords),
			"zones", words("object zone (the value of an object's zone variable) -> who sees its objects' faces (owner: the seat the controller variable names)", LocationWords),
			"variables", words("variable name (game, player or object) -> public or private to its owner", PrivacyWords),
			"tags", words("tag name -> public or private to the controller of the object that has it", PrivacyWords),
		),
		AdditionalProperties: jsonschema.FalseSchema,
	}
}

func ptr[T any](v T) *T { return &v }

// JSONSchema describes the display section (display.go): how cards,
// objects and boards read, which variables are shown and where each
// location lies.
func (Display) JSONSchema() *jsonschema.Schema {
	enum := func(ws []string) []any {
		out := make([]any, len(ws))
		for i, w := range ws {
			out[i] = w
		}
		return out
	}
	color := &jsonschema.Schema{Type: "string", Description: "#rgb, #rrggbb or a colour name", AnyOf: []*jsonschema.Schema{
		{Pattern: `^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`}, {Enum: enum(ColorNames)}}}
	image := &jsonschema.Schema{Type: "string", Description: "a path beside the pack of an .svg or .png file", Pattern: `(?i)\.(svg|png)$`}
	face := &jsonschema.Schema{Description: "its text, or {text, color}", OneOf: []*jsonschema.Schema{
		{Type: "string"}, {Type: "number"},
		{Type: "object", Properties: props("text", &jsonschema.Schema{Type: "string"}, "color", color), AdditionalProperties: jsonschema.FalseSchema},
	}}
	faces := func(desc string) *jsonschema.Schema {
		return &jsonschema.Schema{Type: "object", Description: desc, AdditionalProperties: face}
	}
	list := func(desc string) *jsonschema.Schema {
		return &jsonschema.Schema{Type: "array", Description: desc, Items: &jsonschema.Schema{Type: "string"}}
	}
	obj := func(desc string, ps *orderedmap.OrderedMap[string, *jsonschema.Schema]) *jsonschema.Schema {
		return &jsonschema.Schema{Type: "object", Description: desc, Properties: ps, AdditionalProperties: jsonschema.FalseSchema}
	}
	mapOf := func(desc string, of *jsonschema.Schema) *jsonschema.Schema {
		return &jsonschema.Schema{Type: "object", Description: desc, AdditionalProperties: of}
	}
	return obj("how the table is drawn; every part optional (docs/pack-format.md, Display hints)", props(
		"cards", mapOf("deck -> how its cards read", obj("", props(
			"types", faces("card type -> text and colour (a suit)"),
			"args", faces("type_arg -> text (a rank); others read as their number"),
			"image", image))),
		"objects", mapOf("object type (or * for every type) -> how its objects read", obj("", props(
			"title", stringSchema("the variable that names the object (default: name)"),
			"stats", list("variables or properties shown as stats (default: power, toughness)"),
			"image", image))),
		"boards", mapOf("board -> how its cells read", obj("", props(
			"color", color,
			"cells", faces("cell value -> glyph and colour (a colour alone is a disc)")))),
		"variables", obj("variables drawn on the table (default: every public one)", props(
			"game", list("game variables, in the centre"),
			"player", list("player variables, in each player's area"))),
		"locations", mapOf("deck location or object zone -> where it lies", obj("", props(
			"at", &jsonschema.Schema{Type: "string", Enum: enum(AtWords)},
			"as", &jsonschema.Schema{Type: "string", Enum: enum(AsWords)}))),
	))
}
