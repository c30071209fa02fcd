package forms

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/graph"
)

// Small look-ups and words the forms share: a state by its id as written,
// how a state is offered in a drop-down, names of a list, fresh names.
// Package editor keeps its own copies of the few it needs too (a little
// copying rather than a dependency between the window and a room).

// count is n and the noun, plural but for one: "1 error", "3 warnings".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// parseStateID reads an id as a designer types it: a number, or the name of
// a constant.
func parseStateID(s string) graph.StateID {
	s = strings.TrimSpace(s)
	if n, err := strconv.Atoi(s); err == nil {
		return graph.NumID(n)
	}
	return graph.ConstID(s)
}

// stateChoices lists every state of p as stateChoice gives it.
func stateChoices(p *graph.Pack) []string {
	out := make([]string, len(p.States))
	for i, s := range p.States {
		out[i] = place.StateChoice(s)
	}
	return out
}

// targetChoice is how a transition's target shows: the state as
// stateChoice gives it, or the id and "(no such state)".
func targetChoice(p *graph.Pack, id graph.StateID) string {
	if s := p.State(id); s != nil {
		return place.StateChoice(s)
	}
	return id.String() + " (no such state)"
}

// choiceID reads the id back from a stateChoice or targetChoice.
func choiceID(s string) graph.StateID {
	id, _, _ := strings.Cut(s, " ")
	return parseStateID(id)
}

// noneChoice is the drop-down entry for an absent initialprivate.
const noneChoice = "(none)"

// splitNames reads a comma-separated list of names.
func splitNames(v string) graph.Names {
	var out graph.Names
	for _, n := range strings.Split(v, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// freshName is base, or base2, base3...: the first that taken refuses.
func freshName(base string, taken func(string) bool) string {
	n := base
	for k := 2; taken(n); k++ {
		n = base + strconv.Itoa(k)
	}
	return n
}

// namesOf lists the names of a list's elements.
func namesOf[T any](l []T, name func(T) string) []string {
	out := make([]string, len(l))
	for i, v := range l {
		out[i] = name(v)
	}
	return out
}
