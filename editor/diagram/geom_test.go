package diagram

import "testing"

func TestParallelArrowsFanOut(t *testing.T) {
	boxes := []rect{{vec{0, 0}, 60, 25}, {vec{0, 200}, 60, 25}}
	routes := routeEdges(boxes, []edgeSpec{{0, 1}, {0, 1}, {1, 0}})
	mids := make([]vec, 3)
	for i, r := range routes {
		mids[i], _ = r.at(0.5)
	}
	for i := 0; i < 3; i++ {
		for j := i + 1; j < 3; j++ {
			if d := mids[i].sub(mids[j]).len(); d < 20 {
				t.Errorf("arrows %d and %d run %.1f apart at their middles", i, j, d)
			}
		}
	}
}

func TestArrowsEndOnBoxBorders(t *testing.T) {
	boxes := []rect{{vec{0, 0}, 60, 25}, {vec{300, 100}, 60, 25}}
	r := routeEdges(boxes, []edgeSpec{{0, 1}})[0]
	if !boxes[0].grow(0.01).contains(r.pts[0]) || boxes[0].grow(-0.01).contains(r.pts[0]) {
		t.Errorf("arrow starts at %v, not on the border of %v", r.pts[0], boxes[0])
	}
	end := r.pts[len(r.pts)-1]
	if !boxes[1].grow(0.01).contains(end) || boxes[1].grow(-0.01).contains(end) {
		t.Errorf("arrow ends at %v, not on the border of %v", end, boxes[1])
	}
}

func TestArrowBendsAroundABox(t *testing.T) {
	boxes := []rect{{vec{0, 0}, 60, 25}, {vec{0, 300}, 60, 25}, {vec{0, 150}, 60, 25}}
	r := routeEdges(boxes, []edgeSpec{{0, 1}})[0]
	if r.crosses(boxes[2]) {
		t.Error("the arrow 0->1 runs through box 2")
	}
}

func TestSelfLoopsStayOutside(t *testing.T) {
	b := rect{vec{0, 0}, 60, 25}
	rs := routeEdges([]rect{b}, []edgeSpec{{0, 0}, {0, 0}})
	for i, r := range rs {
		p, _ := r.at(0.5)
		if b.contains(p) {
			t.Errorf("self-loop %d passes through its own box at %v", i, p)
		}
	}
	a, _ := rs[0].at(0.5)
	c, _ := rs[1].at(0.5)
	if c.X <= a.X {
		t.Errorf("second self-loop (%v) is not outside the first (%v)", c, a)
	}
}

func TestLabelsDoNotOverlap(t *testing.T) {
	boxes := []rect{{vec{0, 0}, 60, 25}, {vec{0, 120}, 60, 25}}
	edges := []edgeSpec{{0, 1}, {0, 1}, {1, 0}, {1, 1}}
	routes := routeEdges(boxes, edges)
	sizes := []vec{{60, 14}, {70, 14}, {50, 14}, {40, 14}}
	loops := []bool{false, false, false, true}
	at := placeLabels(boxes, routes, sizes, loops)
	var rs []rect
	for i, c := range at {
		r := rect{c, sizes[i].X / 2, sizes[i].Y / 2}
		for _, b := range boxes {
			if r.overlaps(b) {
				t.Errorf("label %d at %v overlaps box %v", i, c, b)
			}
		}
		for j, o := range rs {
			if r.overlaps(o) {
				t.Errorf("labels %d and %d overlap", i, j)
			}
		}
		rs = append(rs, r)
	}
}

func TestDashes(t *testing.T) {
	d := dashes([]vec{{0, 0}, {100, 0}}, 10, 10)
	if len(d) != 10 {
		t.Fatalf("%d dash ends, want 10 (5 dashes)", len(d))
	}
	if d[0] != (vec{0, 0}) || d[1] != (vec{10, 0}) || d[2] != (vec{20, 0}) {
		t.Errorf("dashes start %v", d[:3])
	}
}
