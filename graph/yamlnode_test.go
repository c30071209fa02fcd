package graph

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// TestCodeTextRoundTrips: any text of a code field (strNode) writes as YAML that reads
// back the same. Code starting with an empty line ("\nx = 1", typed after an
// empty selector) was written as a literal block the YAML library cannot
// read back ("did not find expected key"): the window exerciser found it.
func TestCodeTextRoundTrips(t *testing.T) {
	for _, src := range codeTexts {
		codeRoundTrip(t, src)
	}
}

// codeTexts are texts of code fields whose YAML is a corner: blocks, their
// first and last lines, spaces, tabs.
var codeTexts = []string{
	"x = 1", "\nx = 1", "\n\nx = 1\n", "\n", "  x = 1\ny = 2", "x = 1\n", "x = 1\n\n",
	"if a:\n    b()\n", "a \nb", "a\tb\nc", " \n x", "x\n  \n",
}

// FuzzCodeRoundTrip: TestCodeTextRoundTrips for any text.
func FuzzCodeRoundTrip(f *testing.F) {
	for _, s := range codeTexts {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			t.Skip("a pack is UTF-8")
		}
		codeRoundTrip(t, src)
	})
}

// codeRoundTrip writes src as a code field nested as a clause's is, reads
// it back and fails unless it comes back the same.
func codeRoundTrip(t *testing.T, src string) {
	t.Helper()
	doc := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{
		strNode("while"), {Kind: yaml.SequenceNode, Content: []*yaml.Node{{Kind: yaml.MappingNode, Content: []*yaml.Node{
			strNode("body"), strNode(src), strNode("next"), strNode("after"),
		}}}},
	}}
	out, err := yaml.Marshal(doc)
	if err != nil {
		t.Errorf("%q: %v", src, err)
		return
	}
	var back struct {
		While []struct {
			Body Code   `yaml:"body"`
			Next string `yaml:"next"`
		} `yaml:"while"`
	}
	if err := yaml.Unmarshal(out, &back); err != nil {
		t.Errorf("%q written as\n%s\ndoes not read back: %v", src, out, err)
		return
	}
	if len(back.While) != 1 || back.While[0].Body.Src != src || back.While[0].Next != "after" {
		t.Errorf("%q written as\n%s\nreads back as %+v", src, out, back.While)
	}
}

// TestEmptyEditorSectionIsNotWritten: a pack whose editor section holds no
// position (every state deleted: the positions map left empty) writes as a
// pack without one, as the project file gives it back. It wrote
// "editor: {}", so the pack on screen and the pack saved and opened again
// differed (found by the window exerciser, seed 4).
func TestEmptyEditorSectionIsNotWritten(t *testing.T) {
	for _, ed := range []*Editor{{}, {Positions: map[string]Point{}}} {
		p := &Pack{Name: "empty", Editor: ed}
		out, err := Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(out, []byte("editor")) {
			t.Errorf("%+v writes as\n%s", ed, out)
		}
	}
	p := &Pack{Name: "one", Editor: &Editor{Positions: map[string]Point{"1": {X: 1, Y: 2}}}}
	out, err := Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte("editor:")) {
		t.Errorf("a position is not written:\n%s", out)
	}
}
