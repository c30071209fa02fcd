package graph

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// Display is how a pack's table is drawn (the pack's "display" key): how a
// card reads, what a board's cell values look like, which variables are
// shown and where each card location or object zone lies. Every part is
// optional; the table view (preview/scene) draws a readable default for
// whatever a pack leaves out. The engine never reads it.
type Display struct {
	Cards     []CardHint     // by deck, in the author's order
	Objects   []ObjectHint   // by object type ("*": every type without its own)
	Boards    []BoardHint    // by board
	Variables VariableHint   // the game's and the players' variables shown
	Locations []LocationHint // by deck location or object zone
}

// CardHint says how a deck's cards read: the text and colour of each type
// (Hearts' suits), the text of each type_arg (ranks: 11 J, 14 A; any other
// reads as its number), and an image per card.
type CardHint struct {
	Deck  string
	Types []Face // by type as the view writes it ("2", "Baron")
	Args  []Face // by type_arg ("11")
	Image Image  // a path that may hold {type} and {type_arg}
	Pos   Pos    // the deck's name
}

// ObjectHint says how an object type's objects read: the variable that is
// their title (default "name", else the type), the values shown as stats
// (default power and toughness when the type has them) and an image.
type ObjectHint struct {
	Type     string
	Title    string
	Stats    []string
	Image    Image
	Pos      Pos // the type's name
	TitlePos Pos
}

// BoardHint says what a board's cells look like: the board's colour and,
// by cell value, a glyph, a colour, or both (a colour alone is a disc).
type BoardHint struct {
	Board    string
	Color    string
	Cells    []Face // by cell value ("1")
	Pos      Pos
	ColorPos Pos
}

// VariableHint names the variables drawn on the table: the game's (in the
// centre) and each player's (in the player's area), in order. With none
// named, every public variable is drawn.
type VariableHint struct {
	Game   []string
	Player []string
}

// LocationHint says where a deck location or object zone lies on the table
// (At: "seat", an area per seat; "centre") and how its cards lie (As: "fan",
// "pile" with a count, "row").
type LocationHint struct {
	Name  string
	At    string
	As    string
	Pos   Pos
	AtPos Pos
	AsPos Pos
}

// Face is how one key (a card type, a type_arg, a cell value) reads: its
// text and colour. In YAML a scalar is the text alone.
type Face struct {
	Key      string
	Text     string
	Color    string
	Pos      Pos
	ColorPos Pos
}

// Image is a pack-relative path of an SVG or PNG file. The project file
// does not hold the image's bytes yet: the path is read beside the pack.
type Image struct {
	Path string
	Pos  Pos
}

// Where a location lies and how its cards lie ([LocationHint]).
const (
	AtSeat   = "seat"
	AtCentre = "centre"
	AsFan    = "fan"
	AsPile   = "pile"
	AsRow    = "row"
)

// AtWords and AsWords are the words a location's at and as take.
var (
	AtWords = []string{AtSeat, AtCentre}
	AsWords = []string{AsFan, AsPile, AsRow}
)

// ColorNames are the colour names a display hint takes besides #rgb and
// #rrggbb.
var ColorNames = []string{"black", "white", "red", "yellow", "green", "blue", "orange", "purple", "brown", "grey", "gold", "teal"}

var hexColor = regexp.MustCompile(`^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)

// ValidColor reports whether c is a colour a hint takes.
func ValidColor(c string) bool { return hexColor.MatchString(c) || contains(ColorNames, c) }

// ValidImagePath reports whether p is an image path a hint takes: empty
// (no image), or a path relative to the pack's folder, not above it, of an
// .svg or .png file.
func ValidImagePath(p string) bool {
	if p == "" {
		return true
	}
	ext := strings.ToLower(path.Ext(p))
	return !path.IsAbs(p) && !strings.HasPrefix(path.Clean(p), "..") && (ext == ".svg" || ext == ".png")
}

// Location returns the hint for location or zone name, if the pack has one.
func (d *Display) Location(name string) (LocationHint, bool) {
	if d != nil {
		for _, l := range d.Locations {
			if l.Name == name {
				return l, true
			}
		}
	}
	return LocationHint{}, false
}

// Card returns the hint for deck's cards, if the pack has one.
func (d *Display) Card(deck string) (CardHint, bool) {
	if d != nil {
		for _, c := range d.Cards {
			if c.Deck == deck {
				return c, true
			}
		}
	}
	return CardHint{}, false
}

// Object returns the hint for objects of type typ: its own, else the "*"
// hint, if the pack has either.
func (d *Display) Object(typ string) (ObjectHint, bool) {
	var star *ObjectHint
	if d != nil {
		for i, o := range d.Objects {
			if o.Type == typ {
				return o, true
			}
			if o.Type == "*" {
				star = &d.Objects[i]
			}
		}
	}
	if star != nil {
		return *star, true
	}
	return ObjectHint{}, false
}

// Board returns the hint for board, if the pack has one.
func (d *Display) Board(board string) (BoardHint, bool) {
	if d != nil {
		for _, b := range d.Boards {
			if b.Board == board {
				return b, true
			}
		}
	}
	return BoardHint{}, false
}

// Lookup returns the face given to key, if any.
func Lookup(fs []Face, key string) (Face, bool) {
	for _, f := range fs {
		if f.Key == key {
			return f, true
		}
	}
	return Face{}, false
}

// checkDisplay reports what the display section names that the pack has not
// and the words, colours and paths it cannot take (display-hint), each at
// its line and column.
func (c *checker) checkDisplay() {
	for _, e := range c.p.Display.Problems(c.p) {
		c.report(Error, "display-hint", e.Pos, StateID{}, "%s", e.Msg)
	}
}

// Problems returns an error for each hint of d that p cannot take: a deck,
// board or object type p does not have, a word at or as does not take, a
// colour that is not one, an image that is not a pack-relative .svg or .png
// path. A nil d has none.
func (d *Display) Problems(p *Pack) []*PosError {
	if d == nil {
		return nil
	}
	var out []*PosError
	bad := func(pos Pos, format string, args ...any) {
		out = append(out, &PosError{Pos: pos, Msg: fmt.Sprintf(format, args...)})
	}
	faces := func(where string, fs []Face) {
		for _, f := range fs {
			if f.Color != "" && !ValidColor(f.Color) {
				bad(f.ColorPos, "display.%s.%s: %q is not a colour; write #rrggbb or one of %s", where, f.Key, f.Color, strings.Join(ColorNames, ", "))
			}
		}
	}
	image := func(where string, im Image) {
		if !ValidImagePath(im.Path) {
			bad(im.Pos, "display.%s.image: %q is not an image beside the pack; write a relative path of an .svg or .png file", where, im.Path)
		}
	}
	for _, ch := range d.Cards {
		if !contains(p.Decks, ch.Deck) {
			bad(ch.Pos, "display.cards.%s: the pack has no deck %q (decks: %s)", ch.Deck, ch.Deck, strings.Join(p.Decks, ", "))
		}
		faces("cards."+ch.Deck+".types", ch.Types)
		faces("cards."+ch.Deck+".args", ch.Args)
		image("cards."+ch.Deck, ch.Image)
	}
	for _, oh := range d.Objects {
		if oh.Type != "*" && p.ObjectTypes.Lookup(oh.Type) == nil {
			bad(oh.Pos, "display.objects.%s: the pack has no object type %q", oh.Type, oh.Type)
		}
		image("objects."+oh.Type, oh.Image)
	}
	for _, bh := range d.Boards {
		if !hasBoard(p.Boards, bh.Board) {
			bad(bh.Pos, "display.boards.%s: the pack has no board %q", bh.Board, bh.Board)
		}
		if bh.Color != "" && !ValidColor(bh.Color) {
			bad(bh.ColorPos, "display.boards.%s.color: %q is not a colour; write #rrggbb or one of %s", bh.Board, bh.Color, strings.Join(ColorNames, ", "))
		}
		faces("boards."+bh.Board+".cells", bh.Cells)
	}
	for _, lh := range d.Locations {
		if lh.At != "" && !contains(AtWords, lh.At) {
			bad(lh.AtPos, "display.locations.%s.at: %q is not a place on the table; write one of %s", lh.Name, lh.At, strings.Join(AtWords, ", "))
		}
		if lh.As != "" && !contains(AsWords, lh.As) {
			bad(lh.AsPos, "display.locations.%s.as: %q is not a way cards lie; write one of %s", lh.Name, lh.As, strings.Join(AsWords, ", "))
		}
	}
	return out
}

func hasBoard(bs Boards, name string) bool {
	for _, b := range bs {
		if b.Name == name {
			return true
		}
	}
	return false
}
