package diagram

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/bga"
	"github.com/rulestudio/studio/graph/layout"
	"github.com/rulestudio/studio/internal/corpus"
)

// readabilityFiles are the corpus files the readability test draws: the one
// with the most transitions among big graphs (66 states) and the one with
// the most states (100).
var readabilityFiles = []string{
	"thoun__kingoftokyo__states.inc.php",
	"FransBongers__bga-bayonets-and-tomahawks__states.inc.php",
}

// corpusView shows a corpus file laid out by layout.Auto in a 1000x700 canvas.
func corpusView(t testing.TB, name string) (*View, *graphRenderer, *graph.Pack) {
	p, err := bga.ImportFile(corpus.File(t, name))
	if err != nil {
		t.Fatal(err)
	}
	v, r := packView(t, p, fyne.NewSize(1000, 700))
	return v, r, p
}

// packView shows p, laid out by layout.Auto, in a view of size alone in a
// window.
func packView(t testing.TB, p *graph.Pack, size fyne.Size) (*View, *graphRenderer) {
	pos, err := layout.Auto(context.Background(), p, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	test.NewTempApp(t)
	v := NewView()
	v.SetGraph(p, pos, nil)
	w := test.NewTempWindow(t, v)
	w.SetPadded(false)
	w.Resize(size)
	return v, test.WidgetRenderer(v).(*graphRenderer)
}

// onScreen reports whether node i's box is wholly in the view.
func onScreen(v *View, i int) bool {
	n := v.nodes[i]
	lo := v.ToWidget(pointOf(n.pos.sub(n.size.mul(0.5))))
	hi := v.ToWidget(pointOf(n.pos.add(n.size.mul(0.5))))
	s := v.Size()
	return lo.X >= 0 && lo.Y >= 0 && hi.X <= s.Width && hi.Y <= s.Height
}

// TestNamesReadableAtFit: at Zoom to Fit on the biggest corpus graphs every
// box shows its name at least namePx pixels high (cut short with an ellipsis
// in a narrow box, never a grey bar: a badge shows only with its text), and
// most names whole; at Fit at a Readable Size every name in sight is whole.
func TestNamesReadableAtFit(t *testing.T) {
	for _, name := range readabilityFiles {
		t.Run(strings.SplitN(name, "__", 3)[1], func(t *testing.T) {
			v, r, p := corpusView(t, name)
			v.ZoomToFit()
			whole := 0
			for i, n := range v.nodes {
				if !onScreen(v, i) {
					t.Errorf("state %s is not in sight after Zoom to Fit", n.id)
					continue
				}
				o := r.nodes[i]
				if !o.name.Visible() || o.name.TextSize < namePx-0.01 || o.name.Text == "" {
					t.Errorf("state %s: name %q drawn %.1f px (visible %v), want at least %v", n.id, o.name.Text, o.name.TextSize, o.name.Visible(), namePx)
				}
				if o.name.Text == n.name {
					whole++
				} else if !strings.HasSuffix(o.name.Text, "…") || !strings.HasPrefix(n.name, strings.TrimSuffix(o.name.Text, "…")) {
					t.Errorf("state %s: name drawn %q, want %q or its start and an ellipsis", n.id, o.name.Text, n.name)
				}
				if o.badgeBack.Visible() != o.badge.Visible() {
					t.Errorf("state %s: the badge's pill shows (%v) without its text (%v)", n.id, o.badgeBack.Visible(), o.badge.Visible())
				}
			}
			t.Logf("%d states at zoom %.2f: %d names whole", len(p.States), v.Zoom(), whole)
			if whole < len(v.nodes)*8/10 {
				t.Errorf("%d of %d names whole at Zoom to Fit, want at least 80%%", whole, len(v.nodes))
			}

			v.ZoomToFitReadable()
			if v.Zoom() < ReadableZoom-0.001 {
				t.Errorf("Fit at a Readable Size: zoom %.2f, below %v", v.Zoom(), ReadableZoom)
			}
			seen := 0
			for i, n := range v.nodes {
				if onScreen(v, i) {
					seen++
					if o := r.nodes[i]; o.name.Text != n.name || !o.name.Visible() {
						t.Errorf("readable size: state %s's name drawn %q (visible %v)", n.id, o.name.Text, o.name.Visible())
					}
				}
			}
			if seen == 0 {
				t.Error("Fit at a Readable Size shows no whole state")
			}
		})
	}
}

// TestCallsAndReturnsDrawnApart: a call('state') draws a call arrow (the
// call colour, long dashes, "call") and a return arrow back (dotted, hollow
// head, "return"), both unlike transitions.
func TestCallsAndReturnsDrawnApart(t *testing.T) {
	test.NewTempApp(t)
	data, _ := assets.Pack("seeds")
	p, err := graph.Parse(data, "seeds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	v := NewView()
	v.SetGraph(p, testpack.GridPositions(p), nil)
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(900, 700))
	v.ZoomToFit()
	r := test.WidgetRenderer(v).(*graphRenderer)
	kinds := map[edgeKind][]int{}
	for i, e := range v.edges {
		if v.nodes[e.from].typ != style.ClauseCaller { // TestClauseCallsDrawn
			kinds[e.kind] = append(kinds[e.kind], i)
		}
	}
	if len(kinds[callEdge]) != 1 || len(kinds[returnEdge]) != 1 {
		t.Fatalf("call arrows %v, return arrows %v; want one each (playerTurn calls chooseTarget)", kinds[callEdge], kinds[returnEdge])
	}
	c, ret, tr := v.edges[kinds[callEdge][0]], v.edges[kinds[returnEdge][0]], kinds[transitionEdge][0]
	if v.nodes[c.from].name != "playerTurn" || v.nodes[c.to].name != "chooseTarget" || c.label != "call" {
		t.Errorf("call arrow %s -> %s %q", v.nodes[c.from].name, v.nodes[c.to].name, c.label)
	}
	if ret.from != c.to || ret.to != c.from || ret.label != "return" {
		t.Errorf("return arrow %s -> %s %q", v.nodes[ret.from].name, v.nodes[ret.to].name, ret.label)
	}
	segs := func(i int) (n int, col any) {
		for _, s := range r.edges[i].segs {
			if s.Visible() {
				n++
				col = s.StrokeColor
			}
		}
		return n, col
	}
	nc, colC := segs(kinds[callEdge][0])
	nr, colR := segs(kinds[returnEdge][0])
	nt, colT := segs(tr)
	if colC != style.Light.Call || colR != style.Light.Call || colT != style.Light.Edge {
		t.Errorf("colours: call %v, return %v, transition %v", colC, colR, colT)
	}
	if nc < 3 || nr <= nc || nt > curveSteps {
		t.Errorf("pieces drawn: call %d (dashed), return %d (dotted, more), transition %d (solid)", nc, nr, nt)
	}
	if h := r.edges[kinds[returnEdge][0]].head; h.FillColor != style.Light.Paper || h.StrokeColor != style.Light.Call {
		t.Errorf("the return's head is filled %v, stroked %v: want hollow", h.FillColor, h.StrokeColor)
	}
	if !r.edges[kinds[callEdge][0]].label.TextStyle.Italic {
		t.Error("the call's label is not in italics")
	}
}

// TestReadableFitCentresANarrowGraph: a graph taller than the view at the
// readable zoom but narrower than it (Hearts under a docked Play panel) is
// shown in the middle of the view's width, not against its right edge.
func TestReadableFitCentresANarrowGraph(t *testing.T) {
	v, _ := packView(t, testpack.Bundled(t, "hearts"), fyne.NewSize(900, 180))
	v.ZoomToFitReadable()
	if v.Zoom() < ReadableZoom-1e-6 {
		t.Fatalf("zoom %.2f: the graph was fitted whole, the test shows nothing", v.Zoom())
	}
	left, right := float32(1e9), float32(-1e9)
	for _, n := range v.nodes {
		left = min(left, v.ToWidget(pointOf(n.pos.sub(n.size.mul(0.5)))).X)
		right = max(right, v.ToWidget(pointOf(n.pos.add(n.size.mul(0.5)))).X)
	}
	if mid := (left + right) / 2; mid < 900/2-20 || mid > 900/2+20 {
		t.Errorf("the graph spans x %.0f to %.0f in a view 900 wide: its middle %.0f, want about 450", left, right, mid)
	}
}

// TestClauseCallsDrawn: a state called only from an object type's clause
// (the seeds pack's discardCard, called by Mind Leech's whenever) has a call
// arrow, from a box standing for the clause (its type and clause named, not
// selectable, placed clear of the states), drawn as calls are: it looked
// unreachable.
func TestClauseCallsDrawn(t *testing.T) {
	test.NewTempApp(t)
	p := testpack.Bundled(t, "seeds")
	v := NewView()
	v.SetGraph(p, testpack.GridPositions(p), nil)
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(900, 700))
	v.ZoomToFit()
	r := test.WidgetRenderer(v).(*graphRenderer)
	var into []int
	for i, e := range v.edges {
		if v.nodes[e.to].name == "discardCard" && e.kind == callEdge {
			into = append(into, i)
		}
	}
	if len(into) != 1 {
		t.Fatalf("%d call arrows into discardCard, want 1 (from mind_leech's whenever discard)", len(into))
	}
	e := v.edges[into[0]]
	from := v.nodes[e.from]
	if from.typ != style.ClauseCaller || from.name != "mind_leech" || r.nodes[e.from].id.Text != "whenever discard" || e.label != "call" {
		t.Errorf("the call comes from %+v (shown %q), labelled %q", from, r.nodes[e.from].id.Text, e.label)
	}
	for _, s := range r.edges[into[0]].segs {
		if s.Visible() && s.StrokeColor != style.Light.Call {
			t.Errorf("the clause's call is drawn in %v, not the call colour", s.StrokeColor)
		}
	}
	for _, n := range v.nodes {
		if n.id != from.id && (rect{n.pos, n.size.X / 2, n.size.Y / 2}).overlaps(rect{from.pos, from.size.X / 2, from.size.Y / 2}) {
			t.Errorf("the clause's box overlaps %s", n.name)
		}
	}
	test.TapAt(v, v.ToWidget(graph.Point{X: from.pos.X, Y: from.pos.Y}))
	if got := v.Selected(); got != "" {
		t.Errorf("a tap on the clause's box selected %q", got)
	}
}
