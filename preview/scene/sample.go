package scene

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// Most cards and objects a sample shows of one deck or of the object types:
// enough to judge a hint by, few enough to fit beside a form.
const (
	sampleCards   = 8
	sampleObjects = 6
)

// Sample returns a scene of no match: what p's display hints make of a few
// cards of each deck (one per type the hints name, each with one of the
// type_args they name, the highest first: A♠, K♥...), of each board's cell
// values (those the hints name, else 1 and 2) and of an object of each
// object type. It is what the window's Display form draws beside the form
// as the designer edits the hints; it reads cards, cells and objects as
// [Build] does (readCard, the board's and object's hints), so the sample
// and the table never disagree. Locations and variables need a match and
// are not in it.
func Sample(p *graph.Pack) *Scene {
	sc := &Scene{Pack: p.Name, Sample: true, State: "sample",
		Description: "cards, cells and objects as the display hints read them"}
	centre := Area{ID: "centre", Side: "centre"}
	for _, deck := range p.Decks {
		centre.Locations = append(centre.Locations, sampleDeck(p.Display, deck))
	}
	for _, b := range p.Boards {
		centre.Boards = append(centre.Boards, sampleBoard(p.Display, b.Name))
	}
	if len(p.ObjectTypes) > 0 {
		z := Zone{ID: "zone:sample", Name: "object types", As: graph.AsRow}
		for _, t := range p.ObjectTypes[:min(len(p.ObjectTypes), sampleObjects)] {
			z.Objects = append(z.Objects, sampleObject(p.Display, t, len(z.Objects)+1))
		}
		z.Count = len(z.Objects)
		centre.Zones = append(centre.Zones, z)
	}
	sc.Areas = []Area{centre}
	return sc
}

// sampleDeck is a row of deck's cards: one per type its hint names (type 1
// without one), the i-th with the i-th highest type_arg the hint names.
func sampleDeck(d *graph.Display, deck string) Location {
	hint, hinted := d.Card(deck)
	types := faceKeys(hint.Types, "1")
	args := faceKeys(hint.Args, "1")
	sort.SliceStable(args, func(i, j int) bool { return number(args[i]) > number(args[j]) })
	id := deck + ":sample"
	l := Location{ID: id, Deck: deck, Name: deck, As: graph.AsRow}
	keys := make([]int, min(len(types), sampleCards))
	for i := range keys {
		c := Card{ID: id + ":" + strconv.Itoa(i)}
		l.Cards = append(l.Cards, readCard(c, types[i]+"/"+args[i%len(args)], hint, hinted, &keys[i]))
	}
	l.Count = len(l.Cards)
	return l
}

// sampleBoard is a one-row board holding each cell value the hint names
// (1 and 2, the first two players' pieces, without one), read as the table
// reads a cell.
func sampleBoard(d *graph.Display, name string) Board {
	hint, _ := d.Board(name)
	values := faceKeys(hint.Cells, "1", "2")
	b := Board{ID: "board:" + name, Name: name, Width: len(values), Height: 1, Color: hint.Color}
	for x, key := range values {
		c := Cell{ID: CellID(name, x, 0), X: x, Value: number(key), Text: key}
		if f, ok := graph.Lookup(hint.Cells, key); ok {
			c.Text, c.Color = f.Text, f.Color
		}
		b.Cells = append(b.Cells, c)
	}
	return b
}

// sampleObject is an object of type t titled by its type's name, with the
// stats its hint names (else cost, power and toughness) that t declares,
// each its initial value ("?" for a property, which needs a match).
func sampleObject(d *graph.Display, t *graph.ObjectType, id int) Object {
	hint, _ := d.Object(t.Name)
	o := Object{ID: "object:sample:" + t.Name, Object: id, Type: t.Name, Title: t.Name, Tags: t.Tags}
	stats := hint.Stats
	if len(stats) == 0 {
		stats = []string{"cost", "power", "toughness"}
	}
	for _, name := range stats {
		if i := slices.IndexFunc(t.Variables, func(v *graph.Variable) bool { return v.Name == name }); i >= 0 {
			val := "0"
			if v := t.Variables[i].Value; v != nil {
				val = v.String()
			}
			o.Stats = append(o.Stats, Stat{Name: name, Value: val})
		} else if slices.ContainsFunc(t.Properties, func(p *graph.Property) bool { return p.Name == name }) {
			o.Stats = append(o.Stats, Stat{Name: name, Value: "?"})
		}
	}
	if hint.Image.Path != "" {
		o.Image = strings.ReplaceAll(hint.Image.Path, "{type}", t.Name)
	}
	return o
}

// faceKeys lists the keys of fs, or def when there are none.
func faceKeys(fs []graph.Face, def ...string) []string {
	if len(fs) == 0 {
		return def
	}
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Key
	}
	return out
}

// number reads a key as a number, 0 when it is not one.
func number(key string) int {
	n, _ := strconv.Atoi(key)
	return n
}
