package engine

import (
	"fmt"
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

// TestFiredNamesLazy: naming a fired clause of an object allocates nothing,
// and the name read later is the one its owner had when it fired ("Healer#5
// when enters"), renamed or unnamed since; Match.Hash hashes it as the
// string.
func TestFiredNamesLazy(t *testing.T) {
	p := bundled(t, "seeds")
	m := newMatch(t, p, 2, Options{Seed: 1, NoHistory: true})
	titles := map[string]string{"healer": "Healer", "pain_altar": "Pain Altar", "mind_leech": "Mind Leech"}
	seen := 0
	for _, ob := range append([]*object(nil), m.st.objs...) {
		title, ok := titles[ob.typ.name]
		if !ok {
			continue
		}
		self := m.objValue(ob.id)
		kinds := map[*ctrigger]string{}
		for _, tr := range ob.typ.c.whenever {
			kinds[tr] = "whenever"
		}
		for _, tr := range ob.typ.c.when {
			kinds[tr] = "when"
		}
		for tr, kind := range kinds {
			seen++
			var name bodyName
			if allocs := testing.AllocsPerRun(10, func() { name = firedName(self, tr) }); allocs != 0 {
				t.Errorf("%s: naming a fired clause took %v allocations, want 0", ob.typ.name, allocs)
			}
			it := execItem{name: name, self: ob.id}
			want := fmt.Sprintf("%s#%d %s %s", title, ob.id, kind, tr.t.Name)
			if got := it.what(); got != want {
				t.Errorf("fired name %q, want %q", got, want)
			}
			var h1, h2 hasher
			h1.str(want)
			h2.bytes(it.appendWhat(nil))
			if h1 != h2 {
				t.Errorf("%q hashes %x as bytes, %x as a string", want, h2, h1)
			}
			ow := m.objW(ob.id)
			ow.vars[ob.typ.varIdx["name"]] = starlark.String("Renamed")
			if got := it.what(); got != want {
				t.Errorf("renamed after it fired: %q, want %q", got, want)
			}
			ow.vars[ob.typ.varIdx["name"]] = starlark.String("")
			want = fmt.Sprintf("%s#%d %s %s", ob.typ.name, ob.id, kind, tr.t.Name)
			if got := (&execItem{name: firedName(self, tr), self: ob.id}).what(); got != want {
				t.Errorf("unnamed: %q, want %q", got, want)
			}
		}
	}
	if seen != 6 {
		t.Errorf("%d clauses named, want the seed effects' 3 for each of 2 players", seen)
	}
}

// TestFiredNamesOfStatesAndUnnamedClauses: a state's clause is named by the
// state ("state playerTurn whenever marked") and a clause without a name by
// its kind alone, followed by a space, as label named them; an action
// pushed for a player by its state ("discardCard action").
func TestFiredNamesOfStatesAndUnnamedClauses(t *testing.T) {
	data := strings.Replace(readsPack, "- name: counted\n          condition:", "- condition:", 1)
	p, err := Parse([]byte(data), "reads.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{Seed: 1})
	var st *cstate
	for _, s := range p.states {
		if s.clauses.active() && len(s.clauses.whenever) > 0 {
			st = s
		}
	}
	if st == nil {
		t.Fatal("no state with a whenever clause")
	}
	self := &paramsValue{m: m, st: st}
	it := execItem{name: firedName(self, st.clauses.whenever[0])}
	if got, want := it.what(), "state "+st.name+" whenever 1"; got != want {
		t.Errorf("state clause: %q, want %q", got, want)
	}
	it = execItem{name: actionName("discardCard"), player: 1}
	if got, want := it.what(), "discardCard action"; got != want {
		t.Errorf("action: %q, want %q", got, want)
	}
}
