package forms

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// displayFields adds a field for every display hint to f, in the order of
// the pack's display section: each deck's cards, the objects (every type's
// and each type's own), each board, the variables shown and the locations.
// A deck, board or object type gets its section whether or not it has a
// hint; a field filled in makes the hint.
func displayFields(f *Form) {
	f.heading("Cards: how each deck's cards read")
	f.note("", func(p *graph.Pack) (string, bool) { return ifNone(len(p.Decks), "The pack has no decks."), true })
	f.shapedList(func(p *graph.Pack) int { return len(p.Decks) }, func(p *graph.Pack) string { return strings.Join(p.Decks, "\n") },
		func(sub *Form, i int) { deckFields(sub, sub.host.Pack().Decks[i]) })

	f.heading("Objects: how each object type's objects read")
	f.note("", func(p *graph.Pack) (string, bool) {
		return ifNone(len(p.ObjectTypes), "The pack has no object types."), true
	})
	f.shapedList(func(p *graph.Pack) int { return len(objectHintTypes(p)) }, func(p *graph.Pack) string { return strings.Join(objectHintTypes(p), "\n") },
		func(sub *Form, i int) {
			typ := objectHintTypes(sub.host.Pack())[i]
			title := "object type " + typ
			if typ == "*" {
				title = "every object type without its own (*)"
			}
			sub.heading(title)
			objectHintFields(sub, "objects/"+typ+"/", func() string { return typ })
		})

	f.heading("Boards: what each cell value looks like")
	f.note("", func(p *graph.Pack) (string, bool) { return ifNone(len(p.Boards), "The pack has no boards."), true })
	f.shapedList(func(p *graph.Pack) int { return len(p.Boards) }, func(p *graph.Pack) string {
		return strings.Join(namesOf(p.Boards, func(b *graph.Board) string { return b.Name }), "\n")
	}, func(sub *Form, i int) { boardFields(sub, sub.host.Pack().Boards[i].Name) })

	f.heading("Variables shown (none named: every public one)")
	shownVariables(f)

	f.heading("Locations: where each deck location or object zone lies")
	locationRows(f)
}

// displayButton is a button at path of f opening the Display panel: the
// pack's form and an object type's reach every hint through it.
func displayButton(f *Form, path string) fyne.CanvasObject {
	b := ui.NewButton("Display hints…", f.host.ShowDisplay)
	f.place(path, b)
	return container.NewHBox(b)
}

// ifNone is text when n is 0, else "" (a note that hides).
func ifNone(n int, text string) string {
	if n == 0 {
		return text
	}
	return ""
}

// objectHintTypes lists what the objects section shows: "*" then every
// object type, when the pack has object types or a "*" hint.
func objectHintTypes(p *graph.Pack) []string {
	_, star := ownObjectHint(hintsOf(p), "*")
	if len(p.ObjectTypes) == 0 && !star {
		return nil
	}
	return append([]string{"*"}, namesOf(p.ObjectTypes, func(t *graph.ObjectType) string { return t.Name })...)
}

// deckFields adds the fields of deck's card hint: its types, its type_args
// and its image.
func deckFields(f *Form, deck string) {
	f.heading("deck " + deck)
	msg := f.messageFor("cards/"+deck+"/message", "type: text and colour (♥, red); type_arg: text (14: A); image: a path beside the pack")
	read := func(d *graph.Display) graph.CardHint { h, _ := d.Card(deck); return h }
	faceRows(f, msg, faceList{noun: "type", path: "cards/" + deck + "/types", color: true,
		read:  func(d *graph.Display) []graph.Face { return read(d).Types },
		write: func(d *graph.Display) *[]graph.Face { return &cardHint(d, deck).Types }})
	faceRows(f, msg, faceList{noun: "type_arg", path: "cards/" + deck + "/args", numeric: true,
		read:  func(d *graph.Display) []graph.Face { return read(d).Args },
		write: func(d *graph.Display) *[]graph.Face { return &cardHint(d, deck).Args }})
	img := f.text("image", "cards/"+deck+"/image", "display/cards/"+deck+"/image", false,
		func(p *graph.Pack) (string, bool) { return read(hintsOf(p)).Image.Path, true },
		func(p *graph.Pack, v string) (graph.Edit, error) {
			if err := checkImage(v); err != nil {
				return nil, err
			}
			return editHints(p, func(d *graph.Display) { cardHint(d, deck).Image.Path = v }), nil
		})
	img.SetPlaceHolder("cards/{type}-{type_arg}.svg")
	msg.attach(img)
	addImageButton(f, "cards/"+deck+"/addimage", func(d *graph.Display, name string) { cardHint(d, deck).Image.Path = name })
	f.wide(msg.label)
}

// boardFields adds the fields of board's hint: its colour and its cell
// values' faces.
func boardFields(f *Form, board string) {
	f.heading("board " + board)
	msg := f.messageFor("boards/"+board+"/message", "cell value: a glyph (X), a colour (a disc), or both")
	read := func(d *graph.Display) graph.BoardHint { h, _ := d.Board(board); return h }
	color := f.text("colour", "boards/"+board+"/color", "display/boards/"+board+"/color", false,
		func(p *graph.Pack) (string, bool) { return read(hintsOf(p)).Color, true },
		func(p *graph.Pack, v string) (graph.Edit, error) {
			if err := checkColor(v); err != nil {
				return nil, err
			}
			return editHints(p, func(d *graph.Display) { boardHint(d, board).Color = v }), nil
		})
	color.SetPlaceHolder("#1e5aa8")
	msg.attach(color)
	faceRows(f, msg, faceList{noun: "cell value", path: "boards/" + board + "/cells", numeric: true, color: true,
		read:  func(d *graph.Display) []graph.Face { return read(d).Cells },
		write: func(d *graph.Display) *[]graph.Face { return &boardHint(d, board).Cells }})
	f.wide(msg.label)
}

// faceRows adds a row per face of fl (its key, text and colour, and a
// button deleting it) and a button adding one; msg says why a field
// refused what was typed.
func faceRows(f *Form, msg *messageLine, fl faceList) {
	f.list(func(p *graph.Pack) int { return len(fl.read(hintsOf(p))) }, func(sub *Form, i int) {
		path := fl.path + "/" + strconv.Itoa(i) + "/"
		get := func(field func(graph.Face) string) Getter {
			return func(p *graph.Pack) (string, bool) {
				fs := fl.read(hintsOf(p))
				if i >= len(fs) {
					return "", false
				}
				return field(fs[i]), true
			}
		}
		set := func(check func(fs []graph.Face, v string) error, put func(fc *graph.Face, v string)) Setter {
			return func(p *graph.Pack, v string) (graph.Edit, error) {
				fs := fl.read(hintsOf(p))
				if i >= len(fs) {
					return nil, fmt.Errorf("%s row %d is gone", fl.noun, i+1)
				}
				if err := check(fs, v); err != nil {
					return nil, err
				}
				return editHints(p, func(d *graph.Display) { put(&(*fl.write(d))[i], v) }), nil
			}
		}
		key := sub.commit("", path+"key", get(func(fc graph.Face) string { return fc.Key }),
			set(func(fs []graph.Face, v string) error { return fl.checkKey(fs, i, v) },
				func(fc *graph.Face, v string) { fc.Key = strings.TrimSpace(v) }))
		key.SetPlaceHolder(fl.noun)
		text := sub.text("", path+"text", "display/"+path+"text", false, get(func(fc graph.Face) string { return fc.Text }),
			set(func([]graph.Face, string) error { return nil }, func(fc *graph.Face, v string) { fc.Text = v }))
		text.SetPlaceHolder("text")
		cells := []fyne.CanvasObject{key, text}
		msg.attach(key, text)
		if fl.color {
			color := sub.text("", path+"color", "display/"+path+"color", false, get(func(fc graph.Face) string { return fc.Color }),
				set(func(_ []graph.Face, v string) error { return checkColor(v) }, func(fc *graph.Face, v string) { fc.Color = v }))
			color.SetPlaceHolder("colour")
			cells = append(cells, color)
			msg.attach(color)
		}
		del := ui.NewButtonWithIcon("", theme.DeleteIcon(), func() {
			sub.edit(editHints(sub.host.Pack(), func(d *graph.Display) {
				l := fl.write(d)
				*l = slices.Delete(*l, i, i+1)
			}), nil)
		})
		del.Importance = widget.LowImportance
		sub.place(path+"delete", del)
		sub.row(fl.noun, container.NewBorder(nil, nil, nil, del, container.NewGridWithColumns(len(cells), cells...)))
	})
	add := ui.NewButtonWithIcon("Add a "+fl.noun, theme.ContentAddIcon(), func() {
		p := f.host.Pack()
		k := freshKey(fl.read(hintsOf(p)))
		f.edit(editHints(p, func(d *graph.Display) {
			l := fl.write(d)
			*l = append(*l, graph.Face{Key: k, Text: k})
		}), nil)
	})
	add.Importance = widget.LowImportance
	f.place(fl.path+"/add", add)
	f.wide(container.NewHBox(add))
}

// objectHintFields adds the fields of the hint of the object type typ
// names ("*": every type without its own), their places under prefix:
// its title variable, its stats and its image. typ is read when a field
// is, so that a form following a renamed type edits the new name's hint.
func objectHintFields(f *Form, prefix string, typ func() string) {
	msg := f.messageFor(prefix+"message", "title: the variable naming an object (default name); stats: variables or properties, comma-separated")
	own := func(p *graph.Pack) graph.ObjectHint { h, _ := ownObjectHint(hintsOf(p), typ()); return h }
	field := func(label, name, placeholder string, get func(h graph.ObjectHint) string, check func(string) error, put func(h *graph.ObjectHint, v string)) {
		en := f.text(label, prefix+name, "display/objects/"+typ()+"/"+name, false,
			func(p *graph.Pack) (string, bool) { return get(own(p)), true },
			func(p *graph.Pack, v string) (graph.Edit, error) {
				if err := check(v); err != nil {
					return nil, err
				}
				return editHints(p, func(d *graph.Display) { put(objectHint(d, typ()), v) }), nil
			})
		en.SetPlaceHolder(placeholder)
		msg.attach(en)
	}
	none := func(string) error { return nil }
	field("title", "title", "name", func(h graph.ObjectHint) string { return h.Title }, none,
		func(h *graph.ObjectHint, v string) { h.Title = strings.TrimSpace(v) })
	field("stats", "stats", "power, toughness", func(h graph.ObjectHint) string { return strings.Join(h.Stats, ", ") }, none,
		func(h *graph.ObjectHint, v string) { h.Stats = splitNames(v) })
	field("image", "image", "art/{type}.png", func(h graph.ObjectHint) string { return h.Image.Path }, checkImage,
		func(h *graph.ObjectHint, v string) { h.Image.Path = v })
	addImageButton(f, prefix+"addimage", func(d *graph.Display, name string) { objectHint(d, typ()).Image.Path = name })
	f.wide(msg.label)
}

// addImageButton adds under an image field the button that copies an
// image file into the project (Host.AddImage) and makes the hint name it,
// one undo step.
func addImageButton(f *Form, path string, put func(d *graph.Display, name string)) {
	b := widget.NewButton("Add image file…", func() {
		f.host.AddImage(func(name string) {
			if p := f.host.Pack(); p != nil {
				f.host.Do(editHints(p, func(d *graph.Display) { put(d, name) }))
			}
		})
	})
	f.place(path, b)
	f.row("", b)
}

// shownVariables adds the lists of game and player variables shown.
func shownVariables(f *Form) {
	msg := f.messageFor("variables/message", "names, comma-separated: the game's in the centre, each player's in their area")
	for _, which := range []string{"game", "player"} {
		list := func(d *graph.Display) *[]string {
			if which == "game" {
				return &d.Variables.Game
			}
			return &d.Variables.Player
		}
		en := f.text(which, "variables/"+which, "display/variables/"+which, false,
			func(p *graph.Pack) (string, bool) { return strings.Join(*list(hintsOf(p)), ", "), true },
			func(p *graph.Pack, v string) (graph.Edit, error) {
				return editHints(p, func(d *graph.Display) { *list(d) = splitNames(v) }), nil
			})
		en.SetPlaceHolder("every public variable")
		msg.attach(en)
	}
	f.wide(msg.label)
}

// defaultChoice is the drop-down entry of a location's at or as left to
// the table's default.
const defaultChoice = "(default)"

// locationRows adds a row per location hint (its name, where it lies and
// how its cards lie, a button deleting it) and a button adding one.
func locationRows(f *Form) {
	msg := f.messageFor("locations/message", "a deck location (hand) or object zone (battlefield); at: seat or centre; as: fan, pile or row")
	f.list(func(p *graph.Pack) int { return len(hintsOf(p).Locations) }, func(sub *Form, i int) {
		path := "locations/" + strconv.Itoa(i) + "/"
		get := func(field func(graph.LocationHint) string) Getter {
			return func(p *graph.Pack) (string, bool) {
				ls := hintsOf(p).Locations
				if i >= len(ls) {
					return "", false
				}
				return field(ls[i]), true
			}
		}
		set := func(check func(ls []graph.LocationHint, v string) error, put func(l *graph.LocationHint, v string)) Setter {
			return func(p *graph.Pack, v string) (graph.Edit, error) {
				ls := hintsOf(p).Locations
				if i >= len(ls) {
					return nil, fmt.Errorf("location row %d is gone", i+1)
				}
				if err := check(ls, v); err != nil {
					return nil, err
				}
				return editHints(p, func(d *graph.Display) { put(&d.Locations[i], v) }), nil
			}
		}
		name := sub.commit("", path+"name", get(func(l graph.LocationHint) string { return l.Name }),
			set(func(ls []graph.LocationHint, v string) error { return checkLocationName(ls, i, v) },
				func(l *graph.LocationHint, v string) { l.Name = strings.TrimSpace(v) }))
		name.SetPlaceHolder("location")
		msg.attach(name)
		word := func(field string, words []string, read func(l graph.LocationHint) string, put func(l *graph.LocationHint, v string)) *ui.Select {
			return sub.choice("", path+field, func(*graph.Pack) []string { return append([]string{defaultChoice}, words...) },
				get(func(l graph.LocationHint) string { return orDefault(read(l)) }),
				set(func([]graph.LocationHint, string) error { return nil }, func(l *graph.LocationHint, v string) {
					if v == defaultChoice {
						v = ""
					}
					put(l, v)
				}))
		}
		at := word("at", graph.AtWords, func(l graph.LocationHint) string { return l.At }, func(l *graph.LocationHint, v string) { l.At = v })
		as := word("as", graph.AsWords, func(l graph.LocationHint) string { return l.As }, func(l *graph.LocationHint, v string) { l.As = v })
		del := ui.NewButtonWithIcon("", theme.DeleteIcon(), func() {
			sub.edit(editHints(sub.host.Pack(), func(d *graph.Display) { d.Locations = slices.Delete(d.Locations, i, i+1) }), nil)
		})
		del.Importance = widget.LowImportance
		sub.place(path+"delete", del)
		sub.row("location", container.NewBorder(nil, nil, nil, del, container.NewGridWithColumns(3, name, at, as)))
	})
	add := ui.NewButtonWithIcon("Add a location", theme.ContentAddIcon(), func() {
		p := f.host.Pack()
		ls := hintsOf(p).Locations
		name := freshName("location", func(n string) bool {
			return slices.ContainsFunc(ls, func(l graph.LocationHint) bool { return l.Name == n })
		})
		f.edit(editHints(p, func(d *graph.Display) { d.Locations = append(d.Locations, graph.LocationHint{Name: name}) }), nil)
	})
	add.Importance = widget.LowImportance
	f.place("locations/add", add)
	f.wide(container.NewHBox(add))
	f.wide(msg.label)
}

// checkLocationName says why name cannot be location hint i's, or nil.
func checkLocationName(ls []graph.LocationHint, i int, name string) error {
	name = strings.TrimSpace(name)
	if name == "" {
		return fmt.Errorf("a location's name cannot be empty: write a deck location (hand) or an object zone (battlefield)")
	}
	for j, l := range ls {
		if j != i && l.Name == name {
			return fmt.Errorf("location %s has a row already (row %d): give each location one row", name, j+1)
		}
	}
	return nil
}

// orDefault is w, or defaultChoice when it is empty.
func orDefault(w string) string {
	if w == "" {
		return defaultChoice
	}
	return w
}
