package scene

import (
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// bundled reads a bundled pack.
func bundled(tb testing.TB, name string) *graph.Pack {
	tb.Helper()
	data, ok := assets.Pack(name)
	if !ok {
		tb.Fatalf("no bundled pack %s", name)
	}
	p, err := graph.Parse(data, name+".yaml")
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// played is a session of pack with random bots in every seat (the pack's
// least number of players), seed seed, run to step (or its end).
func played(tb testing.TB, pack *graph.Pack, seed uint64, step int) *preview.Session {
	tb.Helper()
	n := 2
	if pack.Players != nil && pack.Players.Min > 0 {
		n = pack.Players.Min
	}
	seats := make([]graph.Seat, n)
	for i := range seats {
		seats[i].Bot = "random"
	}
	s, err := preview.New(pack, preview.Config{Seats: seats, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := s.RunTo(step); err != nil {
		tb.Fatal(err)
	}
	return s
}
