package graph

import (
	"fmt"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The display section is read node by node, not decoded into tagged
// structs, so that every name and word keeps its line and column for
// [Display.Problems], and written back in the same shape: the canonical
// order is cards, objects, boards, variables, locations; the mappings keep
// the author's order.

// MarshalYAML writes d in its canonical form.
func (d Display) MarshalYAML() (any, error) {
	n := &yaml.Node{Kind: yaml.MappingNode}
	add := func(key string, v *yaml.Node) {
		if v != nil && len(v.Content) > 0 {
			n.Content = append(n.Content, strNode(key), v)
		}
	}
	cards := &yaml.Node{Kind: yaml.MappingNode}
	for _, c := range d.Cards {
		m := &yaml.Node{Kind: yaml.MappingNode}
		addFaces(m, "types", c.Types)
		addFaces(m, "args", c.Args)
		if c.Image.Path != "" {
			m.Content = append(m.Content, strNode("image"), strNode(c.Image.Path))
		}
		cards.Content = append(cards.Content, strNode(c.Deck), m)
	}
	add("cards", cards)
	objects := &yaml.Node{Kind: yaml.MappingNode}
	for _, o := range d.Objects {
		m := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
		if o.Title != "" {
			m.Content = append(m.Content, strNode("title"), strNode(o.Title))
		}
		if len(o.Stats) > 0 {
			m.Content = append(m.Content, strNode("stats"), flowNames(o.Stats))
		}
		if o.Image.Path != "" {
			m.Content = append(m.Content, strNode("image"), strNode(o.Image.Path))
		}
		objects.Content = append(objects.Content, strNode(o.Type), m)
	}
	add("objects", objects)
	boards := &yaml.Node{Kind: yaml.MappingNode}
	for _, b := range d.Boards {
		m := &yaml.Node{Kind: yaml.MappingNode}
		if b.Color != "" {
			m.Content = append(m.Content, strNode("color"), strNode(b.Color))
		}
		addFaces(m, "cells", b.Cells)
		boards.Content = append(boards.Content, strNode(b.Board), m)
	}
	add("boards", boards)
	vars := &yaml.Node{Kind: yaml.MappingNode}
	if len(d.Variables.Game) > 0 {
		vars.Content = append(vars.Content, strNode("game"), flowNames(d.Variables.Game))
	}
	if len(d.Variables.Player) > 0 {
		vars.Content = append(vars.Content, strNode("player"), flowNames(d.Variables.Player))
	}
	add("variables", vars)
	locs := &yaml.Node{Kind: yaml.MappingNode}
	for _, l := range d.Locations {
		m := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
		if l.At != "" {
			m.Content = append(m.Content, strNode("at"), strNode(l.At))
		}
		if l.As != "" {
			m.Content = append(m.Content, strNode("as"), strNode(l.As))
		}
		locs.Content = append(locs.Content, strNode(l.Name), m)
	}
	add("locations", locs)
	return n, nil
}

// addFaces adds key: a flow mapping of each face to m, when there are any:
// a face with a colour as {text, color}, one without as its text.
func addFaces(m *yaml.Node, key string, fs []Face) {
	if len(fs) == 0 {
		return
	}
	out := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
	for _, f := range fs {
		k := strNode(f.Key)
		k.Tag = "" // a number stays unquoted: 11: J
		var v *yaml.Node
		if f.Color == "" {
			v = strNode(f.Text)
		} else {
			v = &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
			if f.Text != "" {
				v.Content = append(v.Content, strNode("text"), strNode(f.Text))
			}
			v.Content = append(v.Content, strNode("color"), strNode(f.Color))
		}
		out.Content = append(out.Content, k, v)
	}
	m.Content = append(m.Content, strNode(key), out)
}

func flowNames(ns []string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, s := range ns {
		n.Content = append(n.Content, strNode(s))
	}
	return n
}

// UnmarshalYAML reads a display section, refusing a key it does not know
// at the key.
func (d *Display) UnmarshalYAML(n *yaml.Node) error {
	return eachPair(n, "display", func(k, v *yaml.Node) error {
		switch k.Value {
		case "cards":
			return eachPair(v, "display.cards", func(k, v *yaml.Node) error {
				c := CardHint{Deck: k.Value, Pos: nodePos(k)}
				err := fields(v, "display.cards."+k.Value, map[string]func(*yaml.Node) error{
					"types": func(v *yaml.Node) (err error) { c.Types, err = readFaces(v, "display.cards."+k.Value+".types"); return },
					"args":  func(v *yaml.Node) (err error) { c.Args, err = readFaces(v, "display.cards."+k.Value+".args"); return },
					"image": func(v *yaml.Node) (err error) { c.Image, err = readImage(v, "display.cards."+k.Value+".image"); return },
				})
				d.Cards = append(d.Cards, c)
				return err
			})
		case "objects":
			return eachPair(v, "display.objects", func(k, v *yaml.Node) error {
				o := ObjectHint{Type: k.Value, Pos: nodePos(k)}
				where := "display.objects." + k.Value
				err := fields(v, where, map[string]func(*yaml.Node) error{
					"title": func(v *yaml.Node) (err error) {
						o.TitlePos = nodePos(v)
						o.Title, err = scalar(v, where+".title")
						return
					},
					"stats": func(v *yaml.Node) (err error) { o.Stats, err = names(v, where+".stats"); return },
					"image": func(v *yaml.Node) (err error) { o.Image, err = readImage(v, where+".image"); return },
				})
				d.Objects = append(d.Objects, o)
				return err
			})
		case "boards":
			return eachPair(v, "display.boards", func(k, v *yaml.Node) error {
				b := BoardHint{Board: k.Value, Pos: nodePos(k)}
				where := "display.boards." + k.Value
				err := fields(v, where, map[string]func(*yaml.Node) error{
					"color": func(v *yaml.Node) (err error) {
						b.ColorPos = nodePos(v)
						b.Color, err = scalar(v, where+".color")
						return
					},
					"cells": func(v *yaml.Node) (err error) { b.Cells, err = readFaces(v, where+".cells"); return },
				})
				d.Boards = append(d.Boards, b)
				return err
			})
		case "variables":
			return fields(v, "display.variables", map[string]func(*yaml.Node) error{
				"game":   func(v *yaml.Node) (err error) { d.Variables.Game, err = names(v, "display.variables.game"); return },
				"player": func(v *yaml.Node) (err error) { d.Variables.Player, err = names(v, "display.variables.player"); return },
			})
		case "locations":
			return eachPair(v, "display.locations", func(k, v *yaml.Node) error {
				l := LocationHint{Name: k.Value, Pos: nodePos(k)}
				where := "display.locations." + k.Value
				err := fields(v, where, map[string]func(*yaml.Node) error{
					"at": func(v *yaml.Node) (err error) { l.AtPos = nodePos(v); l.At, err = scalar(v, where+".at"); return },
					"as": func(v *yaml.Node) (err error) { l.AsPos = nodePos(v); l.As, err = scalar(v, where+".as"); return },
				})
				d.Locations = append(d.Locations, l)
				return err
			})
		}
		return &PosError{Pos: nodePos(k), Msg: fmt.Sprintf("display: unknown key %q; the keys are cards, objects, boards, variables, locations", k.Value)}
	})
}

// fields reads mapping n by key, each key with its reader; a key without
// one is refused at the key, naming the keys there are.
func fields(n *yaml.Node, what string, readers map[string]func(*yaml.Node) error) error {
	return eachPair(n, what, func(k, v *yaml.Node) error {
		r := readers[k.Value]
		if r == nil {
			keys := make([]string, 0, len(readers))
			for key := range readers {
				keys = append(keys, key)
			}
			sort.Strings(keys)
			return &PosError{Pos: nodePos(k), Msg: fmt.Sprintf("%s: unknown key %q; the keys are %s", what, k.Value, strings.Join(keys, ", "))}
		}
		return r(v)
	})
}

func scalar(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", &PosError{Pos: nodePos(n), Msg: what + " must be a word or a number"}
	}
	return n.Value, nil
}

func names(n *yaml.Node, what string) ([]string, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, &PosError{Pos: nodePos(n), Msg: what + " must be a list of names"}
	}
	out := make([]string, 0, len(n.Content))
	for _, e := range n.Content {
		s, err := scalar(e, what)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func readImage(n *yaml.Node, what string) (Image, error) {
	s, err := scalar(n, what)
	return Image{Path: s, Pos: nodePos(n)}, err
}

// readFaces reads a mapping of key to text, or to {text, color}.
func readFaces(n *yaml.Node, what string) ([]Face, error) {
	var out []Face
	err := eachPair(n, what, func(k, v *yaml.Node) error {
		f := Face{Key: k.Value, Pos: nodePos(k)}
		var err error
		if v.Kind == yaml.ScalarNode {
			f.Text = v.Value
		} else {
			err = fields(v, what+"."+k.Value, map[string]func(*yaml.Node) error{
				"text": func(v *yaml.Node) (err error) { f.Text, err = scalar(v, what+"."+k.Value+".text"); return },
				"color": func(v *yaml.Node) (err error) {
					f.ColorPos = nodePos(v)
					f.Color, err = scalar(v, what+"."+k.Value+".color")
					return
				},
			})
		}
		out = append(out, f)
		return err
	})
	return out, err
}
