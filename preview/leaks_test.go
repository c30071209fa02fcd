package preview

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// leakPack reads a pack of testdata/leaks.
func leakPack(t *testing.T, name string) (*graph.Pack, string) {
	t.Helper()
	path := filepath.Join("testdata", "leaks", name+".yaml")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := graph.Parse(data, name+".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p, string(data)
}

// marked returns where token is on the line of text marked "# LEAK".
func marked(t *testing.T, text, token string) graph.Pos {
	t.Helper()
	for i, line := range strings.Split(text, "\n") {
		if strings.Contains(line, "# LEAK") {
			col := strings.Index(line, token)
			if col < 0 {
				t.Fatalf("no %q on the marked line %q", token, line)
			}
			return graph.Pos{Line: i + 1, Column: col + 1}
		}
	}
	t.Fatal("no line marked # LEAK")
	return graph.Pos{}
}

// foundLeak checks 5 matches of the test pack name (seed 1) and returns the
// pack, the leak found (failing when there is none) and the pack's text.
func foundLeak(t *testing.T, name string) (*graph.Pack, *Leak, string) {
	t.Helper()
	pack, text := leakPack(t, name)
	rep, err := CheckLeaks(context.Background(), pack, LeakOptions{Matches: 5, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Leak == nil {
		t.Fatalf("no leak found: %+v", rep)
	}
	return pack, rep.Leak, text
}

// TestLeaksFound: each kind of leak is reported at the rule that makes it
// (the line marked # LEAK, at the token given), to a seat that cannot see
// the card, and the record written opens at the step of the leak.
func TestLeaksFound(t *testing.T) {
	for _, tc := range []struct {
		pack, token, field, why string
	}{
		{"public-arg", `"top"`, "args.top", "carries a card's face"},
		{"granted-tag", "len(", "tag must_countess", "while clause"},
		{"drawn-variable", "game.last_drawn", "game.last_drawn", "carries a card's face"},
		{"notify-face", "notify(", "notification 1", "names a card's face"},
		{"copied-secret", "game.last", "game.last", "carries a card's face"},
		{"legal-moves", `deck.cards("hand", player_after`, "legal moves of take", "depend on what the seat cannot see"},
	} {
		t.Run(tc.pack, func(t *testing.T) {
			pack, l, text := foundLeak(t, tc.pack)
			if want := marked(t, text, tc.token); l.Pos != want || l.File != tc.pack+".yaml" {
				t.Errorf("leak at %s:%v, want %v: %s", l.File, l.Pos, want, l)
			}
			if !strings.Contains(l.Field, tc.field) || !strings.Contains(l.Why, tc.why) {
				t.Errorf("leak %s, want field %q, why %q", l, tc.field, tc.why)
			}
			if l.Values[0] == l.Values[1] {
				t.Errorf("the values of a leak must differ: %s", l)
			}
			s, err := Replay(pack, l.Record, "")
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Match().Step(); got != l.Step {
				t.Errorf("the record opens at step %d, the leak is at step %d", got, l.Step)
			}
		})
	}
}

// TestLeaksFoundInLog: a line of a seat's event log that changes with a
// card the seat cannot see, while its view and notifications do not, is a
// leak: a random draw whose range is the card's face, a public variable
// holding the face for a moment. The line names no rule (the log keeps
// none) and is given as the seat reads it in the match and in the copy.
func TestLeaksFoundInLog(t *testing.T) {
	for _, tc := range []struct{ pack, text string }{
		{"log-random", "random_drawn [turn] rand "},
		{"log-overwritten", "variable_changed [turn] game.shown "},
	} {
		t.Run(tc.pack, func(t *testing.T) {
			pack, l, _ := foundLeak(t, tc.pack)
			if !strings.HasPrefix(l.Field, "event log line ") || !strings.Contains(l.Why, "changes with what the seat cannot see") || l.File != tc.pack+".yaml" {
				t.Errorf("leak %s, want an event log line in %s.yaml", l, tc.pack)
			}
			for _, v := range l.Values {
				if !strings.Contains(v, tc.text) {
					t.Errorf("value %s, want the line %q...", v, tc.text)
				}
			}
			if l.Values[0] == l.Values[1] {
				t.Errorf("the values of a leak must differ: %s", l)
			}
			s, err := Replay(pack, l.Record, "")
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Match().Step(); got != l.Step {
				t.Errorf("the record opens at step %d, the leak is at step %d", got, l.Step)
			}
		})
	}
}

// TestLeaksAccepted: outcomes the rules announce (a guess's hit or miss, a
// comparison's loser, a hand put face up then named) and a private
// notification of a card to the player who drew it are no leak, though
// they change with the cards a seat cannot see (the copies they tell apart
// are set aside: Announced counts them). Nor are a notification passing a
// card, which a seat's log writes "a card" unless the seat sees it, and a
// look at a hand another seat's log writes "a card shown to Player 1", not
// by its id.
func TestLeaksAccepted(t *testing.T) {
	for _, name := range []string{"announce-guess", "announce-compare", "announce-faceup", "notify-private", "notify-card", "log-reveal"} {
		t.Run(name, func(t *testing.T) {
			pack, _ := leakPack(t, name)
			rep, err := CheckLeaks(context.Background(), pack, LeakOptions{Matches: 20, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Leak != nil {
				t.Fatalf("%s", rep.Leak)
			}
			if rep.Matches != 20 || rep.Decisions == 0 {
				t.Fatalf("checked nothing: %+v", rep)
			}
			if strings.HasPrefix(name, "announce-") && name != "announce-faceup" && rep.Announced == 0 {
				t.Errorf("no copy told apart by the announcement: the check compared nothing that changes: %+v", rep)
			}
		})
	}
}

// TestLeaksBundledPacks: no bundled pack leaks.
func TestLeaksBundledPacks(t *testing.T) {
	for _, name := range assets.Packs() {
		t.Run(name, func(t *testing.T) {
			matches := 3
			if name == "hearts" {
				matches = 1 // 440 decisions
			}
			rep, err := CheckLeaks(context.Background(), bundled(t, name), LeakOptions{Matches: matches, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Leak != nil {
				t.Fatalf("%s", rep.Leak)
			}
		})
	}
}

// TestLeaksCancel: a cancelled check stops with the context's error.
func TestLeaksCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	_, err := CheckLeaks(ctx, bundled(t, "tictactoe"), LeakOptions{Matches: 50, Seed: 1, Progress: func(done, total int) {
		calls++
		if done == 2 {
			cancel()
		}
	}})
	if err != context.Canceled || calls != 2 {
		t.Fatalf("err %v after %d matches, want context.Canceled after 2", err, calls)
	}
}
