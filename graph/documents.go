package graph

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// DocumentKind says which part of a pack a [Document] holds.
type DocumentKind string

// The kinds of [Document], in the order [Documents] returns them.
const (
	PackDoc       DocumentKind = "pack"        // pack.yaml: format, name, players, constants and the other header keys
	StatesDoc     DocumentKind = "states"      // states.yaml: the state graph
	ActionsDoc    DocumentKind = "actions"     // actions.yaml: the player actions
	ObjectTypeDoc DocumentKind = "object_type" // object_types/NAME.yaml: one object type
	ScriptDoc     DocumentKind = "script"      // scripts/NAME.yaml: one shared script
	EditorDoc     DocumentKind = "editor"      // editor.yaml: node positions (the project keeps them in its layout table instead)
)

// Document is one part of a rule pack as canonical YAML. Each document is a
// fragment of the one-document form of the pack: a mapping holding some of its
// top-level keys (pack.yaml holds "format", "pack", ...; states.yaml holds
// "states"; object_types/creature.yaml holds "object_types" with the single entry
// "creature"). Concatenating the fragments' keys gives the whole pack back.
type Document struct {
	Kind DocumentKind
	Name string // the object type's or script's name; empty for the other kinds
	Path string // stable, slash-separated file name: "pack.yaml", "object_types/creature.yaml"; errors of JoinDocuments name it
	YAML []byte // canonical YAML text of the fragment
}

// SchemaFile is the file name of the JSON Schema that a folder export
// (packfile.WriteDir) holds next to the pack and that exported YAML files
// reference in their first line.
const SchemaFile = "pack.schema.json"

// SchemaComment returns the first line of an exported YAML file: the comment that
// tells editors (yaml-language-server) which JSON Schema validates the file. ref
// is a URL or a path relative to the file.
func SchemaComment(ref string) string {
	return "# yaml-language-server: $schema=" + ref + "\n"
}

// Pack keys that have a document of their own; every other top-level key belongs
// to pack.yaml.
const (
	keyStates      = "states"
	keyActions     = "actions"
	keyObjectTypes = "object_types"
	keyScripts     = "scripts"
	keyEditor      = "editor"
)

// Documents splits p into its documents, in a stable order: pack.yaml,
// states.yaml, actions.yaml (when p has actions), one document per object type
// and per script in the pack's order, and editor.yaml (when p has editor
// positions). Each document is the canonical YAML ([Marshal]) of its keys, so
// equal packs give byte-equal documents, and the documents of a pack with at
// most one object type and one script, concatenated, are its canonical YAML.
func Documents(p *Pack) ([]Document, error) {
	pv := reflect.ValueOf(p).Elem()
	var docs []Document
	add := func(kind DocumentKind, name, path string, v reflect.Value) error {
		text, err := encodeDoc(v.Interface())
		if err != nil {
			return fmt.Errorf("documents: %s: %w", path, err)
		}
		if string(text) == "{}\n" {
			return nil // every key omitted (empty)
		}
		docs = append(docs, Document{Kind: kind, Name: name, Path: path, YAML: text})
		return nil
	}
	// pack.yaml: every key without a document of its own, in field order.
	hv := reflect.New(docTypes.header).Elem()
	for j, i := range docTypes.headerIdx {
		hv.Field(j).Set(pv.Field(i))
	}
	if err := add(PackDoc, "", "pack.yaml", hv); err != nil {
		return nil, err
	}
	one := func(key string, v reflect.Value) reflect.Value {
		s := reflect.New(docTypes.single[key]).Elem()
		s.Field(0).Set(v)
		return s
	}
	if err := add(StatesDoc, "", "states.yaml", one(keyStates, pv.Field(packFields[keyStates]))); err != nil {
		return nil, err
	}
	if err := add(ActionsDoc, "", "actions.yaml", one(keyActions, pv.Field(packFields[keyActions]))); err != nil {
		return nil, err
	}
	for _, key := range []string{keyObjectTypes, keyScripts} {
		kind, dir := ObjectTypeDoc, "object_types/"
		if key == keyScripts {
			kind, dir = ScriptDoc, "scripts/"
		}
		list := pv.Field(packFields[key])
		names := make([]string, list.Len())
		for i := range names {
			names[i] = reflect.Indirect(list.Index(i)).FieldByName("Name").String()
		}
		files := fileNames(names)
		for i := range names {
			if err := add(kind, names[i], dir+files[i]+".yaml", one(key, list.Slice(i, i+1))); err != nil {
				return nil, err
			}
		}
	}
	if err := add(EditorDoc, "", "editor.yaml", one(keyEditor, pv.Field(packFields[keyEditor]))); err != nil {
		return nil, err
	}
	return docs, nil
}

// docTypes are struct types holding some of Pack's fields with the same tags,
// so that encoding one gives exactly those keys of the canonical YAML.
var docTypes = func() (d struct {
	header    reflect.Type
	headerIdx []int
	single    map[string]reflect.Type
}) {
	t := reflect.TypeOf(Pack{})
	var fields []reflect.StructField
	d.single = map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "" || name == "-" {
			continue
		}
		sf := reflect.StructField{Name: f.Name, Type: f.Type, Tag: f.Tag}
		switch name {
		case keyStates, keyActions, keyObjectTypes, keyScripts, keyEditor:
			d.single[name] = reflect.StructOf([]reflect.StructField{sf})
		default:
			fields = append(fields, sf)
			d.headerIdx = append(d.headerIdx, i)
		}
	}
	d.header = reflect.StructOf(fields)
	return d
}()

// encodeDoc writes v as canonical YAML (the settings of [Marshal]).
func encodeDoc(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Check reports whether the document's YAML reads back as a part of a pack
// (unknown keys, wrong shapes and bad values are errors naming d.Path).
func (d Document) Check() error {
	var m merger
	return m.add(d.YAML, d.Path)
}

// fileNames gives each name a file name (without extension) that is safe on
// every file system and unique ignoring case: the name with characters other
// than letters, digits, '-', '_' and '.' replaced by '_', and "-2", "-3"...
// appended on a clash. Names are assigned in sorted order, so a name's file does
// not depend on the order of the list.
func fileNames(names []string) []string {
	idx := make([]int, len(names))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return names[idx[a]] < names[idx[b]] })
	out := make([]string, len(names))
	used := make(map[string]bool, len(names))
	for _, i := range idx {
		base := safeName(names[i])
		name := base
		for k := 2; used[strings.ToLower(name)]; k++ {
			name = fmt.Sprintf("%s-%d", base, k)
		}
		used[strings.ToLower(name)] = true
		out[i] = name
	}
	return out
}

func safeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	name := b.String()
	if name == "" || name[0] == '.' {
		name = "_" + name
	}
	return name
}

// JoinDocuments reads a pack back from its documents (as [Documents] gives them,
// in any order of object types and scripts). Errors name the document's Path and
// the line in it.
func JoinDocuments(docs []Document) (*Pack, error) {
	var m merger
	for _, d := range docs {
		if err := m.add(d.YAML, d.Path); err != nil {
			return nil, err
		}
	}
	return m.finish("")
}

// WriteMultiDoc writes p as one multi-document YAML file: a schema comment (see
// [SchemaComment]; it references [SchemaFile] next to the file), then the
// documents of [Documents] separated by "---" lines.
func WriteMultiDoc(w io.Writer, p *Pack) error {
	docs, err := Documents(p)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.WriteString(SchemaComment(SchemaFile))
	for i, d := range docs {
		if i > 0 {
			buf.WriteString("---\n")
		}
		buf.Write(d.YAML)
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// ReadMultiDoc reads a pack from YAML text holding one document (the form of
// [Marshal]) or several (the form of [WriteMultiDoc]). file names the text in
// errors and becomes the pack's Source. Errors are *PosError values with lines
// counted from the start of the file.
func ReadMultiDoc(data []byte, file string) (*Pack, error) {
	var m merger
	if err := m.add(data, file); err != nil {
		return nil, err
	}
	return m.finish(file)
}

// merger joins pack fragments: each top-level key may be given once, except that
// object types and scripts may be spread over several documents (each name once).
type merger struct {
	pack  Pack
	seen  map[string]string // key -> "file:line" where it was given
	names map[string]string // "object_types/NAME" -> "file:line"
}

// packFields maps each top-level YAML key of Pack to its field index.
var packFields = func() map[string]int {
	m := map[string]int{}
	t := reflect.TypeOf(Pack{})
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if name != "" && name != "-" {
			m[name] = i
		}
	}
	return m
}()

// add reads every YAML document of data (named file in errors) into the pack.
func (m *merger) add(data []byte, file string) error {
	if err := CheckUTF8(data, file); err != nil {
		return err
	}
	if m.seen == nil {
		m.seen, m.names = map[string]string{}, map[string]string{}
	}
	// Two decoders in lock step over the same text: one keeps the nodes (to know
	// which keys a document gives, with their lines), the other decodes into the
	// model with unknown keys refused.
	nodes := yaml.NewDecoder(bytes.NewReader(data))
	typed := yaml.NewDecoder(bytes.NewReader(data))
	lines := bytes.Split(data, []byte("\n")) // the decoders count lines from the start of data
	typed.KnownFields(true)
	for {
		var doc yaml.Node
		err := nodes.Decode(&doc)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return yamlError(file, err, data)
		}
		if aliasBomb(&doc) {
			return &PosError{File: file, Pos: nodePos(&doc), Msg: fmt.Sprintf("the document's aliases expand to more than %d values", maxExpandedNodes)}
		}
		var frag Pack
		terr := typed.Decode(&frag)
		if len(doc.Content) == 0 {
			continue // an empty document
		}
		top := doc.Content[0]
		if top.Kind != yaml.MappingNode {
			return &PosError{File: file, Pos: nodePos(top), Msg: "a rule pack document must be a mapping"}
		}
		if terr != nil {
			return yamlError(file, terr, data)
		}
		fixBlockColumns(reflect.ValueOf(&frag), lines)
		fv := reflect.ValueOf(&frag).Elem()
		pv := reflect.ValueOf(&m.pack).Elem()
		for i := 0; i+1 < len(top.Content); i += 2 {
			k, v := top.Content[i], top.Content[i+1]
			at := fmt.Sprintf("%s:%d", file, k.Line)
			idx, ok := packFields[k.Value]
			if !ok { // the typed decoder refuses unknown keys first; keep the check
				return &PosError{File: file, Pos: nodePos(k), Msg: fmt.Sprintf("unknown key %q", k.Value)}
			}
			if k.Value == keyObjectTypes || k.Value == keyScripts {
				for j := 0; j+1 < len(v.Content); j += 2 {
					name := k.Value + "/" + v.Content[j].Value
					if prev, dup := m.names[name]; dup {
						return &PosError{File: file, Pos: nodePos(v.Content[j]), Msg: fmt.Sprintf("%s %q is defined twice (first at %s)", k.Value, v.Content[j].Value, prev)}
					}
					m.names[name] = fmt.Sprintf("%s:%d", file, v.Content[j].Line)
				}
				pv.Field(idx).Set(reflect.AppendSlice(pv.Field(idx), fv.Field(idx)))
				continue
			}
			if prev, dup := m.seen[k.Value]; dup {
				return &PosError{File: file, Pos: nodePos(k), Msg: fmt.Sprintf("%q is defined twice (first at %s)", k.Value, prev)}
			}
			m.seen[k.Value] = at
			pv.Field(idx).Set(fv.Field(idx))
		}
	}
}

// maxExpandedNodes bounds the values a document's aliases add when they are
// expanded, so that a small file of nested aliases (a "billion laughs")
// cannot make the reader build an enormous value. The values written out
// are not counted: the file size limit (internal/input) bounds those, and a
// 100,000-state pack without an alias has some millions of them.
var maxExpandedNodes = 1_000_000

// aliasBomb reports whether the aliases of doc add more than
// maxExpandedNodes values to it when expanded.
func aliasBomb(doc *yaml.Node) bool {
	own, aliases := countNodes(doc)
	if aliases == 0 {
		return false
	}
	bound := own + maxExpandedNodes
	return expandedSize(doc, map[*yaml.Node]int{}, bound) > bound
}

// countNodes counts the nodes of the tree n as written, and its aliases.
func countNodes(n *yaml.Node) (nodes, aliases int) {
	if n == nil {
		return 0, 0
	}
	nodes = 1
	if n.Kind == yaml.AliasNode {
		aliases = 1
	}
	for _, c := range n.Content {
		a, b := countNodes(c)
		nodes, aliases = nodes+a, aliases+b
	}
	return nodes, aliases
}

// expandedSize counts the nodes of n with every alias replaced by what it names,
// saturating above bound.
func expandedSize(n *yaml.Node, memo map[*yaml.Node]int, bound int) int {
	if n == nil {
		return 0
	}
	if v, ok := memo[n]; ok {
		return v
	}
	memo[n] = bound + 1 // a cycle counts as too big
	size := 1
	if n.Kind == yaml.AliasNode {
		size += expandedSize(n.Alias, memo, bound)
	}
	for _, c := range n.Content {
		size += expandedSize(c, memo, bound)
		if size > bound {
			break
		}
	}
	size = min(size, bound+1)
	memo[n] = size
	return size
}

// finish checks the joined pack as [Parse] does and sets its Source.
func (m *merger) finish(source string) (*Pack, error) {
	p := m.pack
	if p.Format == 0 {
		return nil, &PosError{File: source, Msg: `missing "format" (the rule pack format version)`}
	}
	if p.Format > FormatVersion {
		return nil, &PosError{File: source, Msg: fmt.Sprintf("rule pack format %d is newer than this studio reads (%d)", p.Format, FormatVersion)}
	}
	p.Source = source
	return &p, nil
}
