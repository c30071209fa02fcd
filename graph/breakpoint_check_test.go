package graph_test

import (
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// TestBreakpointCheckIn: on the seed effects, a breakpoint naming a
// variable no code sets (player.lifee), an object type's variable or
// property it does not declare, or a clause the pack does not have is
// refused, saying what is missing; those it has, a clause path some clause
// is under, and a player's score pass.
func TestBreakpointCheckIn(t *testing.T) {
	data, _ := assets.Pack("seeds")
	p, err := graph.Parse(data, "seeds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		b    graph.Breakpoint
		want string // "" passes
	}{
		{graph.Breakpoint{Kind: graph.BreakVariable, Target: "player.life"}, ""},
		{graph.Breakpoint{Kind: graph.BreakVariable, Target: "player.lifee"}, "no code of the pack sets a player variable \"lifee\""},
		{graph.Breakpoint{Kind: graph.BreakVariable, Target: "player.score"}, ""},
		{graph.Breakpoint{Kind: graph.BreakVariable, Target: "drawn"}, ""},
		{graph.Breakpoint{Kind: graph.BreakVariable, Target: "game.nope"}, "no code of the pack sets a game variable \"nope\""},
		{graph.Breakpoint{Kind: graph.BreakVariable, Target: "wood_elf.damage"}, ""},
		{graph.Breakpoint{Kind: graph.BreakVariable, Target: "wood_elf.dmg"}, "object type wood_elf has no variable \"dmg\""},
		{graph.Breakpoint{Kind: graph.BreakVariable, Target: "ghost.damage"}, "no object type \"ghost\""},
		{graph.Breakpoint{Kind: graph.BreakVariable, Target: "#3.damage"}, ""},
		{graph.Breakpoint{Kind: graph.BreakProperty, Target: "wood_elf.power"}, ""},
		{graph.Breakpoint{Kind: graph.BreakProperty, Target: "wood_elf.zone"}, "object type wood_elf has no property \"zone\""},
		{graph.Breakpoint{Kind: graph.BreakClause, Clause: "object_types/mind_leech/whenever/discard"}, ""},
		{graph.Breakpoint{Kind: graph.BreakClause, Clause: "object_types/mind_leech"}, ""},
		{graph.Breakpoint{Kind: graph.BreakClause, Clause: "object_types/mind_leech/whenever/discad"}, "no whenever or when clause \"object_types/mind_leech/whenever/discad\""},
		{graph.Breakpoint{Kind: graph.BreakClause, Clause: "object_types/mind"}, "no object type \"mind\""},
		{graph.Breakpoint{Kind: graph.BreakClause, Clause: "object_types/mind_leech/when"}, "no whenever or when clause"},
		{graph.Breakpoint{Kind: graph.BreakClause}, "needs the clause's path"},
	} {
		err := c.b.CheckIn(p)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", c.b, err, c.want)
		}
	}
	paths := graph.ClausePaths(p)
	for _, want := range []string{"object_types/mind_leech/whenever/discard", "object_types/healer/when/enters"} {
		found := false
		for _, p := range paths {
			found = found || p == want
		}
		if !found {
			t.Errorf("clause paths %q lack %s", paths, want)
		}
	}
}
