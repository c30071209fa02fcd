package engine

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// objectRef reads the object id out of an event's display name
// ("Healer#2 when enters" -> 2): the label and the identity are made apart,
// so each checks the other.
var objectRef = regexp.MustCompile(`#(\d+)\b`)

var wrapLabelRE = regexp.MustCompile(`^(?:.*#(\d+)|state \S+) while (\S+) on .*#(\d+)\.(\w+)$`)

// TestEventIdentities: every event of random matches of the seed effects
// and of readsPack (clauses on states) names its state by the id as written,
// its clause by its path in the pack and its object by id, agreeing with the
// labels people read; the clauses that fire and wrap are exactly those the
// packs hold (listed here by hand from the YAML).
func TestEventIdentities(t *testing.T) {
	reads, err := Parse([]byte(readsPack), "reads.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		p              *Program
		fired, wrapped []string
	}{
		{bundled(t, "seeds"),
			[]string{"object_types/healer/when/enters", "object_types/mind_leech/whenever/discard", "object_types/pain_altar/whenever/pain"},
			[]string{"object_types/elf_lord/while/another-elf", "object_types/shield_bearer/while/artifact-armor", "object_types/sky_drake/while/artifact-flying"}},
		{reads, nil, nil},
	}
	for _, c := range cases {
		fired, wrapped := map[string]bool{}, map[string]bool{}
		for seed := uint64(1); seed <= 12; seed++ {
			m := newMatch(t, c.p, 2, Options{Seed: seed})
			if _, err := m.Play(NewRandomBot(seed), 300); err != nil {
				t.Fatal(err)
			}
			for _, e := range m.Events() {
				checkIdentity(t, c.p, e)
				switch e.Kind {
				case EvClauseFired:
					fired[e.Clause] = true
				case EvWrapApplied, EvWrapRemoved:
					wrapped[e.Clause] = true
				}
			}
		}
		if c.fired == nil { // readsPack: its state clause fires
			if !fired["states/2/clauses/whenever/counted"] {
				t.Errorf("%s: the state clause never fired with its path; fired %v", c.p.Pack.Name, keys(fired))
			}
			continue
		}
		if got := keys(fired); strings.Join(got, " ") != strings.Join(c.fired, " ") {
			t.Errorf("%s: clauses fired %v, want %v", c.p.Pack.Name, got, c.fired)
		}
		if got := keys(wrapped); strings.Join(got, " ") != strings.Join(c.wrapped, " ") {
			t.Errorf("%s: wrappers %v, want %v", c.p.Pack.Name, got, c.wrapped)
		}
	}
}

// checkIdentity checks one event's identities against its labels and the pack.
func checkIdentity(t *testing.T, p *Program, e Event) {
	t.Helper()
	if e.State != "" {
		s := p.Pack.StateByName(e.State)
		if s == nil || e.StateID != s.ID.String() {
			t.Fatalf("%s: state id %q", e, e.StateID)
		}
	}
	ref := 0
	if m := objectRef.FindStringSubmatch(e.Name); m != nil {
		ref, _ = strconv.Atoi(m[1])
	}
	switch e.Kind {
	case EvClauseFired, EvStackPushed, EvStackPopped:
		if strings.HasPrefix(e.Clause, "object_types/") {
			parts := strings.Split(e.Clause, "/") // object_types/TYPE/KIND/NAME
			if len(parts) != 4 || e.Object != ref || !strings.HasSuffix(strings.SplitN(e.Name, "#", 2)[1], " "+parts[2]+" "+parts[3]) {
				t.Fatalf("%s: clause %q object %d", e, e.Clause, e.Object)
			}
		}
	case EvWrapApplied, EvWrapRemoved:
		// "Owner#1 while NAME on Target#2.field", or "state S while ..."
		// for a state's clause (owner 0)
		parts := strings.Split(e.Clause, "/")
		label := wrapLabelRE.FindStringSubmatch(e.Name)
		if label != nil && label[1] == "" {
			label[1] = "0"
		}
		if label == nil || parts[len(parts)-1] != label[2] || strconv.Itoa(e.Object) != label[1] ||
			strconv.Itoa(e.Target) != label[3] || e.Field != label[4] {
			t.Fatalf("%s: clause %q object %d target %d field %q", e, e.Clause, e.Object, e.Target, e.Field)
		}
	case EvVariable:
		switch {
		case e.Object != 0:
			if e.Object != ref || !strings.HasSuffix(e.Name, "."+e.Field) {
				t.Fatalf("%s: object %d field %q", e, e.Object, e.Field)
			}
		case e.Player != 0:
			if e.Name != e.Field {
				t.Fatalf("%s: field %q", e, e.Field)
			}
		case strings.HasPrefix(e.Name, "game."):
			if e.Name != "game."+e.Field {
				t.Fatalf("%s: field %q", e, e.Field)
			}
		default: // a board's cell
			if !strings.HasPrefix(e.Name, e.Field+"[") {
				t.Fatalf("%s: field %q", e, e.Field)
			}
		}
	case EvProcedure:
		s := p.Pack.StateByName(e.State)
		if e.Clause != "states/"+s.ID.String()+"/"+e.Name {
			t.Fatalf("%s: clause %q", e, e.Clause)
		}
	case EvAction:
		if e.Clause != "actions/"+e.Name {
			t.Fatalf("%s: clause %q", e, e.Clause)
		}
	case EvObject:
		if strings.Contains(e.Name, "#") && e.Object != ref {
			t.Fatalf("%s: object %d", e, e.Object)
		}
	}
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
