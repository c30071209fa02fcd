package graph

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVisibilityRoundTrip: a pack's visibility section reads into the model
// (names, words, in the author's order) and writes back byte for byte.
func TestVisibilityRoundTrip(t *testing.T) {
	path := filepath.Join("testdata", "visibility.yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(data, path)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, loc := range []string{"removed", "discard", "aside", "hand", "deck", "given", "table"} {
		got[loc] = p.LocationSight(loc)
	}
	want := map[string]string{"removed": "nobody", "discard": "everyone", "aside": "count", "hand": "owner",
		"deck": "count", "given": "count", "table": "everyone"} // the last three are defaults
	for loc, w := range want {
		if got[loc] != w {
			t.Errorf("location %s: got %q, want %q", loc, got[loc], w)
		}
	}
	for zone, w := range map[string]string{"hand": "owner", "library": "count", "exile": "nobody", "battlefield": "everyone"} {
		if got := p.ZoneSight(zone); got != w {
			t.Errorf("object zone %s: got %q, want %q", zone, got, w)
		}
	}
	if !p.PrivateVariable("seen") || p.PrivateVariable("tokens") || p.PrivateVariable("score") {
		t.Errorf("variables: seen private %v, tokens %v, score %v; want true, false, false",
			p.PrivateVariable("seen"), p.PrivateVariable("tokens"), p.PrivateVariable("score"))
	}
	if !p.PrivateTag("protected") || p.PrivateTag("other") {
		t.Errorf("tags: protected private %v, other %v", p.PrivateTag("protected"), p.PrivateTag("other"))
	}
	if s := p.Visibility.Locations[0]; s.Pos != (Pos{Line: 21, Column: 5}) || s.WordPos != (Pos{Line: 21, Column: 14}) {
		t.Errorf("removed: at %v, word at %v; want 21:5 and 21:14", s.Pos, s.WordPos)
	}
	out, err := Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, data) {
		t.Fatalf("save after load differs:\n%s", out)
	}
	for _, d := range Check(p) {
		if d.Rule == "visibility-word" {
			t.Errorf("a correct visibility section has a finding: %v", d)
		}
	}
	var buf bytes.Buffer // split into documents (visibility in pack.yaml) and joined again
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

// TestVisibilityDefaults: a pack without the key sees locations as the
// engine always did (BGA's Deck conventions) and keeps everything public.
func TestVisibilityDefaults(t *testing.T) {
	p := &Pack{}
	for loc, w := range map[string]string{"hand": "owner", "deck": "count", "given": "count", "discard": "everyone", "cardsontable": "everyone"} {
		if got := p.LocationSight(loc); got != w {
			t.Errorf("%s: got %q, want %q", loc, got, w)
		}
	}
	if got := p.ZoneSight("hand"); got != "everyone" {
		t.Errorf("object zone hand: got %q, want everyone (objects are public by default)", got)
	}
	if p.PrivateVariable("x") || p.PrivateTag("x") {
		t.Error("a pack without visibility has private names")
	}
}

// TestVisibilityUnknownWord: a word its section does not take is an error at
// the word's line and column, naming the words it takes; the schema refuses
// it too.
func TestVisibilityUnknownWord(t *testing.T) {
	src := "format: 1\npack: x\nstates: []\nvisibility:\n  locations:\n    removed: hidden\n  tags:\n    countess: secret\n  zones:\n    library: private\n"
	p, err := Parse([]byte(src), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range Check(p) {
		if d.Rule == "visibility-word" {
			got = append(got, d.String())
		}
	}
	want := []string{
		`x.yaml:6:14: error: visibility.locations.removed: "hidden" is not a visibility; write one of everyone, owner, count, nobody`,
		`x.yaml:8:15: error: visibility.tags.countess: "secret" is not a visibility; write one of public, private`,
		`x.yaml:10:14: error: visibility.zones.library: "private" is not a visibility; write one of everyone, owner, count, nobody`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, err := Parse([]byte("format: 1\npack: x\nstates: []\nvisibility:\n  locations:\n    removed: [a]\n"), "x.yaml"); err == nil || !strings.Contains(err.Error(), "x.yaml:6:14") {
		t.Fatalf("a list for a word: got %v, want an error at 6:14", err)
	}
}
