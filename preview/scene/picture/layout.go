package picture

import (
	"fmt"
	"math"

	"github.com/rulestudio/studio/preview/scene"
)

// Sizes, in pixels.
const (
	margin    = 16.0
	pad       = 10.0
	gap       = 12.0
	cardW     = 46.0
	cardH     = 66.0
	fanStep   = 22.0
	cardGap   = 6.0
	perRow    = 10 // cards in a row before it wraps
	objW      = 100.0
	objH      = 128.0
	objPerRow = 5
	maxFan    = 520.0 // a fan wider than this overlaps more
	labelSize = 12.0
	nameSize  = 15.0
	lineH     = 17.0
	ownerTagH = 15.0
	minAreaW  = 200.0
	headerH   = 84.0
)

// grid is where each side of the table lies: 3 columns by 3 rows, the
// centre in the middle, the viewer's seat below it.
var grid = map[string][2]int{
	"top-left": {0, 0}, "top": {1, 0}, "top-right": {2, 0},
	"left": {0, 1}, "centre": {1, 1}, "right": {2, 1},
	"bottom-left": {0, 2}, "bottom": {1, 2}, "bottom-right": {2, 2},
}

// placed is an area and the box it is drawn in.
type placed struct {
	a          *scene.Area
	x, y, w, h float64
}

// table lays out sc's areas: each in its side's cell of the grid (areas
// sharing a side stacked), cells as wide as their column's widest area and
// as tall as their row's tallest. It returns the boxes and the size of the
// whole picture of the scene, its header included.
func table(sc *scene.Scene) ([]placed, float64, float64) {
	type cell struct {
		areas []int
		w, h  float64
	}
	var cells [3][3]cell
	sizes := make([][2]float64, len(sc.Areas))
	for i := range sc.Areas {
		w, h := areaSize(&sc.Areas[i])
		sizes[i] = [2]float64{w, h}
		g, ok := grid[sc.Areas[i].Side]
		if !ok {
			g = grid["centre"]
		}
		c := &cells[g[0]][g[1]]
		c.areas = append(c.areas, i)
		c.w = math.Max(c.w, w)
		if c.h > 0 {
			c.h += gap
		}
		c.h += h
	}
	var colW, rowH [3]float64
	for x := 0; x < 3; x++ {
		for y := 0; y < 3; y++ {
			colW[x] = math.Max(colW[x], cells[x][y].w)
			rowH[y] = math.Max(rowH[y], cells[x][y].h)
		}
	}
	width := margin*2 + colW[0] + colW[1] + colW[2] + gap*2
	width = math.Max(width, headerWidth(sc)+2*margin)
	height := headerH + margin + rowH[0] + rowH[1] + rowH[2] + gap*2
	// The middle column takes what the header's width adds, so the table
	// stays centred.
	extra := width - (margin*2 + colW[0] + colW[1] + colW[2] + gap*2)
	colX := [3]float64{margin, margin + colW[0] + gap, margin + colW[0] + gap + colW[1] + extra + gap}
	colW[1] += extra
	rowY := [3]float64{headerH, headerH + rowH[0] + gap, headerH + rowH[0] + rowH[1] + 2*gap}
	var out []placed
	for x := 0; x < 3; x++ {
		for y := 0; y < 3; y++ {
			c := cells[x][y]
			top := rowY[y] + (rowH[y]-c.h)/2
			for _, i := range c.areas {
				w, h := sizes[i][0], sizes[i][1]
				out = append(out, placed{a: &sc.Areas[i], x: colX[x] + (colW[x]-w)/2, y: top, w: w, h: h})
				top += h + gap
			}
		}
	}
	return out, width, height + margin
}

// item is one thing an area shows under a label: a board, a card location,
// a zone of objects.
type item struct {
	label string
	w, h  float64
	pile  bool
	draw  func(p painter, x, y float64)
}

// items lists what a shows, in order: boards, locations, zones.
func items(a *scene.Area) []item {
	var out []item
	for i := range a.Boards {
		b := &a.Boards[i]
		w, h := boardSize(b)
		out = append(out, item{label: b.Name, w: w, h: h, draw: func(p painter, x, y float64) { drawBoard(p, b, x, y) }})
	}
	for i := range a.Locations {
		l := &a.Locations[i]
		w, h := locationSize(l)
		out = append(out, item{label: fmt.Sprintf("%s · %d", l.Name, l.Count), w: w, h: h, pile: l.As == "pile",
			draw: func(p painter, x, y float64) { drawLocation(p, l, x, y) }})
	}
	for i := range a.Zones {
		z := &a.Zones[i]
		w, h := zoneSize(z)
		out = append(out, item{label: fmt.Sprintf("%s · %d", z.Name, z.Count), w: w, h: h, pile: z.As == "pile",
			draw: func(p painter, x, y float64) { drawZone(p, z, x, y) }})
	}
	for i := range out {
		out[i].w = max(out[i].w, measure(out[i].label, labelSize, false))
	}
	return out
}

// shelf is a line of items: one item, or several piles side by side.
type shelf struct {
	items []item
	w, h  float64
}

// shelves puts consecutive piles on one shelf, every other item on its own.
func shelves(its []item) []shelf {
	var out []shelf
	for _, it := range its {
		if n := len(out); n > 0 && it.pile && out[n-1].items[0].pile {
			sh := &out[n-1]
			sh.items = append(sh.items, it)
			sh.w += gap + it.w
			sh.h = max(sh.h, lineH+it.h)
			continue
		}
		out = append(out, shelf{items: []item{it}, w: it.w, h: lineH + it.h})
	}
	return out
}

// areaSize is the box an area's contents need.
func areaSize(a *scene.Area) (float64, float64) {
	w, h := 0.0, pad
	if a.Seat > 0 {
		w = measure(seatTitle(a), nameSize, true) + 15
		h += lineH + 4
	}
	if len(a.Counters) > 0 {
		lines := counterLines(a.Counters)
		for _, l := range lines {
			w = math.Max(w, measure(l, labelSize, false))
		}
		h += float64(len(lines)) * lineH
	}
	for _, sh := range shelves(items(a)) {
		w = math.Max(w, sh.w)
		h += sh.h + gap/2
	}
	if a.Seat == 0 && w == 0 {
		return 0, 0 // an empty centre takes no room
	}
	return math.Max(w+2*pad, minAreaW), h + pad
}

// counterLines writes counters as "label value" pairs, a few a line; a
// counter that changed at the last step shown as "label value ← before".
func counterLines(cs []scene.Counter) []string {
	var lines []string
	cur := ""
	for _, c := range cs {
		s := c.Label + " " + c.Value
		if c.Before != "" {
			s += changeArrow + c.Before
		}
		if cur != "" && measure(cur+"   "+s, labelSize, false) > 360 {
			lines = append(lines, cur)
			cur = ""
		}
		if cur != "" {
			cur += "   "
		}
		cur += s
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// changeArrow joins a changed value to its value before: "26 ← 13".
const changeArrow = " ← "

// cellSize is the side of a board's cell: big for a small board.
func cellSize(b *scene.Board) float64 {
	n := math.Max(float64(b.Width), float64(b.Height))
	return math.Max(30, math.Min(64, 400/math.Max(n, 1)))
}

func boardSize(b *scene.Board) (float64, float64) {
	c := cellSize(b)
	return float64(b.Width)*c + 16, float64(b.Height)*c + 16
}

// spread is the step between cards (or objects) of width w laid as as, n
// of them, and how many rows they take.
func spread(as string, n int, w, step float64, per int) (float64, int) {
	switch as {
	case "pile":
		return 0, 1
	case "fan":
		if n > 1 && w+float64(n-1)*step > maxFan {
			step = (maxFan - w) / float64(n-1)
		}
		return step, 1
	}
	return w + cardGap, max(1, (n+per-1)/per)
}

func locationSize(l *scene.Location) (float64, float64) {
	tag := 0.0
	if l.Owner == 0 && hasOwners(l.Cards) {
		tag = ownerTagH
	}
	return cardsSize(l.As, len(l.Cards), cardW, cardH+tag, fanStep, perRow)
}

func zoneSize(z *scene.Zone) (float64, float64) {
	n := len(z.Objects)
	if z.As == "pile" {
		n = min(n, 1)
	}
	return cardsSize(z.As, n, objW, objH, objW*0.45, objPerRow)
}

func cardsSize(as string, n int, w, h, step float64, per int) (float64, float64) {
	if n == 0 {
		return w, h
	}
	s, rows := spread(as, n, w, step, per)
	inRow := n
	if rows > 1 {
		inRow = per
	}
	if as == "pile" {
		return w + 12, h + 10 // the stack's edge and the count
	}
	if as == "fan" {
		return w + float64(inRow-1)*s, h
	}
	return float64(inRow)*s - cardGap, float64(rows)*(h+cardGap) - cardGap
}

func hasOwners(cs []scene.Card) bool {
	for _, c := range cs {
		if c.Owner > 0 {
			return true
		}
	}
	return false
}
