package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// golden compares got with testdata/name, or writes it there with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test -run %s -update rewrites it):\n%s", path, t.Name(), got)
	}
}

// cardID is how the designer's log names a card: by its id, which tells its
// face.
var cardID = regexp.MustCompile(`card\(\d+:|card \d+ to`)

// TestPlayEventsForSeat: on the bundled Hearts pack, seat 2 passes three
// cards and the bots play to seat 2's first card; --events --seat 2 prints
// the log as seat 2 receives it (its own cards by face, the others' moves
// and passes face down, no card id) and its view only; --events alone
// prints the designer's log, ids and all, and every view.
func TestPlayEventsForSeat(t *testing.T) {
	args := []string{"play", "hearts", "--seed", "1", "--bots", "random,human,random,random",
		"--actions", filepath.Join("testdata", "hearts-seat2-pass.json"), "--events"}
	out, err := run(t, append(args, "--seat", "2")...)
	if err != nil {
		t.Fatalf("play --seat 2: %v\n%s", err, out)
	}
	events := eventLines(t, out)
	golden(t, "play-hearts-seat2.events", events)
	if l := cardID.FindString(events); l != "" {
		t.Errorf("seat 2's log names a card by its id (%s)", l)
	}
	for _, want := range []string{`"detail":"cards=(a card, a card, a card)"`, `"detail":"a card from hand 1 to given 2"`,
		`"detail":"cards=(card 1/2, card 2/5, card 4/14)"`, `"detail":"card 1/2 from hand 2 to given 3"`} {
		if !strings.Contains(events, want) {
			t.Errorf("seat 2's log has no %s", want)
		}
	}
	if n, own := strings.Count(out, `{"seat":`), strings.Count(out, `{"seat":1,`); n != 1 || own != 1 {
		t.Errorf("play --seat 2 printed %d views, %d of seat 2's; want seat 2's alone", n, own)
	}
	full, err := run(t, args...)
	if err != nil {
		t.Fatalf("play: %v", err)
	}
	if fe := eventLines(t, full); !cardID.MatchString(fe) || strings.Count(fe, "\n") <= strings.Count(events, "\n")-1 || strings.Count(full, `{"seat":`) != 4 {
		t.Errorf("play without --seat is not the designer's whole log and every view")
	}
	for _, bad := range [][]string{{"--seat", "5"}, {"--seat", "0"}} {
		if out, err := run(t, append(args, bad...)...); err == nil || !strings.Contains(err.Error(), "--seat "+bad[1]+": the match has 4 seats") {
			t.Errorf("play %s: %v\n%s", bad, err, out)
		}
	}
	if out, err := run(t, "play", "hearts", "--seat", "2"); err == nil || !strings.Contains(err.Error(), "--seat needs --events") {
		t.Errorf("play --seat without --events: %v\n%s", err, out)
	}
}
