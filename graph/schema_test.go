package graph

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
)

// compileSchema compiles the generated schema with an independent validator.
func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	data, err := Schema()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("pack.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("pack.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// yamlToJSON turns one YAML document into the JSON value a YAML language server
// validates: tags such as !const are dropped, scalars keep their YAML types.
func yamlToJSON(t *testing.T, n *yaml.Node) any {
	t.Helper()
	switch n.Kind {
	case yaml.DocumentNode:
		return yamlToJSON(t, n.Content[0])
	case yaml.AliasNode:
		return yamlToJSON(t, n.Alias)
	case yaml.MappingNode:
		m := map[string]any{}
		var merges []*yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := n.Content[i]; k.Value == "<<" && k.Tag == "!!merge" {
				merges = append(merges, n.Content[i+1])
				continue
			}
			m[n.Content[i].Value] = yamlToJSON(t, n.Content[i+1])
		}
		// YAML merge keys (<<: *base) add the keys the mapping lacks.
		for _, v := range merges {
			srcs := []*yaml.Node{v}
			if v.Kind == yaml.SequenceNode {
				srcs = v.Content
			}
			for _, src := range srcs {
				if from, ok := yamlToJSON(t, src).(map[string]any); ok {
					for k, val := range from {
						if _, set := m[k]; !set {
							m[k] = val
						}
					}
				}
			}
		}
		return m
	case yaml.SequenceNode:
		l := []any{}
		for _, c := range n.Content {
			l = append(l, yamlToJSON(t, c))
		}
		return l
	}
	if n.Tag == "!const" {
		return n.Value
	}
	var v any
	if err := n.Decode(&v); err != nil {
		t.Fatal(err)
	}
	// Through JSON, so numbers are the validator's json.Number-free float64s.
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// validateYAML validates every document of a YAML text against s.
func validateYAML(t *testing.T, s *jsonschema.Schema, name string, data []byte) {
	t.Helper()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for i := 0; ; i++ {
		var n yaml.Node
		if err := dec.Decode(&n); err != nil {
			break
		}
		if err := s.Validate(yamlToJSON(t, &n)); err != nil {
			t.Errorf("%s: document %d: %v", name, i+1, err)
		}
	}
}

func TestSchemaValidatesPacks(t *testing.T) {
	s := compileSchema(t)
	files, _ := filepath.Glob("testdata/*.yaml")
	// The bundled examples, wherever under assets/ they live.
	_ = filepath.WalkDir("../assets", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".yaml") {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("no pack to validate")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ReadMultiDoc(data, f)
		if err != nil {
			continue // not a rule pack (a fixture of another test)
		}
		validateYAML(t, s, f, data)
		// The exported forms validate too, document by document.
		var buf bytes.Buffer
		if err := WriteMultiDoc(&buf, p); err != nil {
			t.Fatal(err)
		}
		validateYAML(t, s, f+" (multi-doc)", buf.Bytes())
		t.Logf("%s: valid", f)
	}
}

func TestSchemaRefusesWrongShapes(t *testing.T) {
	s := compileSchema(t)
	tests := []struct{ name, src, want string }{
		{"unknown key", "format: 1\nstatez: []\n", "additional properties 'statez' not allowed"},
		{"state id", "states:\n  - {id: [1], name: a, type: game}\n", "'oneOf' failed"},
		{"point", "editor:\n  positions:\n    \"1\": [1, 2, 3]\n", "maxItems"},
		{"transitions", "states:\n  - {id: 1, name: a, type: game, transitions: [a]}\n", "want object"},
		{"visibility word", "visibility:\n  locations:\n    removed: hidden\n", "value must be one of"},
		{"display at", "display:\n  locations:\n    hand: {at: left}\n", "value must be one of"},
		{"display colour", "display:\n  boards:\n    board: {color: reddish}\n", "anyOf"},
		{"state name missing", "states:\n  - {id: 1, type: game}\n", "missing property 'name'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var n yaml.Node
			if err := yaml.Unmarshal([]byte(tt.src), &n); err != nil {
				t.Fatal(err)
			}
			err := s.Validate(yamlToJSON(t, &n))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want %q", err, tt.want)
			}
		})
	}
}
