package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"go.starlark.net/starlark"
)

// TestEncodeMoveForms: each kind of value has the text form graph.Move
// documents (written here by hand).
func TestEncodeMoveForms(t *testing.T) {
	ttt := newMatch(t, bundled(t, "tictactoe"), 2, Options{})
	mv := Move{Seat: 0, Action: "mark", Args: []starlark.Value{starlark.Tuple{starlark.MakeInt(1), starlark.MakeInt(2)}}}
	if gm, err := ttt.EncodeMove(mv); err != nil || gm.String() != `{"player":1,"action":"mark","args":{"cell":[1,2]}}` {
		t.Errorf("tictactoe: %s %v", gm, err)
	}
	seeds := seedsMatch(t)
	moves, _ := seeds.Legal(seeds.Active())
	for _, mv := range moves {
		gm, err := seeds.EncodeMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"draw": "", "pass": ""}
		if mv.Action == "playCard" {
			want["playCard"] = `{"card":{"object":` + itoa(mv.Args[0].(*objectValue).id) + `}}`
		}
		if string(gm.Args) != want[mv.Action] || gm.Player != seeds.Active()+1 {
			t.Errorf("seeds %s: %s", mv, gm)
		}
	}
	hearts := newMatch(t, bundled(t, "hearts"), 4, Options{Seed: 1})
	moves, _ = hearts.LegalAll()
	gm, err := hearts.EncodeMove(moves[0])
	if err != nil || !strings.HasPrefix(string(gm.Args), `{"cards":[{"deck":"deck","card":`) {
		t.Errorf("hearts: %s %v", gm, err)
	}
	values := map[string]starlark.Value{
		`null`: starlark.None, `true`: starlark.True, `-3`: starlark.MakeInt(-3), `2.5`: starlark.Float(2.5), `2.0`: starlark.Float(2),
		`"a\"b"`: starlark.String(`a"b`), `{"player":2}`: ttt.pvals[1], `[[1],[]]`: starlark.NewList([]starlark.Value{starlark.Tuple{starlark.MakeInt(1)}, starlark.NewList(nil)}),
	}
	for want, v := range values {
		var buf bytes.Buffer
		if err := writeValue(&buf, v, 0, nil); err != nil || buf.String() != want {
			t.Errorf("%s: %s %v", want, buf.String(), err)
		}
	}
	if _, err := ttt.EncodeMove(Move{Action: "mark", Args: []starlark.Value{starlark.NewBuiltin("f", nil)}}); err == nil {
		t.Error("a function encoded")
	}
}

// TestMoveRoundTrip: every move bots take in random matches of every
// bundled pack reads back, from its text form, as the very move.
func TestMoveRoundTrip(t *testing.T) {
	for _, pack := range assets.Packs() {
		p := bundled(t, pack)
		seats := p.Pack.Players.Min
		for seed := uint64(1); seed <= 3; seed++ {
			m := newMatch(t, p, seats, Options{Seed: seed, NoHistory: true})
			bot := &roundTripBot{t: t, bot: NewRandomBot(seed)}
			if _, err := m.Play(bot, 60); err != nil {
				t.Fatal(err)
			}
			if bot.n == 0 {
				t.Fatalf("%s: no move checked", pack)
			}
		}
	}
}

type roundTripBot struct {
	t   *testing.T
	bot *RandomBot
	n   int
}

func (b *roundTripBot) Choose(m *Match, moves []Move) Move {
	mv := b.bot.Choose(m, moves)
	gm, err := m.EncodeMove(mv)
	if err != nil {
		b.t.Fatal(err)
	}
	// Through the text a file holds: spaces and key order do not matter.
	var loose map[string]any
	_ = json.Unmarshal(gm.Args, &loose)
	gm.Args, _ = json.MarshalIndent(loose, "", "  ")
	back, err := m.DecodeMove(gm)
	if err != nil || back.String() != mv.String() || len(back.Args) != len(mv.Args) {
		b.t.Fatalf("%s read back as %s (%v) from %s", mv, back, err, gm)
	}
	for i := range mv.Args {
		if eq, _ := starlark.Equal(mv.Args[i], back.Args[i]); !eq || mv.Args[i].Type() != back.Args[i].Type() {
			b.t.Fatalf("%s: argument %d read back as %s", mv, i, back.Args[i])
		}
	}
	b.n++
	return mv
}

// TestDecodeMoveRefusals: a move that reads but is not legal is refused by
// Apply with the engine's reason; one that does not read says why.
func TestDecodeMoveRefusals(t *testing.T) {
	m := newMatch(t, bundled(t, "tictactoe"), 2, Options{})
	refused := map[string]string{
		`{"player":1,"action":"mark","args":{"cell":[5,5]}}`: "argument cell = (5, 5) is not in its domain (board.empty())",
		`{"player":2,"action":"mark","args":{"cell":[0,0]}}`: "player 2 is not deciding in playerTurn",
		`{"player":1,"action":"mark","args":{"cell":"a1"}}`:  `argument cell: want cell, got string`,
	}
	for text, why := range refused {
		var gm graph.Move
		if err := json.Unmarshal([]byte(text), &gm); err != nil {
			t.Fatal(err)
		}
		mv, err := m.DecodeMove(gm)
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		var ie *IllegalError
		if err := m.Apply(mv); !errors.As(err, &ie) || ie.Reason != why {
			t.Errorf("%s: %v, want %s", text, err, why)
		}
	}
	unreadable := map[string]string{
		`{"player":1,"action":"jump"}`:                                       `the pack has no action "jump"`,
		`{"player":1,"action":"makr"}`:                                       `the pack has no action "makr"; did you mean "mark"?`,
		`{"player":3,"action":"mark","args":{"cell":[0,0]}}`:                 "there is no player 3 (the match has 2 seats)",
		`{"player":1,"action":"mark"}`:                                       "mark needs argument cell",
		`{"player":1,"action":"mark","args":{"cell":[0,0],"x":1}}`:           `mark has no parameter "x"`,
		`{"player":1,"action":"mark","args":{"cell":[{"object":99},0]}}`:     "argument cell: there is no object #99",
		`{"player":1,"action":"mark","args":{"cell":[{"player":7},0]}}`:      "argument cell: there is no player 7 (the match has 2 seats)",
		`{"player":1,"action":"mark","args":{"cell":{"deck":"d","card":1}}}`: "argument cell: there is no deck d",
	}
	for text, want := range unreadable {
		var gm graph.Move
		if err := json.Unmarshal([]byte(text), &gm); err != nil {
			t.Fatal(err)
		}
		if _, err := m.DecodeMove(gm); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", text, err, want)
		}
	}
}
