package forms

import (
	"slices"
	"strconv"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// variableTypes are the types a variable or parameter may have (docs/model.md).
var variableTypes = []string{"int", "float", "bool", "string", "player", "object", "list"}

// What a parameter has besides its name and type.
type paramKind int

const (
	stateParam  paramKind = iota // a default
	actionParam                  // a domain: the legal values
	methodParam                  // nothing more
)

// paramRows adds a list of parameters (a state's, an action's or a method's):
// a row each with its name, type, a delete button, and what kind says; and a
// button adding one. params reads the list; edit makes the edit that changes
// it.
func paramRows(f *Form, title, key, path string, kind paramKind, params func(p *graph.Pack) *graph.Params,
	edit func(p *graph.Pack, field string, change func(ps *graph.Params)) (graph.Edit, error)) {
	f.heading(title)
	at := func(p *graph.Pack, i int) *graph.Param {
		if ps := params(p); ps != nil && i < len(*ps) {
			return (*ps)[i]
		}
		return nil
	}
	f.list(func(p *graph.Pack) int {
		if ps := params(p); ps != nil {
			return len(*ps)
		}
		return 0
	}, func(sub *Form, i int) {
		place := path + "/" + strconv.Itoa(i)
		get := func(read func(pr *graph.Param) string) Getter {
			return func(p *graph.Pack) (string, bool) {
				if pr := at(p, i); pr != nil {
					return read(pr), true
				}
				return "", false
			}
		}
		set := func(field string, write func(pr *graph.Param, v string) error) Setter {
			return func(p *graph.Pack, v string) (graph.Edit, error) {
				var werr error
				ed, err := edit(p, path+"/"+strconv.Itoa(i)+"/"+field, func(ps *graph.Params) {
					if i < len(*ps) {
						werr = write((*ps)[i], v)
					}
				})
				if werr != nil {
					return nil, werr
				}
				return ed, err
			}
		}
		name := sub.text("", place, key+place+"/name", false, get(func(pr *graph.Param) string { return pr.Name }),
			set("name", func(pr *graph.Param, v string) error { pr.Name = v; return nil }))
		name.SetPlaceHolder("name")
		typ := sub.choice("", place+"/type", func(*graph.Pack) []string { return variableTypes },
			get(func(pr *graph.Param) string { return pr.Type }),
			set("type", func(pr *graph.Param, v string) error { pr.Type = v; return nil }))
		del := ui.NewButtonWithIcon("", theme.DeleteIcon(), func() {
			f.edit(edit(f.host.Pack(), path, func(ps *graph.Params) {
				if i < len(*ps) {
					*ps = slices.Delete(*ps, i, i+1)
					if len(*ps) == 0 {
						*ps = nil
					}
				}
			}))
		})
		sub.place(place+"/delete", del)
		sub.wide(container.NewBorder(nil, nil, nil, del, container.NewGridWithColumns(2, name, typ)))
		switch kind {
		case methodParam:
			return
		case actionParam:
			sub.code("domain", place+"/domain", key+place+"/domain", 1, get(func(pr *graph.Param) string { return pr.Domain.Src }),
				set("domain", func(pr *graph.Param, v string) error { pr.Domain.Src = v; return nil }))
			return
		}
		def := sub.text("default", place+"/default", key+place+"/default", false, get(func(pr *graph.Param) string { return valueText(pr.Default) }),
			set("default", func(pr *graph.Param, v string) error {
				val, err := parseValue(v)
				pr.Default = val
				return err
			}))
		sub.message(place+"/message", "a value as YAML: 3, [1, 2], {a: 1}", def)
	})
	add := ui.NewButtonWithIcon("Add parameter", theme.ContentAddIcon(), func() {
		p := f.host.Pack()
		ps := params(p)
		if ps == nil {
			return
		}
		name := freshName("param", func(n string) bool {
			return slices.ContainsFunc(*ps, func(pr *graph.Param) bool { return pr.Name == n })
		})
		f.edit(edit(p, path, func(ps *graph.Params) { *ps = append(*ps, &graph.Param{Name: name, Type: "int"}) }))
	})
	f.place(path+"/add", add)
	f.wide(add)
}
