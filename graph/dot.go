package graph

import (
	"bytes"
	"fmt"
	"strings"
)

// DOT renders the state graph in Graphviz's DOT language: a node per state
// (labelled with id, name and type, filled with its type's colour) and an edge
// per transition (labelled with its name) and per initialprivate link (dashed).
// Node names are the state ids as written.
func DOT(p *Pack) []byte {
	var b bytes.Buffer
	writeDOTHeader(&b, p, true)
	for _, s := range p.States {
		for _, t := range s.Transitions {
			fmt.Fprintf(&b, "  %s -> %s [label=%s];\n", dotQuote(s.ID.String()), dotQuote(t.To.String()), dotQuote(t.Name))
		}
	}
	writeDOTPrivate(&b, p)
	b.WriteString("}\n")
	return b.Bytes()
}

// writeDOTHeader writes the graph's opening line, defaults and one node per state.
// A picture (labels true) names each box and lets it grow to fit its text; the
// layout form gives unlabelled boxes the size the canvas draws ([NodeSize]).
func writeDOTHeader(b *bytes.Buffer, p *Pack, labels bool) {
	fmt.Fprintf(b, "digraph %s {\n", dotQuote(p.Name))
	b.WriteString("  rankdir=TB;\n  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\"];\n  edge [fontname=\"Helvetica\", fontsize=10];\n")
	for _, s := range p.States {
		w, h := NodeSize(s)
		if labels {
			fmt.Fprintf(b, "  %s [label=%s, fillcolor=%s, width=%.2f, height=%.2f];\n",
				dotQuote(s.ID.String()), dotQuote(s.Name+"\n"+s.ID.String()+" · "+string(s.Type)),
				dotQuote(TypeColor(s.Type)), w/72, h/72)
			continue
		}
		fmt.Fprintf(b, "  %s [label=\"\", width=%.2f, height=%.2f, fixedsize=true];\n", dotQuote(s.ID.String()), w/72, h/72)
	}
}

// writeDOTPrivate writes a dashed edge from each master state to its
// initialprivate state.
func writeDOTPrivate(b *bytes.Buffer, p *Pack) {
	for _, s := range p.States {
		if s.InitialPrivate != nil {
			fmt.Fprintf(b, "  %s -> %s [style=dashed, label=\"initialprivate\"];\n", dotQuote(s.ID.String()), dotQuote(s.InitialPrivate.String()))
		}
	}
}

// dotQuote quotes s as a DOT string.
func dotQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

// TypeColor is the fill colour of a state type in drawings, as "#rrggbb": one hue
// per BGA type so a designer reads the graph's shape at a glance.
func TypeColor(t StateType) string {
	switch t {
	case ActivePlayer:
		return "#9fd3f7"
	case MultipleActivePlayer:
		return "#b8e6a1"
	case Private:
		return "#f5d58c"
	case Game:
		return "#d9c6f2"
	case Manager:
		return "#d0d0d0"
	}
	return "#f4a6a6"
}

// NodeSize is the size of a state's box in canvas units (pixels at zoom 1): wide
// enough for its "id name" line. Layout and drawing share it.
func NodeSize(s *State) (w, h float64) {
	n := len(s.ID.String()) + 1 + len(s.Name)
	if len(s.Type) > n {
		n = len(s.Type)
	}
	w = float64(n)*7.5 + 28
	if w < 120 {
		w = 120
	}
	return w, 50
}
