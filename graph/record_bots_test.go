package graph

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestRecordBotsSourceRoundTrip: a record with the bots' source state, one
// above 2^63 that a float would round, is written on a line of its own
// before the moves and reads back equal; a record without it reads as nil
// and is written without the key.
func TestRecordBotsSourceRoundTrip(t *testing.T) {
	state := uint64(18446744073709551557)
	r := Record{Pack: "tictactoe", PackHash: "sha256:00", Seed: 7, Seats: []Seat{{Name: "Ann"}, {Bot: "random"}},
		BotsSource: &state, Moves: []Move{{Player: 1, Action: "mark", Args: []byte(`{"cell":[1,1]}`)}}}
	data, err := r.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\n  \"bots_source\": 18446744073709551557,\n  \"moves\": [") {
		t.Errorf("written as:\n%s", data)
	}
	back, err := ReadRecord(data, "r.json")
	if err != nil {
		t.Fatal(err)
	}
	r.Format = RecordFormat
	if !reflect.DeepEqual(*back, r) || back.BotsSource == nil || *back.BotsSource != state {
		t.Errorf("read back %+v, want %+v", *back, r)
	}
	if again, _ := back.Marshal(); string(again) != string(data) {
		t.Errorf("written again as:\n%s\nwant\n%s", again, data)
	}

	old, err := os.ReadFile("testdata/tictactoe.record.json")
	if err != nil {
		t.Fatal(err)
	}
	r2, err := ReadRecord(old, "old.json")
	if err != nil || r2.BotsSource != nil {
		t.Fatalf("a record without bots_source: %v %v", r2, err)
	}
	if out, _ := r2.Marshal(); strings.Contains(string(out), "bots_source") {
		t.Errorf("written with a bots_source it did not have:\n%s", out)
	}
}

// TestRecordBotsSourceErrors: a bots_source that is no uint64, or in a match
// without bots, is refused at its line and column.
func TestRecordBotsSourceErrors(t *testing.T) {
	rec := "{\"format\": 1, \"pack\": \"p\", \"pack_hash\": \"h\", \"seed\": 1,\n\"seats\": [{}, {%s}],\n\"bots_source\": %s, \"moves\": []}"
	cases := []struct{ bot, value, want string }{
		{`"bot": "random"`, `-1`, "r.json:3:16: bots_source must be a whole number, not a JSON number -1"},
		{`"bot": "random"`, `"12"`, "r.json:3:16: bots_source must be a whole number, not a JSON string"},
		{`"bot": "random"`, `18446744073709551616`, "r.json:3:16: bots_source must be a whole number, not a JSON number 18446744073709551616"},
		{`"bot": "random"`, `1.5`, "r.json:3:16: bots_source must be a whole number, not a JSON number 1.5"},
		{``, `12`, `r.json:3:1: "bots_source" in a match without bots (no seat has a "bot")`},
	}
	for _, c := range cases {
		text := strings.Replace(strings.Replace(rec, "%s", c.bot, 1), "%s", c.value, 1)
		_, err := ReadRecord([]byte(text), "r.json")
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", text, err, c.want)
		}
	}
	ok := strings.Replace(strings.Replace(rec, "%s", `"bot": "random"`, 1), "%s", "12", 1)
	if r, err := ReadRecord([]byte(ok), "r.json"); err != nil || r.BotsSource == nil || *r.BotsSource != 12 {
		t.Errorf("%s: %v %v", ok, r, err)
	}
}
