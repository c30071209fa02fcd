package forms

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/rulestudio/studio/graph"
)

// NewObjectTypes lists the object types; the form of one is its clause
// cards grouped by kind.
func NewObjectTypes(h Host) *ListPanel {
	ep := newListPanel(h, graph.ObjectTypeRef, "object type")
	ep.names = func(p *graph.Pack) []string {
		return namesOf(p.ObjectTypes, func(t *graph.ObjectType) string { return t.Name })
	}
	ep.fresh = func(name string) any { return &graph.ObjectType{Name: name} }
	ep.ops = elementOps{
		add: func(p *graph.Pack, v any, i int) (graph.Edit, error) {
			return graph.AddObjectType(p, v.(*graph.ObjectType), i)
		},
		del:  graph.DeleteObjectType,
		move: graph.MoveObjectType,
		copy: func(p *graph.Pack, name, as string) any {
			c := p.Clone().ObjectTypes.Lookup(name)
			c.Name = as
			return c
		},
	}
	ep.ops.name = func(p *graph.Pack, name, to string) (graph.Edit, error) {
		ed, err := graph.EditObjectType(p, name, "name", func(t *graph.ObjectType) { t.Name = to })
		if err != nil {
			return nil, err
		}
		if hint := renameObjectHint(p, name, to); hint != nil {
			return graph.Batch(ed.Label(), ed, hint), nil // its display hint goes with it
		}
		return ed, nil
	}
	ep.makeForm = func(n *elementName) (*Form, fyne.CanvasObject) {
		f := newForm(h)
		f.heading("Object type")
		ep.nameField(f, n)
		clauseCards(f, clauseHost{
			key: "object type " + n.name + "/",
			get: func(p *graph.Pack) (*graph.Clauses, bool) {
				if t := p.ObjectTypes.Lookup(n.name); t != nil {
					return &t.Clauses, true
				}
				return nil, false
			},
			edit: func(p *graph.Pack, field string, change func(c *graph.Clauses)) (graph.Edit, error) {
				return graph.EditObjectType(p, n.name, field, func(t *graph.ObjectType) { change(&t.Clauses) })
			},
		})
		f.heading("On the table (its own display hint)")
		objectHintFields(f, "display/", func() string { return n.name })
		f.row("", displayButton(f, "display/all"))
		return f, f.box
	}
	return ep
}

// NewActions lists the actions; the form of one has its player
// specifier, its arguments with their types and domains, its precondition
// and its body.
func NewActions(h Host) *ListPanel {
	ep := newListPanel(h, graph.ActionRef, "action")
	ep.names = func(p *graph.Pack) []string {
		return namesOf(p.Actions, func(a *graph.Action) string { return a.Name })
	}
	ep.fresh = func(name string) any { return &graph.Action{Name: name, Body: graph.Code{Src: "pass"}} }
	ep.ops = elementOps{
		add:  func(p *graph.Pack, v any, i int) (graph.Edit, error) { return graph.AddAction(p, v.(*graph.Action), i) },
		del:  graph.DeleteAction,
		move: graph.MoveAction,
		copy: func(p *graph.Pack, name, as string) any {
			c := p.Clone().Actions.Lookup(name)
			c.Name = as
			return c
		},
	}
	ep.ops.name = func(p *graph.Pack, name, to string) (graph.Edit, error) {
		return graph.EditAction(p, name, "name", func(a *graph.Action) { a.Name = to })
	}
	ep.makeForm = func(n *elementName) (*Form, fyne.CanvasObject) {
		f := newForm(h)
		f.heading("Action")
		ep.nameField(f, n)
		actionFields(f, n, "")
		return f, f.box
	}
	return ep
}

// actionFields adds the fields of the action n names to f, their places
// under prefix: its player specifier, its arguments with their types and
// domains, its precondition and its body.
func actionFields(f *Form, n *elementName, prefix string) {
	key := "action " + n.name + "/"
	code := func(label, field string, rows int, read func(a *graph.Action) *graph.Code) {
		f.code(label, prefix+field, key+field, rows, func(p *graph.Pack) (string, bool) {
			if a := p.Actions.Lookup(n.name); a != nil {
				return read(a).Src, true
			}
			return "", false
		}, func(p *graph.Pack, v string) (graph.Edit, error) {
			return graph.EditAction(p, n.name, field, func(a *graph.Action) { read(a).Src = v })
		})
	}
	code("who", "who", 1, func(a *graph.Action) *graph.Code { return &a.Who })
	f.note("", func(*graph.Pack) (string, bool) {
		return "who: a condition of player; empty: the active player (or the multiactive ones)", true
	})
	paramRows(f, "arguments (each with its domain: the legal values)", key, prefix+"params", actionParam, func(p *graph.Pack) *graph.Params {
		if a := p.Actions.Lookup(n.name); a != nil {
			return &a.Params
		}
		return nil
	}, func(p *graph.Pack, field string, change func(ps *graph.Params)) (graph.Edit, error) {
		return graph.EditAction(p, n.name, strings.TrimPrefix(field, prefix), func(a *graph.Action) { change(&a.Params) })
	})
	code("precondition", "precondition", 1, func(a *graph.Action) *graph.Code { return &a.Precondition })
	code("body", "body", 4, func(a *graph.Action) *graph.Code { return &a.Body })
}

// NewScripts lists the scripts; the form of one is its name and a code
// editor filling the panel.
func NewScripts(h Host) *ListPanel {
	ep := newListPanel(h, graph.ScriptRef, "script")
	ep.fill = true
	ep.names = func(p *graph.Pack) []string {
		return namesOf(p.Scripts, func(s *graph.Script) string { return s.Name })
	}
	ep.fresh = func(name string) any {
		return &graph.Script{Name: name, Code: graph.Code{Src: "def " + name + "():\n    pass\n"}}
	}
	ep.ops = elementOps{
		add:  func(p *graph.Pack, v any, i int) (graph.Edit, error) { return graph.AddScript(p, v.(*graph.Script), i) },
		del:  graph.DeleteScript,
		move: graph.MoveScript,
		copy: func(p *graph.Pack, name, as string) any {
			for _, s := range p.Scripts {
				if s.Name == name {
					return &graph.Script{Name: as, Code: graph.Code{Src: s.Code.Src}}
				}
			}
			return &graph.Script{Name: as}
		},
	}
	ep.ops.name = func(p *graph.Pack, name, to string) (graph.Edit, error) {
		return graph.EditScript(p, name, "name", func(s *graph.Script) { s.Name = to })
	}
	ep.makeForm = func(n *elementName) (*Form, fyne.CanvasObject) {
		f := newForm(h)
		ep.nameField(f, n)
		c := f.bindCode("", "script "+n.name, 10, true, func(p *graph.Pack) (string, bool) {
			for _, s := range p.Scripts {
				if s.Name == n.name {
					return s.Code.Src, true
				}
			}
			return "", false
		}, func(p *graph.Pack, v string) (graph.Edit, error) {
			return graph.EditScript(p, n.name, "", func(s *graph.Script) { s.Code.Src = v })
		})
		return f, container.NewBorder(f.box, nil, nil, nil, c)
	}
	return ep
}
