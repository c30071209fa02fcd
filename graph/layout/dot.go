package layout

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/rulestudio/studio/graph"
)

// maxDotEdges is the most distinct state-to-state edges handed to dot: past it
// (a game whose every state can reach almost every other, such as
// sevenwondersduel's 1,377) dot needs tens of seconds for a drawing no layout can
// make readable, and the built-in layout is used at once.
const maxDotEdges = 400

// edgePairs counts the distinct (from, to) state pairs of p's transitions.
func edgePairs(p *graph.Pack) int {
	seen := map[[2]string]bool{}
	for _, s := range p.States {
		for _, t := range s.Transitions {
			seen[[2]string{s.ID.String(), t.To.String()}] = true
		}
	}
	return len(seen)
}

// dotTimeout bounds one run of dot; past it the built-in layout is used.
const dotTimeout = 10 * time.Second

// Dot runs Graphviz `dot -Tplain` on the layout form of p's graph (see
// layoutDOT), boxes sized by opt, and reads the box centres from its output.
// Errors: dot missing, failing, taking over 10 s, or ctx done. On Linux dot
// dies with the studio.
func Dot(ctx context.Context, p *graph.Pack, opt Options) (map[string]graph.Point, error) {
	ctx, cancel := context.WithTimeout(ctx, dotTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "dot", "-Tplain")
	dieWithParent(cmd)
	cmd.Stdin = bytes.NewReader(layoutDOT(p, opt.size()))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("dot: %w", ctx.Err())
		}
		return nil, fmt.Errorf("dot: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return parsePlain(out)
}

// layoutDOT is the graph dot lays out: [DOT] with the parallel transitions
// between two states merged into one edge whose label lists their names (a few,
// then a count), which is what the canvas draws near that edge. Games with
// hundreds of transitions between a handful of states would otherwise take dot
// minutes.
func layoutDOT(p *graph.Pack, size Sizer) []byte {
	type pair struct{ from, to string }
	var order []pair
	names := map[pair][]string{}
	for _, s := range p.States {
		for _, t := range s.Transitions {
			k := pair{s.ID.String(), t.To.String()}
			if _, seen := names[k]; !seen {
				order = append(order, k)
			}
			names[k] = append(names[k], t.Name)
		}
	}
	var b bytes.Buffer
	writeDOTHeader(&b, p, false, size)
	for _, k := range order {
		label := names[k]
		if len(label) > 3 {
			label = append(label[:3:3], fmt.Sprintf("+%d", len(names[k])-3))
		}
		fmt.Fprintf(&b, "  %s -> %s [label=%s];\n", dotQuote(k.from), dotQuote(k.to), dotQuote(strings.Join(label, "\n")))
	}
	writeDOTPrivate(&b, p)
	b.WriteString("}\n")
	return b.Bytes()
}

// parsePlain reads Graphviz's plain output: "graph scale w h", then
// "node name x y w h ..." lines, in inches with y growing upwards.
func parsePlain(out []byte) (map[string]graph.Point, error) {
	pos := map[string]graph.Point{}
	var height float64
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		f := plainFields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch {
		case f[0] == "graph" && len(f) >= 4:
			height, _ = strconv.ParseFloat(f[3], 64)
		case f[0] == "node" && len(f) >= 4:
			x, err1 := strconv.ParseFloat(f[2], 64)
			y, err2 := strconv.ParseFloat(f[3], 64)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("dot: bad node line %q", sc.Text())
			}
			pos[f[1]] = graph.Point{X: x * 72, Y: (height - y) * 72}
		}
	}
	return pos, sc.Err()
}

// plainFields splits a plain-format line into fields; double-quoted fields may
// hold spaces and backslash escapes.
func plainFields(line string) []string {
	var out []string
	for i := 0; i < len(line); {
		switch {
		case line[i] == ' ':
			i++
		case line[i] == '"':
			var b strings.Builder
			j := i + 1
			for ; j < len(line) && line[j] != '"'; j++ {
				if line[j] == '\\' && j+1 < len(line) {
					j++
				}
				b.WriteByte(line[j])
			}
			out = append(out, b.String())
			i = j + 1
		default:
			j := strings.IndexByte(line[i:], ' ')
			if j < 0 {
				j = len(line) - i
			}
			out = append(out, line[i:i+j])
			i += j
		}
	}
	return out
}
