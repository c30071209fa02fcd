package forms

import (
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/rulestudio/studio/graph"
)

// The fields of a clause card, one function per kind (makeClauseKinds
// names them), and the literal values variables and parameters hold,
// typed as one line of YAML.

func whileFields(f *Form, h clauseHost, i int, at func(p *graph.Pack) (*graph.While, bool), field func(string) string) {
	clauseCode(f, h, "condition", field("condition"), at, func(w *graph.While) *graph.Code { return &w.Condition }, 1, i, "while")
	clauseCode(f, h, "selector", field("selector"), at, func(w *graph.While) *graph.Code { return &w.Selector }, 1, i, "while")
	t := f.text("target", h.path+field("target"), h.key+field("target"), false, func(p *graph.Pack) (string, bool) {
		w, ok := at(p)
		if !ok {
			return "", false
		}
		return strings.Join(w.Target, ", "), true
	}, func(p *graph.Pack, v string) (graph.Edit, error) {
		return h.edit(p, field("target"), func(c *graph.Clauses) {
			if w, ok := clauseAt[*graph.While](c, "while", i); ok {
				w.Target = splitNames(v)
			}
		})
	})
	t.SetPlaceHolder("properties or methods, comma-separated")
	clauseCode(f, h, "wrapper", field("wrapper"), at, func(w *graph.While) *graph.Code { return &w.Wrapper }, 2, i, "while")
}

func triggerFields(f *Form, h clauseHost, i int, at func(p *graph.Pack) (*graph.Trigger, bool), field func(string) string) {
	key := strings.SplitN(field(""), "/", 2)[0]
	clauseCode(f, h, "condition", field("condition"), at, func(t *graph.Trigger) *graph.Code { return &t.Condition }, 1, i, key)
	clauseCode(f, h, "body", field("body"), at, func(t *graph.Trigger) *graph.Code { return &t.Body }, 2, i, key)
}

func propertyFields(f *Form, h clauseHost, i int, at func(p *graph.Pack) (*graph.Property, bool), field func(string) string) {
	clauseCode(f, h, "body", field("body"), at, func(p *graph.Property) *graph.Code { return &p.Body }, 1, i, "properties")
}

func methodFields(f *Form, h clauseHost, i int, at func(p *graph.Pack) (*graph.Method, bool), field func(string) string) {
	paramRows(f, "params", h.key, h.path+field("params"), methodParam, func(p *graph.Pack) *graph.Params {
		if m, ok := at(p); ok {
			return &m.Params
		}
		return nil
	}, func(p *graph.Pack, fld string, change func(ps *graph.Params)) (graph.Edit, error) {
		return h.edit(p, strings.TrimPrefix(fld, h.path), func(c *graph.Clauses) {
			if m, ok := clauseAt[*graph.Method](c, "methods", i); ok {
				change(&m.Params)
			}
		})
	})
	clauseCode(f, h, "body", field("body"), at, func(m *graph.Method) *graph.Code { return &m.Body }, 2, i, "methods")
}

func variableFields(f *Form, h clauseHost, i int, at func(p *graph.Pack) (*graph.Variable, bool), field func(string) string) {
	set := func(fld string, write func(v *graph.Variable, s string) error) Setter {
		return func(p *graph.Pack, s string) (graph.Edit, error) {
			var werr error
			ed, err := h.edit(p, field(fld), func(c *graph.Clauses) {
				if v, ok := clauseAt[*graph.Variable](c, "variables", i); ok {
					werr = write(v, s)
				}
			})
			if werr != nil {
				return nil, werr
			}
			return ed, err
		}
	}
	f.choice("type", h.path+field("type"), func(*graph.Pack) []string { return variableTypes }, func(p *graph.Pack) (string, bool) {
		v, ok := at(p)
		if !ok {
			return "", false
		}
		return v.Type, true
	}, set("type", func(v *graph.Variable, s string) error { v.Type = s; return nil }))
	val := f.text("value", h.path+field("value"), h.key+field("value"), false, func(p *graph.Pack) (string, bool) {
		v, ok := at(p)
		if !ok {
			return "", false
		}
		return valueText(v.Value), true
	}, set("value", func(v *graph.Variable, s string) error {
		val, err := parseValue(s)
		v.Value = val
		return err
	}))
	val.SetPlaceHolder("initial value (YAML); empty: the type's zero")
	f.message(h.path+field("message"), "a value as YAML: 3, [1, 2], {a: 1}", val)
}

// valueText writes a literal value as one line of YAML ("" for none).
func valueText(v *graph.Value) string {
	if v == nil {
		return ""
	}
	n, err := v.MarshalYAML()
	if err != nil {
		return v.String()
	}
	node := n.(*yaml.Node)
	flow(node)
	out, err := yaml.Marshal(node)
	if err != nil {
		return v.String()
	}
	return strings.TrimSpace(string(out))
}

// flow makes a node and its children flow style: [1, 2], {a: 1}.
func flow(n *yaml.Node) {
	if n.Kind == yaml.SequenceNode || n.Kind == yaml.MappingNode {
		n.Style |= yaml.FlowStyle
	}
	for _, c := range n.Content {
		flow(c)
	}
}

// parseValue reads a literal value typed as YAML; "" is no value.
func parseValue(s string) (*graph.Value, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var v graph.Value
	if err := yaml.Unmarshal([]byte(s), &v); err != nil {
		return nil, err
	}
	return &v, nil
}
