package forms

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// stateForm builds the form of every field of the state n names: BGA's, the seed
// model's, and the non-standard keys of an imported file.
func stateForm(h Host, n *elementName) *Form {
	f := newForm(h)
	key := "state " + n.name + "/"
	get := func(read func(s *graph.State) string) Getter {
		return func(p *graph.Pack) (string, bool) {
			if s := place.State(p, n.name); s != nil {
				return read(s), true
			}
			return "", false
		}
	}
	set := func(field string, write func(s *graph.State, v string)) Setter {
		return func(p *graph.Pack, v string) (graph.Edit, error) {
			return graph.EditState(p, n.name, field, func(s *graph.State) { write(s, v) })
		}
	}
	code := func(label, field string, read func(s *graph.State) *graph.Code) {
		f.code(label, field, key+field, 1, get(func(s *graph.State) string { return read(s).Src }),
			set(field, func(s *graph.State, v string) { read(s).Src = v }))
	}

	f.heading("BGA")
	f.commit("id", "id", get(func(s *graph.State) string { return s.ID.String() }), func(p *graph.Pack, v string) (graph.Edit, error) {
		to := parseStateID(v)
		return graph.ChangeStateID(p, n.name, to) // the form follows the state (followRename)
	})
	resolved := f.line("", 1, func(p *graph.Pack) (string, bool) {
		s := place.State(p, n.name)
		if s == nil {
			return "", false
		}
		if s.ID.Const == "" {
			return "a number or a constant's name", true
		}
		if n, ok := p.Resolve(s.ID); ok {
			return fmt.Sprintf("%s = %d", s.ID.Const, n), true
		}
		return s.ID.Const + " is defined outside this file", true
	})
	f.place("id/resolved", resolved)
	f.text("name", "name", key+"name", false, get(func(s *graph.State) string { return s.Name }),
		func(p *graph.Pack, v string) (graph.Edit, error) { return graph.RenameState(p, n.name, v) })
	f.choice("type", "type", func(*graph.Pack) []string {
		out := make([]string, len(graph.StateTypes))
		for i, t := range graph.StateTypes {
			out[i] = string(t)
		}
		return out
	}, get(func(s *graph.State) string { return string(s.Type) }), set("type", func(s *graph.State, v string) {
		s.Type, s.TypeConst = graph.StateType(v), "" // the constant the author wrote named the old type
	}))
	for _, d := range []struct {
		field string
		read  func(s *graph.State) *string
	}{
		{"description", func(s *graph.State) *string { return &s.Description }},
		{"descriptionmyturn", func(s *graph.State) *string { return &s.DescriptionMyTurn }},
	} {
		f.text(d.field, d.field, key+d.field, false, get(func(s *graph.State) string { return *d.read(s) }),
			set(d.field, func(s *graph.State, v string) { *d.read(s) = v }))
		f.line("", 2, get(func(s *graph.State) string { return placeholderHint(*d.read(s), s, d.field == "descriptionmyturn") }))
	}
	code("action", "action", func(s *graph.State) *graph.Code { return &s.Action })
	code("args", "args", func(s *graph.State) *graph.Code { return &s.Args })
	f.text("possibleactions", "possibleactions", key+"possibleactions", false,
		get(func(s *graph.State) string { return strings.Join(s.PossibleActions, ", ") }),
		set("possibleactions", func(s *graph.State, v string) { s.PossibleActions = splitNames(v) }))
	f.note("", func(p *graph.Pack) (string, bool) {
		if len(p.Actions) == 0 {
			return "", true
		}
		names := make([]string, len(p.Actions))
		for i, a := range p.Actions {
			names[i] = a.Name
		}
		return "actions of the pack: " + strings.Join(names, ", "), true
	})
	allowedActions(f, n)
	transitionRows(f, n)
	f.check("updateGameProgression", "updateGameProgression",
		func(p *graph.Pack) (bool, bool) {
			s := place.State(p, n.name)
			return s != nil && s.UpdateGameProgression, s != nil
		},
		func(p *graph.Pack, v bool) (graph.Edit, error) {
			return graph.EditState(p, n.name, "updateGameProgression", func(s *graph.State) { s.UpdateGameProgression = v })
		})
	f.choice("initialprivate", "initialprivate", func(p *graph.Pack) []string {
		return append([]string{noneChoice}, stateChoices(p)...)
	}, func(p *graph.Pack) (string, bool) {
		s := place.State(p, n.name)
		if s == nil || s.InitialPrivate == nil {
			return noneChoice, s != nil
		}
		return targetChoice(p, *s.InitialPrivate), true
	}, set("initialprivate", func(s *graph.State, v string) {
		if v == noneChoice {
			s.InitialPrivate = nil
			return
		}
		to := choiceID(v)
		s.InitialPrivate = &to
	}))

	f.heading("Seed")
	paramRows(f, "params (given by call(state, **params))", key, "params", stateParam,
		func(p *graph.Pack) *graph.Params {
			if s := place.State(p, n.name); s != nil {
				return &s.Params
			}
			return nil
		},
		func(p *graph.Pack, field string, change func(ps *graph.Params)) (graph.Edit, error) {
			return graph.EditState(p, n.name, field, func(s *graph.State) { change(&s.Params) })
		})
	code("ending", "ending", func(s *graph.State) *graph.Code { return &s.Ending })
	code("endaction", "endaction", func(s *graph.State) *graph.Code { return &s.EndAction })
	f.heading("Clauses (active while the state is on the stack)")
	clauseCards(f, clauseHost{
		key:  key + "clauses/",
		path: "clauses/",
		get: func(p *graph.Pack) (*graph.Clauses, bool) {
			s := place.State(p, n.name)
			if s == nil {
				return nil, false
			}
			if s.Clauses == nil {
				return &graph.Clauses{}, true
			}
			return s.Clauses, true
		},
		edit: func(p *graph.Pack, field string, change func(c *graph.Clauses)) (graph.Edit, error) {
			return graph.EditState(p, n.name, "clauses/"+field, func(s *graph.State) {
				if s.Clauses == nil {
					s.Clauses = &graph.Clauses{}
				}
				change(s.Clauses)
				if clausesEmpty(s.Clauses) {
					s.Clauses = nil
				}
			})
		},
	})
	if s := place.State(h.Pack(), n.name); s != nil && len(s.Extra) > 0 {
		f.heading("Extra (keys of the imported file; edit them in the YAML view)")
		for _, x := range s.Extra {
			k := x.Key
			f.note(k, get(func(s *graph.State) string {
				for _, x := range s.Extra {
					if x.Key == k {
						return x.Value.String()
					}
				}
				return ""
			}))
			f.place(k, f.grid.Objects[len(f.grid.Objects)-1])
		}
	}
	return f
}

// clausesEmpty reports whether c holds no clause.
func clausesEmpty(c *graph.Clauses) bool {
	return len(c.Variables) == 0 && len(c.Tags) == 0 && len(c.Properties) == 0 && len(c.Methods) == 0 &&
		len(c.While) == 0 && len(c.Whenever) == 0 && len(c.When) == 0
}

// allowedActions adds a card per action the possibleactions of the state n
// names: the action's form when the pack defines it (the same action as in
// the actions panel), else a button defining it.
func allowedActions(f *Form, n *elementName) {
	names := func(p *graph.Pack) graph.Names {
		if s := place.State(p, n.name); s != nil {
			return s.PossibleActions
		}
		return nil
	}
	f.shapedList(func(p *graph.Pack) int {
		if len(p.Actions) == 0 && len(p.Scripts) == 0 {
			return 0 // a BGA import: its actions are PHP, out of sight
		}
		return len(names(p))
	}, func(p *graph.Pack) string {
		var b strings.Builder
		for _, a := range names(p) {
			fmt.Fprintf(&b, "%s %v,", a, p.Actions.Lookup(a) != nil)
		}
		return b.String()
	}, func(sub *Form, i int) {
		p := f.host.Pack()
		ns := names(p)
		if i >= len(ns) {
			return
		}
		name := ns[i]
		card := sub.sub("")
		card.wide(widget.NewLabelWithStyle("action "+name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		if p.Actions.Lookup(name) == nil {
			def := ui.NewButtonWithIcon("Define "+name, theme.ContentAddIcon(), func() {
				f.edit(graph.AddAction(f.host.Pack(), &graph.Action{Name: name, Body: graph.Code{Src: "pass"}}, -1))
			})
			card.place("possibleactions/"+name+"/define", def)
			card.wide(def)
		} else {
			actionFields(card, &elementName{name}, "possibleactions/"+name+"/") // renamed, the card is built again (shape)
		}
		sub.wide(cardFrame(card.box))
		sub.binds = append(sub.binds, card)
	})
}

// transitionRows adds the transitions of the state n names: a row per transition (its
// name, its target, a delete button) and a button adding one.
func transitionRows(f *Form, n *elementName) {
	f.heading("transitions")
	f.list(func(p *graph.Pack) int {
		if s := place.State(p, n.name); s != nil {
			return len(s.Transitions)
		}
		return 0
	}, func(sub *Form, i int) {
		nameOf := func(p *graph.Pack) (string, bool) {
			if s := place.State(p, n.name); s != nil && i < len(s.Transitions) {
				return s.Transitions[i].Name, true
			}
			return "", false
		}
		name := sub.commit("", "transitions/"+strconv.Itoa(i), nameOf, func(p *graph.Pack, v string) (graph.Edit, error) {
			old, _ := nameOf(p)
			return graph.RenameTransition(p, n.name, old, v)
		})
		name.SetPlaceHolder(`"" (the only transition)`)
		target := sub.choice("", "transitions/"+strconv.Itoa(i)+"/to", stateChoices, func(p *graph.Pack) (string, bool) {
			if s := place.State(p, n.name); s != nil && i < len(s.Transitions) {
				return targetChoice(p, s.Transitions[i].To), true
			}
			return "", false
		}, func(p *graph.Pack, v string) (graph.Edit, error) {
			old, _ := nameOf(p)
			return graph.RetargetTransition(p, n.name, old, choiceID(v))
		})
		del := ui.NewButtonWithIcon("", theme.DeleteIcon(), func() {
			p := f.host.Pack()
			old, ok := nameOf(p)
			if !ok {
				return
			}
			f.edit(graph.DeleteTransition(p, n.name, old))
		})
		sub.place("transitions/"+strconv.Itoa(i)+"/delete", del)
		row := container.NewBorder(nil, nil, nil, del, container.NewGridWithColumns(2, name, target))
		sub.wide(row)
		// A transition the importer inferred from a State class's code.
		inferred := sub.note("", func(p *graph.Pack) (string, bool) {
			if s := place.State(p, n.name); s != nil && i < len(s.Transitions) && s.Transitions[i].Inferred {
				return "inferred from the State class's code (written back as code)", true
			}
			return "", true
		})
		sub.place("transitions/"+strconv.Itoa(i)+"/inferred", inferred)
	})
	add := ui.NewButtonWithIcon("Add transition", theme.ContentAddIcon(), func() {
		p := f.host.Pack()
		s := place.State(p, n.name)
		if s == nil {
			return
		}
		name := freshName("next", func(n string) bool { _, dup := s.Transitions.Lookup(n); return dup })
		f.edit(graph.AddTransition(p, n.name, graph.Transition{Name: name, To: s.ID}))
	})
	f.place("transitions/add", add)
	f.wide(add)
}
