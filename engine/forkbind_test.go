package engine

import (
	"reflect"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// TestForkPlaysAsTheMatch takes each move of random matches of every
// bundled pack both in the match and in a fork taken just before it: the
// two must then be the same match. A player, object or card a variable
// holds was bound to the match that stored it, so a fork's code assigning
// through it (seeds' healer: self.controller.life += 3) changed the match
// it was forked from, and the fork not at all.
func TestForkPlaysAsTheMatch(t *testing.T) {
	for _, name := range assets.Packs() {
		data, _ := assets.Pack(name)
		pack, err := graph.Parse(data, name+".yaml")
		if err != nil {
			t.Fatal(err)
		}
		prog, err := Compile(pack)
		if err != nil {
			t.Fatal(err)
		}
		seats := 2
		if pack.Players != nil && pack.Players.Min > 0 {
			seats = pack.Players.Min
		}
		m, err := prog.NewMatch(seats, Options{Seed: 1, NoSnapshots: true})
		if err != nil {
			t.Fatal(err)
		}
		bot := NewRandomBot(1)
		for ply := 0; !m.Over() && ply < 200; ply++ {
			moves, err := m.LegalAll()
			if err != nil || len(moves) == 0 {
				t.Fatalf("%s: %v %d moves", name, err, len(moves))
			}
			gm, err := m.EncodeMove(bot.Choose(m, moves))
			if err != nil {
				t.Fatal(err)
			}
			f := m.Fork()
			for _, x := range []*Match{f, m} {
				mv, err := x.DecodeMove(gm)
				if err == nil {
					err = x.Apply(mv)
				}
				if err != nil {
					t.Fatalf("%s ply %d %s: %v", name, ply, gm, err)
				}
			}
			a, _ := m.View(0)
			b, _ := f.View(0)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s ply %d %s: the fork is not the match after the same move:\nmatch %+v\nfork  %+v", name, ply, gm, a.Players, b.Players)
			}
		}
	}
}
