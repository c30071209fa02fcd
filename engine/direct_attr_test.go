package engine

import (
	"fmt"
	"testing"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// attrPack has a type whose variable v a while clause wraps, a property
// hiding a variable of its name (shadow), a method, and a type without v.
const attrPack = `format: 1
pack: attrs
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      a = create("thing", v=1)
      create("thing", v=2, boost=True)
      a.extra = 3
      create("other")
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: go
    possibleactions: [go]
    transitions: {went: 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  go:
    body: next_state("went")
object_types:
  thing:
    variables:
      v: {type: int, value: 0}
      w: {type: string, value: w}
      shadow: {type: int, value: 5}
      boost: {type: bool, value: false}
    properties:
      shadow: self.v * 100
    methods:
      twice:
        body: return self.v * 2
    while:
      - name: boosted
        condition: self.boost
        target: [v]
        wrapper: value + 10
  other:
    variables:
      w: {type: string, value: other}
`

// TestAttrSiteAsAttr: a direct read of o.name gives what objectValue.Attr
// gives, for every object and name (a variable, one a wrapper is on, one a
// property hides, a property, a method, an undeclared variable, nothing,
// the names every object has), or leaves the read to Attr.
func TestAttrSiteAsAttr(t *testing.T) {
	p, err := Parse([]byte(attrPack), "attrs.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{Seed: 1})
	names := []string{"v", "w", "shadow", "boost", "twice", "extra", "nothing", "id", "type"}
	dc := &directCompiler{}
	sites := map[string]*attrSite{}
	for _, n := range names {
		sites[n] = dc.attrSite(n)
	}
	dc.resolveAttrs(p)
	found := 0
	for id := 1; id <= 3; id++ {
		o := m.objValue(id).(*objectValue)
		for _, n := range names {
			want, wantErr := o.Attr(n)
			s := sites[n]
			if s == nil {
				continue // Attr's own
			}
			got, ok, err := s.read(m, o)
			if !ok && err == nil {
				continue // left to Attr
			}
			found++
			if fmt.Sprint(got, err) != fmt.Sprint(want, wantErr) {
				t.Errorf("object %d .%s: site %v %v, Attr %v %v", id, n, got, err, want, wantErr)
			}
		}
	}
	if found != 7 { // v, w, boost of the things; w of the other
		t.Errorf("%d reads answered by their site, want 7", found)
	}
	if got := eval(t, m, "[o.v for o in objects('thing')]"); got != "[1, 12]" {
		t.Errorf("wrapped v: %s", got)
	}
}

// TestEqualFastAsCompare: equalFast answers == as starlark.Compare does for
// every pair it answers, and answers the pairs conditions compare most.
func TestEqualFastAsCompare(t *testing.T) {
	m := seedsMatch(t)
	vals := []starlark.Value{starlark.String("hand"), starlark.String("battlefield"), starlark.String(""),
		m.objValue(1), m.objValue(2), m.pvals[0], m.pvals[1], starlark.MakeInt(1), starlark.None, starlark.True}
	answered := 0
	for _, a := range vals {
		for _, b := range vals {
			same, ok := equalFast(a, b)
			if !ok {
				continue
			}
			answered++
			want, err := starlark.Compare(syntax.EQL, a, b)
			if err != nil || same != want {
				t.Errorf("%v == %v: fast %v, Compare %v %v", a, b, same, want, err)
			}
		}
	}
	if answered != 3*3+2*2+2*2 {
		t.Errorf("%d pairs answered, want the 17 of strings, objects and players", answered)
	}
}

// TestInDirAsStarlark: name in dir(x) and not in, which direct code answers
// from x's AttrNames without dir's list, give what Starlark gives: values
// of every kind of x and needle, and errors.
func TestInDirAsStarlark(t *testing.T) {
	cases := []struct{ pre, domain string }{
		{`"players" in dir(game) and "zz" not in dir(game)`, `[("no" in dir(player), "zz" not in dir(player), 5 in dir(game), "count" in dir(board), "x" in dir(3), ("a",) in dir(player))]`},
		{`"append" in dir([]) and "get" in dir({})`, `[(not ("no" in dir(player)), "" in dir(player))]`},
		{"True", `["a" in dir(1 // 0)]`},
		{"True", `[(1 // 0) in dir(game)]`},
		{"True", `["a" in dir(x=1)]`},
		{"True", `["a" in dir(game, player)]`},
	}
	for _, c := range cases {
		p := parseDirect(t, comprehensionPack(c.pre, c.domain, ""), "dir.yaml")
		if d, i := legalBoth(t, p); d != i {
			t.Errorf("precondition %s, domain %s:\ndirect:      %s\ninterpreted: %s", c.pre, c.domain, d, i)
		}
	}
}

// TestInDirMakesNoList: "n" in dir(x), how code asks whether a variable
// was assigned, makes neither dir's sorted list of boxed names nor the
// names of a game or a player: listing an action whose precondition asks
// it four times allocates what one whose precondition is True does (16
// more with dir's lists, 6 more with the names).
func TestInDirMakesNoList(t *testing.T) {
	p := parseDirect(t, comprehensionPack(`"score" in dir(player) and "zz" not in dir(player) and "players" in dir(game) and "zz" not in dir(game)`, "[1]", ""), "dir.yaml")
	plain := parseDirect(t, comprehensionPack("True", "[1]", ""), "true.yaml")
	if got, want := listingAllocs(t, p, 4, 1), listingAllocs(t, plain, 4, 1); got > want {
		t.Errorf("%v allocations a listing, want %v (as with no dir)", got, want)
	}
}
