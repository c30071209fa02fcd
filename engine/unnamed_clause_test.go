package engine

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
)

// unnamedSeeds is the seed effects pack with its healer's when clause and
// its elf lord's while clause left without names.
func unnamedSeeds(t *testing.T) *Program {
	t.Helper()
	data, _ := assets.Pack("seeds")
	src := string(data)
	for _, name := range []string{"enters", "another-elf"} {
		i := strings.Index(src, "- name: "+name)
		j := strings.Index(src[i:], "\n")
		k := strings.Index(src[i+j:], "condition:")
		if i < 0 || j < 0 || k < 0 {
			t.Fatalf("no clause %s in the seed effects", name)
		}
		src = src[:i] + "- " + src[i+j+k:]
	}
	p, err := Parse([]byte(src), "seeds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestUnnamedClausesNamedByNumber: a clause without a name is named by its
// place among its kind's clauses, as its path and its errors name it:
// "Healer#5 when 1" in the events (and on the execution stack), "while 1" in
// a wrapper's label, never "when " nor "while  on".
func TestUnnamedClausesNamedByNumber(t *testing.T) {
	m := newMatch(t, unnamedSeeds(t), 2, Options{Seed: 5})
	healer := objID(t, m, card("healer", 0))
	run(t, m, card("healer", 0)+".zone = 'battlefield'")
	want := "Healer#" + strconv.Itoa(healer) + " when 1"
	if !slices.ContainsFunc(m.Events(), func(e Event) bool { return e.Kind == EvClauseFired && e.Name == want }) {
		t.Errorf("no clause_fired event named %q", want)
	}
	lord := objID(t, m, card("elf_lord", 0))
	run(t, m, card("elf_lord", 0)+".zone = 'battlefield'")
	run(t, m, card("wood_elf", 0)+".zone = 'battlefield'")
	if err := m.settle(); err != nil {
		t.Fatal(err)
	}
	labels := m.Wrappers(lord, "power")
	if !slices.ContainsFunc(labels, func(l string) bool { return strings.Contains(l, " while 1") }) {
		t.Errorf("the lord's power is wrapped by %q: want its while 1", labels)
	}
	for _, e := range m.Events() {
		if strings.HasSuffix(e.Name, " when ") || strings.Contains(e.Name, "while  on") {
			t.Errorf("event %s %q names an unnamed clause by nothing", e.Kind, e.Name)
		}
	}
}
