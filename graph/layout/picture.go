package layout

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// DOT renders the state graph in Graphviz's DOT language: a node per state
// (labelled with id, name and type, filled with its type's colour) and an edge
// per transition (labelled with its name; dashed when it is inferred from what
// a BGA State class returns, as the canvas draws it) and per initialprivate
// link (dashed). Node names are the state ids as written.
func DOT(p *graph.Pack) []byte {
	var b bytes.Buffer
	writeDOTHeader(&b, p, true, BoxSize)
	for _, s := range p.States {
		for _, t := range s.Transitions {
			style := ""
			if t.Inferred {
				style = "style=dashed, "
			}
			fmt.Fprintf(&b, "  %s -> %s [%slabel=%s];\n", dotQuote(s.ID.String()), dotQuote(t.To.String()), style, dotQuote(t.Name))
		}
	}
	writeDOTPrivate(&b, p)
	b.WriteString("}\n")
	return b.Bytes()
}

// writeDOTHeader writes the graph's opening line, defaults and one node per state.
// A picture (labels true) names each box and lets it grow to fit its text; the
// layout form gives unlabelled boxes the size the canvas draws (size).
func writeDOTHeader(b *bytes.Buffer, p *graph.Pack, labels bool, size Sizer) {
	fmt.Fprintf(b, "digraph %s {\n", dotQuote(p.Name))
	b.WriteString("  rankdir=TB;\n  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\"];\n  edge [fontname=\"Helvetica\", fontsize=10];\n")
	for _, s := range p.States {
		w, h := size(s)
		if labels {
			fmt.Fprintf(b, "  %s [label=%s, fillcolor=%s, width=%.2f, height=%.2f];\n",
				dotQuote(s.ID.String()), dotQuote(s.Name+"\n"+s.ID.String()+" · "+string(s.Type)),
				dotQuote(graph.TypeColor(s.Type)), w/72, h/72)
			continue
		}
		fmt.Fprintf(b, "  %s [label=\"\", width=%.2f, height=%.2f, fixedsize=true];\n", dotQuote(s.ID.String()), w/72, h/72)
	}
}

// writeDOTPrivate writes a dashed edge from each master state to its
// initialprivate state.
func writeDOTPrivate(b *bytes.Buffer, p *graph.Pack) {
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
