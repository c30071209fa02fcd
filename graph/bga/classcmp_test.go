package bga

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// canonicalClasses renders what a State-class round trip keeps of a pack, in
// an order that does not depend on file order: its name, its constants and,
// by id, each state's id, name, type, descriptions, transitions (declared or
// inferred), possible actions, updateGameProgression and initialprivate.
func canonicalClasses(p *graph.Pack) string {
	var b strings.Builder
	fmt.Fprintf(&b, "pack %s\n", p.Name)
	consts := make([]string, 0, len(p.Constants))
	for _, c := range p.Constants {
		consts = append(consts, fmt.Sprintf("const %s = %s\n", c.Name, c.Value))
	}
	sort.Strings(consts)
	b.WriteString(strings.Join(consts, ""))
	states := make([]string, 0, len(p.States))
	for _, s := range p.States {
		var st strings.Builder
		fmt.Fprintf(&st, "state %s %q %s\n  description %q\n  myturn %q\n", s.ID, s.Name, s.Type, s.Description, s.DescriptionMyTurn)
		for _, t := range s.Transitions {
			kind := "declared"
			if t.Inferred {
				kind = "inferred"
			}
			fmt.Fprintf(&st, "  %s %q -> %s\n", kind, t.Name, t.To)
		}
		fmt.Fprintf(&st, "  possibleactions %q\n", s.PossibleActions)
		if s.UpdateGameProgression {
			st.WriteString("  updateGameProgression\n")
		}
		if s.InitialPrivate != nil {
			fmt.Fprintf(&st, "  initialprivate %s\n", s.InitialPrivate)
		}
		states = append(states, st.String())
	}
	sort.Strings(states)
	b.WriteString(strings.Join(states, ""))
	return b.String()
}
