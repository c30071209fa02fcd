package forms

import (
	"image/color"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"go.yaml.in/yaml/v3"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// clauseHost is what owns a set of clauses: an object type, or a state.
type clauseHost struct {
	key  string // the merge key prefix of its fields: "state 21/clauses/", "object type creature/"
	path string // the place prefix of its fields in the form: "clauses/" for a state
	get  func(p *graph.Pack) (*graph.Clauses, bool)
	edit func(p *graph.Pack, field string, change func(c *graph.Clauses)) (graph.Edit, error)
}

// clauseKind is one kind of clause as the cards show it: its list in a
// [graph.Clauses], how a new one, a copy, a move and a deletion change that
// list, and the form of one card.
type clauseKind interface {
	name() string  // the YAML key: "while", "properties"
	title() string // the section's heading
	count(c *graph.Clauses) int
	label(c *graph.Clauses, i int) string // the name of clause i, for edit labels
	add(c *graph.Clauses)
	remove(c *graph.Clauses, i int)
	swap(c *graph.Clauses, i, j int)
	duplicate(c *graph.Clauses, i int)
	card(f *Form, h clauseHost, i int)
}

// kind implements clauseKind for a list of T.
type kind[T any] struct {
	key, heading string
	list         func(c *graph.Clauses) *[]T
	nameOf       func(T) string
	fresh        func(name string) T
	copyOf       func(v T, name string) T
	fields       func(f *Form, h clauseHost, i int, at func(p *graph.Pack) (T, bool), field func(name string) string)
}

func (k *kind[T]) name() string               { return k.key }
func (k *kind[T]) title() string              { return k.heading }
func (k *kind[T]) count(c *graph.Clauses) int { return len(*k.list(c)) }
func (k *kind[T]) label(c *graph.Clauses, i int) string {
	if l := *k.list(c); i < len(l) {
		return k.nameOf(l[i])
	}
	return ""
}

func (k *kind[T]) taken(c *graph.Clauses) func(string) bool {
	return func(n string) bool {
		return slices.ContainsFunc(*k.list(c), func(v T) bool { return k.nameOf(v) == n })
	}
}

func (k *kind[T]) add(c *graph.Clauses) {
	l := k.list(c)
	*l = append(*l, k.fresh(freshName(singular(k.key), k.taken(c))))
}

func (k *kind[T]) remove(c *graph.Clauses, i int) {
	if l := k.list(c); i < len(*l) {
		*l = slices.Delete(*l, i, i+1)
		if len(*l) == 0 {
			*l = nil
		}
	}
}

func (k *kind[T]) swap(c *graph.Clauses, i, j int) {
	if l := *k.list(c); i >= 0 && j >= 0 && i < len(l) && j < len(l) {
		l[i], l[j] = l[j], l[i]
	}
}

func (k *kind[T]) duplicate(c *graph.Clauses, i int) {
	if l := k.list(c); i < len(*l) {
		v := k.copyOf((*l)[i], freshName(k.nameOf((*l)[i])+"_copy", k.taken(c)))
		*l = slices.Insert(*l, i+1, v)
	}
}

func (k *kind[T]) card(f *Form, h clauseHost, i int) {
	at := func(p *graph.Pack) (T, bool) {
		var zero T
		c, ok := h.get(p)
		if !ok {
			return zero, false
		}
		if l := *k.list(c); i < len(l) {
			return l[i], true
		}
		return zero, false
	}
	field := func(name string) string {
		s := k.key + "/" + strconv.Itoa(i)
		if name != "" {
			s += "/" + name
		}
		return s
	}
	k.fields(f, h, i, at, field)
}

// singular is the word for one clause of a kind, the base of new names.
func singular(key string) string {
	switch key {
	case "properties":
		return "property"
	case "variables", "methods", "tags":
		return strings.TrimSuffix(key, "s")
	}
	return key
}

// clauseKinds are the kinds in the order the cards show them (the seed's
// order: conditions first, then the object's members). They are set by init:
// their cards refer back to the edits that refer to them.
var clauseKinds []clauseKind

func init() { clauseKinds = makeClauseKinds() }

func makeClauseKinds() []clauseKind {
	return []clauseKind{
		&kind[*graph.While]{key: "while", heading: "while: a condition and a wrapper around properties or methods",
			list:   func(c *graph.Clauses) *[]*graph.While { return &c.While },
			nameOf: func(w *graph.While) string { return w.Name },
			fresh:  func(n string) *graph.While { return &graph.While{Name: n, Condition: graph.Code{Src: "True"}} },
			copyOf: func(w *graph.While, n string) *graph.While {
				c := *w
				c.Name = n
				c.Target = slices.Clone(w.Target)
				return &c
			},
			fields: whileFields},
		&kind[*graph.Trigger]{key: "whenever", heading: "whenever: a condition and a body run each step it becomes true",
			list:   func(c *graph.Clauses) *[]*graph.Trigger { return &c.Whenever },
			nameOf: func(t *graph.Trigger) string { return t.Name },
			fresh:  func(n string) *graph.Trigger { return &graph.Trigger{Name: n, Condition: graph.Code{Src: "False"}} },
			copyOf: func(t *graph.Trigger, n string) *graph.Trigger { c := *t; c.Name = n; return &c },
			fields: triggerFields},
		&kind[*graph.Trigger]{key: "when", heading: "when: a whenever that fires once",
			list:   func(c *graph.Clauses) *[]*graph.Trigger { return &c.When },
			nameOf: func(t *graph.Trigger) string { return t.Name },
			fresh:  func(n string) *graph.Trigger { return &graph.Trigger{Name: n, Condition: graph.Code{Src: "False"}} },
			copyOf: func(t *graph.Trigger, n string) *graph.Trigger { c := *t; c.Name = n; return &c },
			fields: triggerFields},
		&kind[*graph.Property]{key: "properties", heading: "properties: pure values of the object",
			list:   func(c *graph.Clauses) *[]*graph.Property { return (*[]*graph.Property)(&c.Properties) },
			nameOf: func(p *graph.Property) string { return p.Name },
			fresh:  func(n string) *graph.Property { return &graph.Property{Name: n, Body: graph.Code{Src: "0"}} },
			copyOf: func(p *graph.Property, n string) *graph.Property { c := *p; c.Name = n; return &c },
			fields: propertyFields},
		&kind[*graph.Method]{key: "methods", heading: "methods: procedures bound to the object",
			list:   func(c *graph.Clauses) *[]*graph.Method { return (*[]*graph.Method)(&c.Methods) },
			nameOf: func(m *graph.Method) string { return m.Name },
			fresh:  func(n string) *graph.Method { return &graph.Method{Name: n, Body: graph.Code{Src: "pass"}} },
			copyOf: func(m *graph.Method, n string) *graph.Method {
				c := *m
				c.Name = n
				c.Params = nil
				for _, pr := range m.Params {
					cp := *pr
					c.Params = append(c.Params, &cp)
				}
				return &c
			},
			fields: methodFields},
		&kind[string]{key: "tags", heading: "tags: names the object has",
			list:   func(c *graph.Clauses) *[]string { return (*[]string)(&c.Tags) },
			nameOf: func(s string) string { return s },
			fresh:  func(n string) string { return n },
			copyOf: func(_ string, n string) string { return n },
			fields: func(*Form, clauseHost, int, func(*graph.Pack) (string, bool), func(string) string) {}},
		&kind[*graph.Variable]{key: "variables", heading: "variables: typed values the object holds",
			list:   func(c *graph.Clauses) *[]*graph.Variable { return (*[]*graph.Variable)(&c.Variables) },
			nameOf: func(v *graph.Variable) string { return v.Name },
			fresh:  func(n string) *graph.Variable { return &graph.Variable{Name: n, Type: "int"} },
			copyOf: func(v *graph.Variable, n string) *graph.Variable {
				c := *v
				c.Name = n
				if v.Value != nil {
					val := *v.Value
					c.Value = &val
				}
				return &c
			},
			fields: variableFields},
	}
}

// clauseCards adds the cards of h's clauses grouped by kind: each kind a
// heading with an add button, each clause a card with its name, buttons to
// move it up or down, duplicate or delete it, and the fields its kind has.
func clauseCards(f *Form, h clauseHost) {
	for _, k := range clauseKinds {
		k := k
		add := ui.NewButtonWithIcon("", theme.ContentAddIcon(), func() {
			f.edit(h.edit(f.host.Pack(), k.name(), k.add))
		})
		add.Importance = widget.LowImportance
		f.place(h.path+k.name()+"/add", add)
		head := widget.NewLabelWithStyle(k.title(), fyne.TextAlignLeading, fyne.TextStyle{Italic: true})
		head.Wrapping = fyne.TextWrapWord
		f.wide(container.NewBorder(nil, nil, nil, add, head))
		f.list(func(p *graph.Pack) int {
			if c, ok := h.get(p); ok {
				return k.count(c)
			}
			return 0
		}, func(sub *Form, i int) {
			card := sub.sub("")
			cardHeader(card, h, k, i)
			k.card(card, h, i)
			sub.wide(cardFrame(card.box))
			sub.binds = append(sub.binds, card)
		})
	}
}

// load makes a form a binding, so a card's form loads with its list.
var _ binding = (*Form)(nil)

// cardHeader is a card's first row: its name (live), then up, down,
// duplicate and delete.
func cardHeader(f *Form, h clauseHost, k clauseKind, i int) {
	place := h.path + k.name() + "/" + strconv.Itoa(i)
	name := f.text("", place, h.key+k.name()+"/"+strconv.Itoa(i)+"/name", false,
		func(p *graph.Pack) (string, bool) {
			c, ok := h.get(p)
			if !ok || i >= k.count(c) {
				return "", false
			}
			return k.label(c, i), true
		},
		func(p *graph.Pack, v string) (graph.Edit, error) {
			return h.edit(p, k.name()+"/"+strconv.Itoa(i)+"/name", func(c *graph.Clauses) { renameClause(c, k, i, v) })
		})
	name.SetPlaceHolder("name")
	button := func(icon fyne.Resource, what string, change func(c *graph.Clauses)) *ui.Button {
		b := ui.NewButtonWithIcon("", icon, func() { f.edit(h.edit(f.host.Pack(), k.name(), change)) })
		b.Importance = widget.LowImportance
		f.place(place+"/"+what, b)
		return b
	}
	buttons := container.NewHBox(
		button(theme.MoveUpIcon(), "up", func(c *graph.Clauses) { k.swap(c, i, i-1) }),
		button(theme.MoveDownIcon(), "down", func(c *graph.Clauses) { k.swap(c, i, i+1) }),
		button(theme.ContentCopyIcon(), "duplicate", func(c *graph.Clauses) { k.duplicate(c, i) }),
		button(theme.DeleteIcon(), "delete", func(c *graph.Clauses) { k.remove(c, i) }),
	)
	f.wide(container.NewBorder(nil, nil, widget.NewLabelWithStyle(singular(k.name()), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), buttons, name))
}

// renameClause names clause i of kind k v.
func renameClause(c *graph.Clauses, k clauseKind, i int, v string) {
	switch k.name() {
	case "while":
		c.While[i].Name = v
	case "whenever":
		c.Whenever[i].Name = v
	case "when":
		c.When[i].Name = v
	case "properties":
		c.Properties[i].Name = v
	case "methods":
		c.Methods[i].Name = v
	case "tags":
		c.Tags[i] = v
	case "variables":
		c.Variables[i].Name = v
	}
}

// cardFrame draws a card: a rounded, outlined panel around content.
func cardFrame(content fyne.CanvasObject) fyne.CanvasObject {
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	bg.FillColor = color.Transparent
	bg.StrokeColor = theme.Color(theme.ColorNameSeparator)
	bg.StrokeWidth = 1
	bg.CornerRadius = theme.InputRadiusSize()
	return container.NewStack(bg, container.NewPadded(content))
}

// clauseCode adds a code field of a clause card.
func clauseCode[T any](f *Form, h clauseHost, label, field string, at func(p *graph.Pack) (T, bool), code func(v T) *graph.Code, rows int, i int, kindKey string) {
	f.code(label, h.path+field, h.key+field, rows, func(p *graph.Pack) (string, bool) {
		v, ok := at(p)
		if !ok {
			return "", false
		}
		return code(v).Src, true
	}, func(p *graph.Pack, s string) (graph.Edit, error) {
		return h.edit(p, field, func(c *graph.Clauses) {
			if v, ok := clauseAt[T](c, kindKey, i); ok {
				code(v).Src = s
			}
		})
	})
}

// clauseAt returns clause i of the kind keyed key in c.
func clauseAt[T any](c *graph.Clauses, key string, i int) (T, bool) {
	var zero T
	for _, k := range clauseKinds {
		if kk, ok := k.(*kind[T]); ok && kk.key == key {
			if l := *kk.list(c); i < len(l) {
				return l[i], true
			}
		}
	}
	return zero, false
}

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
