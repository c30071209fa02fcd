package graph

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDisplayRoundTrip: a pack's display section reads into the model (in
// the author's order, with positions) and writes back byte for byte, whole
// and split into documents; a correct section has no finding.
func TestDisplayRoundTrip(t *testing.T) {
	path := filepath.Join("testdata", "display.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(data, path)
	if err != nil {
		t.Fatal(err)
	}
	d := p.Display
	if d == nil {
		t.Fatal("no display section read")
	}
	ch, ok := d.Card("cards")
	if !ok || len(ch.Types) != 2 || ch.Types[1] != (Face{Key: "2", Text: "♥", Color: "red", Pos: Pos{30, 43}, ColorPos: Pos{30, 63}}) {
		t.Errorf("cards: %+v", ch)
	}
	if f, ok := Lookup(ch.Args, "11"); !ok || f.Text != "J" || ch.Image.Path != "cards/{type}-{type_arg}.svg" {
		t.Errorf("args and image: %+v", ch)
	}
	if o, ok := d.Object("elf"); !ok || o.Title != "name" || strings.Join(o.Stats, ",") != "power,toughness" {
		t.Errorf("elf: %+v", o)
	}
	if o, ok := d.Object("goblin"); !ok || o.Stats[0] != "cost" {
		t.Errorf("a type without a hint of its own takes *'s: %+v", o)
	}
	if b, ok := d.Board("board"); !ok || b.Color != "#1e5aa8" || b.Cells[1].Color != "yellow" || b.Cells[0].Text != "X" {
		t.Errorf("board: %+v", b)
	}
	if l, ok := d.Location("discard"); !ok || l.At != AtCentre || l.As != AsPile || l.AsPos != (Pos{45, 31}) {
		t.Errorf("discard: %+v", l)
	}
	if strings.Join(d.Variables.Player, ",") != "life" || strings.Join(d.Variables.Game, ",") != "turns" {
		t.Errorf("variables: %+v", d.Variables)
	}
	out, err := Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, data) {
		t.Fatalf("save after load differs:\n%s", out)
	}
	for _, diag := range Check(p) {
		if diag.Rule == "display-hint" {
			t.Errorf("a correct display section has a finding: %v", diag)
		}
	}
	var buf bytes.Buffer
	if err := WriteMultiDoc(&buf, p); err != nil {
		t.Fatal(err)
	}
	joined, err := ReadMultiDoc(buf.Bytes(), path)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := Marshal(joined); !bytes.Equal(again, data) {
		t.Fatalf("split and joined, the pack differs:\n%s", again)
	}
}

// TestDisplayProblems: each hint the pack cannot take is an error of
// validate at its line and column, saying what to write instead.
func TestDisplayProblems(t *testing.T) {
	src := `format: 1
pack: x
states: []
decks: [cards]
display:
  cards:
    card:
      types: {1: {text: S, color: reddish}}
  objects:
    goblin: {image: /etc/goblin.png}
  boards:
    board: {color: '#12'}
  locations:
    hand: {at: left, as: heap}
`
	p, err := Parse([]byte(src), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range Check(p) {
		if d.Rule == "display-hint" {
			got = append(got, d.String())
		}
	}
	want := []string{
		`x.yaml:7:5: error: display.cards.card: the pack has no deck "card" (decks: cards)`,
		`x.yaml:8:35: error: display.cards.card.types.1: "reddish" is not a colour; write #rrggbb or one of black, white, red, yellow, green, blue, orange, purple, brown, grey, gold, teal`,
		`x.yaml:10:5: error: display.objects.goblin: the pack has no object type "goblin"`,
		`x.yaml:10:21: error: display.objects.goblin.image: "/etc/goblin.png" is not an image beside the pack; write a relative path of an .svg or .png file`,
		`x.yaml:12:5: error: display.boards.board: the pack has no board "board"`,
		`x.yaml:12:20: error: display.boards.board.color: "#12" is not a colour; write #rrggbb or one of black, white, red, yellow, green, blue, orange, purple, brown, grey, gold, teal`,
		`x.yaml:14:16: error: display.locations.hand.at: "left" is not a place on the table; write one of seat, centre`,
		`x.yaml:14:26: error: display.locations.hand.as: "heap" is not a way cards lie; write one of fan, pile, row`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDisplayUnknownKey: a key the section does not have is refused when
// the pack is read, at the key, naming the keys there are.
func TestDisplayUnknownKey(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"display:\n  card: {}\n", `x.yaml:6:3: display: unknown key "card"; the keys are cards, objects, boards, variables, locations`},
		{"display:\n  locations:\n    hand: {where: seat}\n", `x.yaml:7:12: display.locations.hand: unknown key "where"; the keys are as, at`},
	} {
		_, err := Parse([]byte("format: 1\npack: x\nstates: []\ndecks: [cards]\n"+tt.src), "x.yaml")
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("got %v, want %s", err, tt.want)
		}
	}
}

// TestPackHashIgnoresDisplay: display hints are not rules. A record made
// before a card was given a colour still names the pack it was played on.
func TestPackHashIgnoresDisplay(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "display.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(data, "display.yaml")
	if err != nil {
		t.Fatal(err)
	}
	with, err := PackHash(p)
	if err != nil {
		t.Fatal(err)
	}
	p.Display = nil
	without, _ := PackHash(p)
	if with != without {
		t.Errorf("display hints change the pack hash: %s with, %s without", with, without)
	}
}
