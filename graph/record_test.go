package graph

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestRecordCanonical: a record file written by hand in the canonical form
// reads and writes back byte for byte, and holds what it says.
func TestRecordCanonical(t *testing.T) {
	data, err := os.ReadFile("testdata/tictactoe.record.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := ReadRecord(data, "tictactoe.record.json")
	if err != nil {
		t.Fatal(err)
	}
	if r.Seed != 7 || len(r.Seats) != 2 || r.Seats[1].Bot != "random" || len(r.Moves) != 4 ||
		r.Moves[1].Player != 2 || string(r.Moves[1].Args) != `{"cell":[0,0]}` || r.Moves[2].WaitMS != 1500 {
		t.Fatalf("read %+v", r)
	}
	out, err := r.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != string(data) {
		t.Errorf("written back:\n%s\nwant\n%s", out, data)
	}
	// Spaces inside args are not part of the canonical form.
	r.Moves[0].Args = []byte(`{ "cell" : [1, 1] }`)
	if again, _ := r.Marshal(); string(again) != string(data) {
		t.Errorf("args with spaces written as:\n%s", again)
	}
}

func TestReadRecordErrors(t *testing.T) {
	good := `{"format": 1, "pack": "p", "pack_hash": "h", "seed": 1, "seats": [{}, {}], "moves": [` + "\n" + `%s]}`
	cases := []struct{ text, want string }{
		{`{"format": 1, "pack": "p",`, "r.json:1:27: the JSON ends too soon"},
		{`{"format": "one"}`, "r.json:1:12: format must be a whole number, not a JSON string"},
		{`{"format": 1, "seats": [{}], "bots": 2}`, `r.json:1:30: unknown key "bots"`},
		{`{"pack": "p", "seats": [{}]}`, `r.json: missing "format" (the record format version)`},
		{`{"format": 2, "seats": [{}]}`, "r.json: record format 2 is newer than this studio reads (1)"},
		{`{"format": 1, "seats": []}`, `r.json: a record needs "seats" (one per player)`},
		{`{"format": 1, "seats": [{}]} {}`, "r.json:1:30: a record file holds one JSON object; more follows it"},
		{strings.Replace(good, "%s", `{"player": 1, "action": "a"}, {"action": "b"}`, 1), `r.json:2:31: move 2: it needs a "player" (the seat, from 1)`},
		{strings.Replace(good, "%s", `{"player": 3, "action": "a"}`, 1), "r.json:2:1: move 1: player 3: the record has 2 seats"},
		{strings.Replace(good, "%s", `{"player": 1}`, 1), `r.json:2:1: move 1: it needs an "action" (or "wait_ms" alone)`},
		{strings.Replace(good, "%s", `{"player": 1, "action": "a", "args": [1]}`, 1), `r.json:2:1: move 1: "args" must be a JSON object of the action's parameters by name`},
		{strings.Replace(good, "%s", `{"player": 1, "action": "a", "arg": 1}`, 1), `r.json:2:30: unknown key "arg"`},
	}
	for _, c := range cases {
		_, err := ReadRecord([]byte(c.text), "r.json")
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.text, err, c.want)
		}
	}
}

// TestReadMovesForms: an array, JSON lines and a whole record give the same
// moves; errors name the line of the move.
func TestReadMovesForms(t *testing.T) {
	want := []Move{{Player: 1, Action: "mark", Args: []byte(`{"cell":[1,1]}`)}, {Player: 2, Action: "pass"}}
	forms := map[string]string{
		"array":  `[{"player":1,"action":"mark","args":{"cell":[1,1]}}, {"player":2,"action":"pass"}]`,
		"lines":  "{\"player\":1,\"action\":\"mark\",\"args\":{\"cell\":[1,1]}}\n{\"player\":2,\"action\":\"pass\"}\n",
		"record": `{"format":1,"pack":"p","pack_hash":"h","seed":1,"seats":[{},{}],"moves":[{"player":1,"action":"mark","args":{"cell":[1,1]}},{"player":2,"action":"pass"}]}`,
	}
	for name, text := range forms {
		got, err := ReadMoves([]byte(text), name)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v %v", name, got, err)
		}
	}
	if got, err := ReadMoves([]byte(" \n"), "empty"); err != nil || len(got) != 0 {
		t.Errorf("empty: %v %v", got, err)
	}
	_, err := ReadMoves([]byte("{\"player\":1,\"action\":\"a\"}\n{\"player\":0,\"action\":\"b\"}\n"), "moves.jsonl")
	if err == nil || err.Error() != `moves.jsonl:2:1: move 2: it needs a "player" (the seat, from 1)` {
		t.Errorf("got %v", err)
	}
	_, err = ReadMoves([]byte("[{\"player\":1,\"action\":\"a\"},\n {\"player\": 1, \"action\": 3}]"), "moves.json")
	if err == nil || err.Error() != "moves.json:2:26: action must be a string, not a JSON number" {
		t.Errorf("got %v", err)
	}
}

// TestPackHash: moving a state on the canvas keeps the hash; changing a rule
// changes it.
func TestPackHash(t *testing.T) {
	p, err := Load("testdata/sketch.yaml")
	if err != nil {
		t.Fatal(err)
	}
	editor := p.Editor
	h, err := PackHash(p)
	if err != nil || !strings.HasPrefix(h, "sha256:") || len(h) != len("sha256:")+64 {
		t.Fatalf("hash %q %v", h, err)
	}
	moved := p.Clone()
	moved.Editor = &Editor{Positions: map[string]Point{"2": {X: 100, Y: 7}}}
	if h2, _ := PackHash(moved); h2 != h {
		t.Errorf("a layout change changed the hash")
	}
	if p.Editor != editor {
		t.Errorf("PackHash changed its pack")
	}
	changed := p.Clone()
	changed.States[0].Description = "something else"
	if h3, _ := PackHash(changed); h3 == h {
		t.Errorf("a rule change kept the hash")
	}
}

func TestBreakpointCheck(t *testing.T) {
	cases := []struct {
		b    Breakpoint
		want string
	}{
		{Breakpoint{Kind: BreakEnter}, ""},
		{Breakpoint{Kind: BreakClause}, "a clause breakpoint needs the clause's path (object_types/TYPE/whenever/NAME)"},
		{Breakpoint{Kind: BreakVariable, Target: "game."}, "a variable breakpoint needs a target (TYPE.NAME, #ID.NAME, game.NAME, player.NAME)"},
		{Breakpoint{Kind: BreakVariable, Target: "life"}, ""},
		{Breakpoint{Kind: BreakProperty, Target: "power"}, `a property breakpoint's target is TYPE.NAME or #ID.NAME, not "power"`},
		{Breakpoint{Kind: BreakCondition, Condition: " "}, "a condition breakpoint needs a condition"},
		{Breakpoint{Kind: BreakDepth}, "a depth breakpoint needs n > 0"},
		{Breakpoint{Kind: "stop"}, `unknown breakpoint kind "stop" (have enter, leave, clause, variable, property, condition, call, return, depth, clock)`},
	}
	for _, c := range cases {
		err := c.b.Check()
		if got := ""; err != nil {
			got = err.Error()
			if got != c.want {
				t.Errorf("%+v: %s, want %s", c.b, got, c.want)
			}
		} else if c.want != "" {
			t.Errorf("%+v: no error, want %s", c.b, c.want)
		}
	}
	if s := (Breakpoint{Kind: BreakClause, Clause: "object_types/elf/whenever/lord", Condition: "self.on"}).String(); s != "clause object_types/elf/whenever/lord if self.on" {
		t.Errorf("String %q", s)
	}
}

// FuzzReadRecord: reading never panics, and a record that reads writes a
// canonical form that reads back the same and writes back byte for byte.
// Run it for ten minutes after a change to the record's reading or writing:
// go test -run XXX -fuzz FuzzReadRecord -fuzztime 10m ./graph/
func FuzzReadRecord(f *testing.F) {
	data, _ := os.ReadFile("testdata/tictactoe.record.json")
	f.Add(data)
	f.Add([]byte(`{"format":1,"seats":[{}],"moves":[{"wait_ms":5}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ReadRecord(data, "f.json")
		if err != nil {
			return
		}
		out, err := r.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		again, err := ReadRecord(out, "f.json")
		if err != nil {
			t.Fatalf("canonical form does not read: %v\n%s", err, out)
		}
		if again.Format == 0 || !reflect.DeepEqual(compactAll(again), compactAll(r)) {
			t.Fatalf("read back differently:\n%+v\n%+v", again, r)
		}
		if out2, err := again.Marshal(); err != nil || !bytes.Equal(out2, out) {
			t.Fatalf("the canonical form is not written back byte for byte (%v):\n%s\n%s", err, out, out2)
		}
	})
}

func compactAll(r *Record) *Record {
	c := *r
	c.Moves = nil
	for _, mv := range r.Moves {
		c.Moves = append(c.Moves, compactMove(mv))
	}
	if c.Format == 0 {
		c.Format = RecordFormat
	}
	return &c
}
