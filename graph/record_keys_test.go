package graph

import (
	"reflect"
	"strings"
	"testing"
)

// TestReadRecordRefusesAmbiguousKeys: a key given twice, or spelled with
// another case than the record's own keys (which encoding/json would take
// for them, the last one silently winning), is refused at its place.
func TestReadRecordRefusesAmbiguousKeys(t *testing.T) {
	head := `{"format": 1, "pack": "p", "pack_hash": "h", "seed": 1, "seats": [{}, {}],` + "\n"
	cases := []struct{ text, want string }{
		{`{"format": 1, "seats": [{}], "moves": [], "moves": [{"wait_ms": 5}]}`, `r.json:1:43: "moves" is given twice (first at 1:30)`},
		{`{"format": 1, "seats": [{}], "Moves": [{"wait_ms": 5}]}`, `r.json:1:30: "Moves" is not a key of a record: write it "moves" (keys are matched exactly, case included)`},
		{head + ` "moves": [{"player": 1, "action": "a", "Player": 2}]}`, `r.json:2:41: "Player" is not a key of a move: write it "player" (keys are matched exactly, case included)`},
		{head + ` "moves": [{"player": 1, "action": "a", "args": {"cell": 1, "cell": 2}}]}`, `r.json:2:61: "cell" is given twice (first at 2:50)`},
		{`{"format": 1, "seats": [{"bot": "random", "BOT": "mcts"}], "moves": []}`, `r.json:1:43: "BOT" is not a key of a seat: write it "bot" (keys are matched exactly, case included)`},
		{`{"format": 1, "seats": [{}], "moves": [], "ſeed": 3}`, `r.json:1:43: "ſeed" is not a key of a record: write it "seed" (keys are matched exactly, case included)`},
	}
	for _, c := range cases {
		_, err := ReadRecord([]byte(c.text), "r.json")
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.text, err, c.want)
		}
	}
	// Keys of args are the action's parameters: any spelling, each once.
	r, err := ReadRecord([]byte(head+` "moves": [{"player": 1, "action": "a", "args": {"Cell": 1, "cell": 2}}]}`), "r.json")
	if err != nil || string(r.Moves[0].Args) != `{"Cell": 1, "cell": 2}` {
		t.Errorf("args differing by case: %v", err)
	}
	if _, err := ReadMoves([]byte(`[{"player": 1, "action": "a", "action": "b"}]`), "m.json"); err == nil || err.Error() != `m.json:1:31: "action" is given twice (first at 1:16)` {
		t.Errorf("ReadMoves with a key twice: %v", err)
	}
}

// TestRecordRoundTripKeepsArgsText: an argument's key or string with
// characters HTML escapes (&, <, >) writes back as it was read.
func TestRecordRoundTripKeepsArgsText(t *testing.T) {
	text := `{"format": 1, "seats": [{"name": "A&B <1>"}], "moves": [{"player": 1, "action": "a", "args": {"x&y": "<b>"}}]}`
	r, err := ReadRecord([]byte(text), "r.json")
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	again, err := ReadRecord(out, "r.json")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(compactAll(again), compactAll(r)) || strings.Contains(string(out), `\u0026`) {
		t.Errorf("read back differently:\n%s", out)
	}
}
