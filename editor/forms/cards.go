package forms

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

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
