package preview

import (
	"errors"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// bundled reads a bundled example pack.
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

// seats returns n seats played by bot ("" for people).
func seats(n int, bot string) []graph.Seat {
	s := make([]graph.Seat, n)
	for i := range s {
		s[i].Bot = bot
	}
	return s
}

func newSession(tb testing.TB, pack *graph.Pack, cfg Config) *Session {
	tb.Helper()
	s, err := New(pack, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	if s.Err() != nil {
		tb.Fatal(s.Err())
	}
	return s
}

// must returns a function that passes a Stop through and fails the test on
// an error: must(t)(s.Step()).
func must(tb testing.TB) func(Stop, error) Stop {
	return func(st Stop, err error) Stop {
		tb.Helper()
		if err != nil {
			tb.Fatal(err)
		}
		return st
	}
}

func errorsAs(err error, target any) bool { return errors.As(err, target) }
