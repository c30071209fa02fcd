package editor

import (
	"regexp"
	"strings"
	"testing"

	"github.com/rulestudio/studio/editor/internal/testpack"
)

// commandLineTalk matches what a message in the window must not say: a
// command line's flag, a file name the designer never wrote ("<console>"),
// a rule's internal part name in brackets.
var commandLineTalk = regexp.MustCompile(`--[a-z]|<console>|console:|\((deciding|who|domain|precondition|match)\)|·\s+·|\b1 [a-z]+s\b`)

// TestMessagesSpeakToDesigners: the status line, the watches, the console
// and the refusals under the Play panel's actions speak to a designer:
// "1 diagnostic", no empty "·  ·" where a file name would be, no
// "<console>:1:5: console:", no "(deciding)".
func TestMessagesSpeakToDesigners(t *testing.T) {
	e := matchEditor(t, "seeds", "7", person, person)
	e.updateTitle()
	if got := e.status.Text; commandLineTalk.MatchString(got) || !strings.Contains(got, "6 states") {
		t.Errorf("status line %q", got)
	}
	p := e.Play
	p.AddWatch("no_such_name")
	p.AddWatch("1 +")
	_, shown := p.Watches()
	for _, w := range shown {
		if commandLineTalk.MatchString(w) {
			t.Errorf("watch %q", w)
		}
	}
	if len(shown) != 2 || !strings.Contains(shown[0], "no_such_name") || !strings.Contains(shown[0], "undefined") || !strings.Contains(shown[1], "column") {
		t.Errorf("watches %q: want each to say what is wrong and where", shown)
	}
	console := debugEntry(t, e, "Starlark on the match")
	console.SetText("nosuch")
	p.Eval(console.Text)
	if got := p.Output(); commandLineTalk.MatchString(got) || !strings.Contains(got, "undefined") {
		t.Errorf("console %q", got)
	}
	if _, err := parsePlaytest("99999999999", "2", "1", "random"); err == nil || commandLineTalk.MatchString(err.Error()) {
		t.Errorf("too many playtest matches: %v", err)
	}
	refused := p.Refused()
	if commandLineTalk.MatchString(refused) || !strings.Contains(refused, "player 2") {
		t.Errorf("refusals %q", refused)
	}
}

// TestStatusLinePlurals: one of a thing is singular, and the place is left
// out, separator and all, when the pack has none.
func TestStatusLinePlurals(t *testing.T) {
	e, _ := newTestEditor(t)
	p := testpack.Bundled(t, "seeds")
	p.States = p.States[:1]
	p.States[0].Transitions = p.States[0].Transitions[:1]
	e.SetPack(p, nil)
	settle(e)
	e.updateTitle()
	got := e.status.Text
	if commandLineTalk.MatchString(got) || !strings.HasPrefix(got, "1 state, 1 transition, ") {
		t.Errorf("status line %q", got)
	}
}
