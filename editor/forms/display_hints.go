package forms

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// The display hints as the Display form reads and edits them. Every edit
// is one graph.EditPack of the pack's "display" key, made on a copy, so
// undo, redo, the unsaved mark and the save path are the pack form's. A
// deck's, board's or object type's hint left with nothing in it is dropped,
// and hints with nothing at all leave the pack without a display key, so a
// field emptied again writes the pack as it was.

// hintsOf returns p's display hints, an empty set when it has none (for
// reading only).
func hintsOf(p *graph.Pack) *graph.Display {
	if p.Display == nil {
		return &graph.Display{}
	}
	return p.Display
}

// editHints returns the edit that makes change to a copy of p's display
// hints (an empty set when p has none), tidied.
func editHints(p *graph.Pack, change func(d *graph.Display)) graph.Edit {
	return graph.EditPack(p, "display", func(q *graph.Pack) {
		if q.Display == nil {
			q.Display = &graph.Display{}
		}
		change(q.Display)
		q.Display = tidyHints(q.Display)
	})
}

// tidyHints drops the deck, board and object hints that say nothing, and
// returns nil for hints that say nothing at all. A location's hint stays
// while it has a name: the designer added the row to fill in.
func tidyHints(d *graph.Display) *graph.Display {
	d.Cards = slices.DeleteFunc(d.Cards, func(c graph.CardHint) bool {
		return len(c.Types) == 0 && len(c.Args) == 0 && c.Image.Path == ""
	})
	d.Boards = slices.DeleteFunc(d.Boards, func(b graph.BoardHint) bool { return b.Color == "" && len(b.Cells) == 0 })
	d.Objects = slices.DeleteFunc(d.Objects, func(o graph.ObjectHint) bool {
		return o.Title == "" && len(o.Stats) == 0 && o.Image.Path == ""
	})
	if len(d.Cards) == 0 && len(d.Boards) == 0 && len(d.Objects) == 0 && len(d.Locations) == 0 &&
		len(d.Variables.Game) == 0 && len(d.Variables.Player) == 0 {
		return nil
	}
	return d
}

// cardHint returns deck's hint in d, added when d has none.
func cardHint(d *graph.Display, deck string) *graph.CardHint {
	return hintIn(&d.Cards, func(h graph.CardHint) bool { return h.Deck == deck }, graph.CardHint{Deck: deck})
}

// boardHint returns board's hint in d, added when d has none.
func boardHint(d *graph.Display, board string) *graph.BoardHint {
	return hintIn(&d.Boards, func(h graph.BoardHint) bool { return h.Board == board }, graph.BoardHint{Board: board})
}

// objectHint returns the hint of object type typ ("*": every type without
// its own) in d, added when d has none. Unlike graph.Display.Object it does
// not fall back on "*": the form edits the type's own.
func objectHint(d *graph.Display, typ string) *graph.ObjectHint {
	return hintIn(&d.Objects, func(h graph.ObjectHint) bool { return h.Type == typ }, graph.ObjectHint{Type: typ})
}

// hintIn returns the first hint of *hints that is the one wanted, or
// appends add and returns it.
func hintIn[H any](hints *[]H, wanted func(H) bool, add H) *H {
	for i := range *hints {
		if wanted((*hints)[i]) {
			return &(*hints)[i]
		}
	}
	*hints = append(*hints, add)
	return &(*hints)[len(*hints)-1]
}

// ownObjectHint returns typ's own hint in d (no "*" fallback), if any.
func ownObjectHint(d *graph.Display, typ string) (graph.ObjectHint, bool) {
	for _, o := range d.Objects {
		if o.Type == typ {
			return o, true
		}
	}
	return graph.ObjectHint{}, false
}

// renameObjectHint returns the edit that moves object type from's own hint
// to the name to, nil when from has none: a renamed type keeps how it is
// drawn. A stale hint already under to (its type deleted) gives way: two
// hints of one name would not read back.
func renameObjectHint(p *graph.Pack, from, to string) graph.Edit {
	if _, ok := ownObjectHint(hintsOf(p), from); !ok {
		return nil
	}
	return editHints(p, func(d *graph.Display) {
		d.Objects = slices.DeleteFunc(d.Objects, func(o graph.ObjectHint) bool { return o.Type == to })
		objectHint(d, from).Type = to
	})
}

// faceList is one list of faces of the hints: a deck's types or type_args,
// a board's cell values.
type faceList struct {
	noun    string // what a key is, for messages: "type", "type_arg", "cell value"
	path    string // the list's place in the form and its key for merging: "cards/deck/types"
	numeric bool   // keys are whole numbers (type_args, cell values)
	color   bool   // faces have a colour (types, cells; a type_arg's would not be drawn)
	read    func(d *graph.Display) []graph.Face
	write   func(d *graph.Display) *[]graph.Face // the list in d, its hint added when absent
}

// checkKey says why key cannot be the key of face i of fs, or nil.
func (fl faceList) checkKey(fs []graph.Face, i int, key string) error {
	key = strings.TrimSpace(key)
	if key == "" {
		return fmt.Errorf("a %s's key cannot be empty: write the %s this row gives a face to", fl.noun, fl.noun)
	}
	if _, err := strconv.Atoi(key); fl.numeric && err != nil {
		return fmt.Errorf("%q is not a whole number: a %s is one", key, fl.noun)
	}
	for j, f := range fs {
		if j != i && f.Key == key {
			return fmt.Errorf("%s %s has a row already (row %d): give each %s one row", fl.noun, key, j+1, fl.noun)
		}
	}
	return nil
}

// checkColor says why c cannot be a hint's colour, or nil.
func checkColor(c string) error {
	if c == "" || graph.ValidColor(c) {
		return nil
	}
	return fmt.Errorf("%q is not a colour: write #rrggbb, #rgb or one of %s", c, strings.Join(graph.ColorNames, ", "))
}

// checkImage says why path cannot be a hint's image, or nil.
func checkImage(path string) error {
	if graph.ValidImagePath(path) {
		return nil
	}
	return fmt.Errorf("%q is not an image beside the pack: write a path relative to the pack's folder, of an .svg or .png file", path)
}

// freshKey is the first whole number from 1 that no face of fs has, as
// text: the key of a row just added.
func freshKey(fs []graph.Face) string {
	for n := 1; ; n++ {
		k := strconv.Itoa(n)
		if !slices.ContainsFunc(fs, func(f graph.Face) bool { return f.Key == k }) {
			return k
		}
	}
}

// DisplayPath returns the path in the Display form of the field a path of
// the pack's YAML names ("display/cards/deck/types/2/color", as a
// diagnostic's place gives it): the YAML names a face or a location by its
// key, the form by its row. ok is false for a path outside the display key.
func DisplayPath(p *graph.Pack, yamlPath string) (path string, ok bool) {
	rest, ok := strings.CutPrefix(yamlPath, "display/")
	if !ok || p == nil {
		return "", false
	}
	parts := strings.Split(rest, "/")
	at := func(i int) string {
		if i < len(parts) {
			return parts[i]
		}
		return ""
	}
	d := hintsOf(p)
	row := func(fs []graph.Face, key string) string {
		i := slices.IndexFunc(fs, func(f graph.Face) bool { return f.Key == key })
		return strconv.Itoa(max(i, 0))
	}
	switch at(0) {
	case "cards":
		h, _ := d.Card(at(1))
		switch at(2) {
		case "types":
			return "cards/" + at(1) + "/types/" + row(h.Types, at(3)) + "/" + cmp.Or(at(4), "key"), true
		case "args":
			return "cards/" + at(1) + "/args/" + row(h.Args, at(3)) + "/" + cmp.Or(at(4), "key"), true
		}
		return "cards/" + at(1) + "/" + at(2), true
	case "boards":
		if at(2) == "cells" {
			h, _ := d.Board(at(1))
			return "boards/" + at(1) + "/cells/" + row(h.Cells, at(3)) + "/" + cmp.Or(at(4), "key"), true
		}
		return "boards/" + at(1) + "/" + at(2), true
	case "objects":
		return "objects/" + at(1) + "/" + at(2), true
	case "locations":
		i := slices.IndexFunc(d.Locations, func(l graph.LocationHint) bool { return l.Name == at(1) })
		return "locations/" + strconv.Itoa(max(i, 0)) + "/" + cmp.Or(at(2), "name"), true
	}
	return rest, true
}
