package engine

import (
	"fmt"
	"strings"
	"testing"
)

// attrComparePack is attrPack with a player variable on things (the first
// thing the first player's) and the go action's precondition and domain
// PRE and DOMAIN.
func attrComparePack(pre, domain string) string {
	src := strings.Replace(attrPack, "      boost: {type: bool, value: false}\n", "      boost: {type: bool, value: false}\n      owner: {type: player}\n", 1)
	src = strings.Replace(src, `a = create("thing", v=1)`, `a = create("thing", v=1, owner=players[0])`, 1)
	return strings.Replace(src, "  go:\n    body:", fmt.Sprintf("  go:\n    precondition: %q\n    params:\n      x: {domain: %q}\n    body:", pre, domain), 1)
}

// TestAttrCompareAsStarlark: x.name == y and x.name != y, compared in one
// closure (attrCompare), give what Starlark gives, as a value and as a
// condition, read as they are noted: a variable holding a player, a
// string, an int a wrapper changes, a bool, None; a property hiding a
// variable, a method, a variable not there; x not an object; an error in
// y after the read, and one in the read before y.
func TestAttrCompareAsStarlark(t *testing.T) {
	cases := []struct{ pre, domain string }{
		{"len([o for o in objects('thing') if o.owner == player]) == 1", "[o.id for o in objects() if o.w == 'w' and o.owner != player]"},
		{"any([o.v == 12 for o in objects('thing')])", "[(o.v == 1, o.v != 2, o.w == 'w', o.w != 'other') for o in objects()]"},
		{"all([o.boost == False or o.boost != False for o in objects('thing')])", "[(o.boost == True, o.owner == None, o.owner != None, o.v == 1.0) for o in objects('thing')]"},
		{"[o for o in objects('thing') if o.shadow == 100]", "[(o.shadow == 200, o.twice == 2, o.twice != o.twice) for o in objects('thing')]"},
		{"player.no == 1 or player.no != 1", "[o for o in objects() if o.owner == player]"},
		{"True", "[o.w == 1 // 0 for o in objects()]"},
		{"True", "[o.nothing == 1 // 0 for o in objects()]"},
		{"True", "[o for o in objects() if o.nothing != 1]"},
		{"objects()[0].extra == 3", "[(1).real == 1]"},
	}
	for _, c := range cases {
		p := parseDirect(t, attrComparePack(c.pre, c.domain), "cmp.yaml")
		var checked string
		d, i := legalBoth(t, p)
		withCheckedReads(func() { checked, _ = legalBoth(t, p) })
		if d != i || checked != d {
			t.Errorf("precondition %s, domain %s:\ndirect:      %s\ninterpreted: %s\nchecked:     %s", c.pre, c.domain, d, i, checked)
		}
	}
}

// TestAttrCompareCountsAsBinary: a comparison compiled by attrCompare
// counts the steps binary counts for it: the bound of x.name == y is that
// of y == x.name, which binary compiles, as a value and as a condition.
func TestAttrCompareCountsAsBinary(t *testing.T) {
	for _, pre := range []string{
		"len([o.v == 1 for o in objects()]) >= 0",
		"len([o for o in objects() if o.v != 1]) >= 0",
		"len([o for o in objects() if o.w == 'w' and o.owner == player]) >= 0",
		"any([o.owner != player for o in objects()])",
		"player.no == 1 or not player.no == 2",
	} {
		bound := func(pre string) uint64 {
			p := parseDirect(t, attrComparePack(pre, "[1]"), "cmp.yaml")
			return p.actions["go"].precondition.direct.steps
		}
		swapped := pre
		for _, c := range [][2]string{{"o.v == 1", "1 == o.v"}, {"o.v != 1", "1 != o.v"}, {"o.owner == player", "player == o.owner"},
			{"o.owner != player", "player != o.owner"}, {"player.no == 1", "1 == player.no"}, {"player.no == 2", "2 == player.no"}} {
			swapped = strings.ReplaceAll(swapped, c[0], c[1])
		}
		if a, b := bound(pre), bound(swapped); a != b || a == 0 {
			t.Errorf("%s: a bound of %d steps, %d as %s", pre, a, b, swapped)
		}
	}
}

// TestAttrCompareNotesReads: a while clause whose condition compares a
// variable (self.boost == True) is asked again once the variable changes:
// the comparison notes its read of the object, so the wrapper comes on (at the step's settle).
func TestAttrCompareNotesReads(t *testing.T) {
	src := strings.Replace(attrPack, "condition: self.boost", "condition: self.boost == True", 1)
	src = strings.Replace(src, `    body: next_state("went")`, "    body: |\n      a = objects()[0]\n      notify(str(a.v))\n      a.boost = True\n      notify(str(a.v))\n      next_state(\"went\")", 1)
	p := parseDirect(t, src, "cmp.yaml")
	play := func(opts Options) string {
		opts.Seed = 1
		m := newMatch(t, p, 2, opts)
		return eventLines(m.Events()) + errText(applyFirst(t, m)) + eventLines(m.Events())
	}
	var checked string
	got, interp := play(Options{}), play(Options{Interpret: true})
	withCheckedReads(func() { checked = play(Options{}) })
	if got != interp || got != checked || !strings.Contains(got, "while boosted on thing#1.v") {
		t.Errorf("direct:\n%s\ninterpreted:\n%s\nchecked:\n%s", got, interp, checked)
	}
}
