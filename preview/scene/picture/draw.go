package picture

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/preview/scene"
)

// Colours of the table.
const (
	tableColor  = "#ece7dc"
	areaColor   = "#fbfaf7"
	areaLine    = "#c9c2b3"
	activeLine  = "#00897b"
	inkColor    = "#212121"
	mutedColor  = "#6b6b6b"
	lastColor   = "#ef6c00"
	cardFace    = "#ffffff"
	cardLine    = "#9e9e9e"
	cardBack    = "#37598a"
	cardBackIn  = "#5b7db0"
	boardColor  = "#d8cfb8"
	cellLine    = "#8d8271"
	wrapColor   = "#6a1b9a"
	objectColor = "#fffdf6"
)

// drawScene draws sc with its top left at (ox, oy), w by h.
func drawScene(p painter, sc *scene.Scene, boxes []placed, ox, oy, w, h float64) {
	p.rect(ox, oy, w, h, 0, tableColor, "", 0)
	drawHeader(p, sc, ox, oy, w)
	for _, b := range boxes {
		drawArea(p, b.a, ox+b.x, oy+b.y, b.w, b.h)
	}
}

// headerLines are the header's three lines: what, the description, the
// last move (or the winners).
func headerLines(sc *scene.Scene) (string, string, string) {
	if sc.Sample {
		return sc.Pack + " · display hints", sc.Description, ""
	}
	who := "seen by the designer (everything)"
	if sc.Seat > 0 || sc.Viewer != "" && sc.Viewer != "designer" { // a seat, or a host's spectator

		who = "seen by " + sc.Viewer
	}
	title := fmt.Sprintf("%s · step %d · %s · %s", sc.Pack, sc.Step, sc.State, who)
	desc := sc.Description
	switch {
	case desc != "":
	case len(sc.Turn) > 0:
		desc = "to play: " + seatList(sc, sc.Turn)
	default:
		desc = "no one is to play: the rules move the game on" // a game state, which has no description
	}
	last := ""
	if sc.LastMove != nil {
		last = "last move: " + sc.LastMove.Text
	}
	if sc.Over {
		desc = "the match is over"
		if len(sc.Winners) > 0 {
			desc += " · won by " + seatList(sc, sc.Winners)
		}
	}
	return title, desc, last
}

func headerWidth(sc *scene.Scene) float64 {
	a, b, c := headerLines(sc)
	return max(measure(a, nameSize, true), measure(b, 14, false), measure(c, labelSize, false))
}

// seatList names seats (from 1) by their areas' player names.
func seatList(sc *scene.Scene, seats []int) string {
	var names []string
	for _, s := range seats {
		name := "Player " + strconv.Itoa(s)
		for _, a := range sc.Areas {
			if a.Seat == s {
				name = a.Name
			}
		}
		names = append(names, name)
	}
	return strings.Join(names, ", ")
}

func drawHeader(p painter, sc *scene.Scene, x, y, w float64) {
	title, desc, last := headerLines(sc)
	p.rect(x, y, w, headerH-gap, 0, "#ffffff", "", 0)
	p.line(x, y+headerH-gap, x+w, y+headerH-gap, areaLine, 1)
	p.text(x+margin, y+23, title, nameSize, inkColor, 0, true)
	p.text(x+margin, y+43, desc, 14, inkColor, 0, false)
	p.text(x+margin, y+61, last, 13, lastColor, 0, false)
}

// seatTitle is a seat area's first line: name, score, clock, turn.
func seatTitle(a *scene.Area) string {
	s := a.Name
	if a.Score != nil {
		s += " · score " + strconv.Itoa(*a.Score)
		if a.ScoreBefore != nil {
			s += changeArrow + strconv.Itoa(*a.ScoreBefore)
		}
	}
	if a.ClockMS != nil {
		secs := *a.ClockMS / 1000
		s += fmt.Sprintf(" · %d:%02d", secs/60, secs%60)
	}
	if a.Active {
		s += " · to play"
	}
	return s
}

func drawArea(p painter, a *scene.Area, x, y, w, h float64) {
	if w == 0 {
		return
	}
	stroke, sw := areaLine, 1.0
	if a.Active {
		stroke, sw = activeLine, 3
	}
	p.box(a.ID, x, y, w, h)
	p.rect(x, y, w, h, 8, areaColor, stroke, sw)
	cy := y + pad
	if a.Seat > 0 {
		p.circle(x+pad+5, cy+9, 6, hex(a.Color, seatColor(a.Seat)), "#555555", 1)
		p.text(x+pad+15, cy+14, seatTitle(a), nameSize, inkColor, 0, true)
		cy += lineH + 4
	}
	for _, l := range counterLines(a.Counters) {
		p.text(x+pad, cy+12, l, labelSize, mutedColor, 0, false)
		cy += lineH
	}
	for _, sh := range shelves(items(a)) {
		ix := x + pad
		if len(sh.items) == 1 && sh.w < w-2*pad && !sh.items[0].pile {
			ix = x + (w-sh.w)/2 // a board or a row alone is centred
		}
		for _, it := range sh.items {
			p.text(ix, cy+12, fit(it.label, labelSize, it.w, false), labelSize, mutedColor, 0, false)
			it.draw(p, ix, cy+lineH)
			ix += it.w + gap
		}
		cy += sh.h + gap/2
	}
}

func drawBoard(p painter, b *scene.Board, x, y float64) {
	c := cellSize(b)
	bw, bh := boardSize(b)
	p.box(b.ID, x, y, bw, bh)
	p.rect(x, y, bw, bh, 6, hex(b.Color, boardColor), cellLine, 1)
	ix, iy := x+8, y+8
	for j := 0; j < b.Height; j++ {
		for i := 0; i < b.Width; i++ { // every cell, empty ones too: a move may name them
			p.box(scene.CellID(b.Name, i, j), ix+float64(i)*c, iy+float64(j)*c, c, c)
		}
	}
	for i := 0; i <= b.Width; i++ {
		p.line(ix+float64(i)*c, iy, ix+float64(i)*c, iy+float64(b.Height)*c, cellLine, 1)
	}
	for j := 0; j <= b.Height; j++ {
		p.line(ix, iy+float64(j)*c, ix+float64(b.Width)*c, iy+float64(j)*c, cellLine, 1)
	}
	for _, cl := range b.Cells {
		cx, cy := ix+(float64(cl.X)+0.5)*c, iy+(float64(cl.Y)+0.5)*c
		drawCell(p, cl, cx, cy, c)
	}
}

// drawCell draws a cell's piece: a glyph (coloured as its hint says), a
// disc of the hint's colour, or without a hint a disc of its owner's
// colour (grey for a value that is no seat) with the value on it.
func drawCell(p painter, cl scene.Cell, cx, cy, c float64) {
	r := c * 0.38
	hinted := cl.Text != strconv.Itoa(cl.Value) || cl.Color != ""
	switch {
	case hinted && cl.Text != "":
		size := c * 0.62
		p.text(cx, cy+size*0.36, cl.Text, size, hex(cl.Color, inkColor), 0.5, true)
	case hinted:
		p.circle(cx, cy, r, hex(cl.Color, inkColor), "#555555", 1)
	default:
		p.circle(cx, cy, r, seatColor(cl.Owner), "", 0)
		p.text(cx, cy+5, cl.Text, 14, "#ffffff", 0.5, true)
	}
	if cl.Last {
		p.rect(cx-c/2+2, cy-c/2+2, c-4, c-4, 4, "", lastColor, 3)
	}
}

func drawLocation(p painter, l *scene.Location, x, y float64) {
	w, h := locationSize(l)
	p.box(l.ID, x, y, w, h)
	tags := l.Owner == 0 && hasOwners(l.Cards)
	if len(l.Cards) == 0 {
		p.rect(x, y, cardW, cardH, 5, "", cardLine, 1)
		return
	}
	if l.As == "pile" {
		if l.Count > 1 {
			p.rect(x+6, y+4, cardW, cardH, 5, cardFace, cardLine, 1)
			p.rect(x+3, y+2, cardW, cardH, 5, cardFace, cardLine, 1)
		}
		drawCard(p, l.Cards[0], x, y, true)
		badge(p, l.Count, x+cardW, y+cardH)
		return
	}
	step, _ := spread(l.As, len(l.Cards), cardW, fanStep, perRow)
	h = cardH
	if tags {
		h += ownerTagH
	}
	for i, c := range l.Cards {
		cx, cy := x+float64(i)*step, y
		if l.As != "fan" {
			cx, cy = x+float64(i%perRow)*step, y+float64(i/perRow)*(h+cardGap)
		}
		drawCard(p, c, cx, cy, l.As != "fan" || i == len(l.Cards)-1)
		if tags && c.Owner > 0 {
			p.circle(cx+7, cy+cardH+8, 4, seatColor(c.Owner), "", 0)
			p.text(cx+14, cy+cardH+12, "P"+strconv.Itoa(c.Owner), 10, mutedColor, 0, false)
		}
	}
}

// drawCard draws a card's face (its text in its colour, in the corner and,
// when whole is set, large in the middle: a card under another in a fan
// shows its corner only) or, hidden, its back. A face without a hint
// ("2/12") is written in the corner on two lines, type_arg over type, so
// that it reads in a fan's narrow strip.
func drawCard(p painter, c scene.Card, x, y float64, whole bool) {
	p.box(c.ID, x, y, cardW, cardH)
	if c.Hidden {
		p.rect(x, y, cardW, cardH, 5, cardBack, "#1f3a63", 1)
		p.rect(x+5, y+5, cardW-10, cardH-10, 3, "", cardBackIn, 1.5)
		p.line(x+8, y+8, x+cardW-8, y+cardH-8, cardBackIn, 1)
		p.line(x+cardW-8, y+8, x+8, y+cardH-8, cardBackIn, 1)
	} else {
		col := hex(c.Color, inkColor)
		p.rect(x, y, cardW, cardH, 5, cardFace, cardLine, 1)
		if c.Image != "" && p.image(x+2, y+2, cardW-4, cardH-4, c.Image) {
			whole = false // the image is the face; the corner still reads
		}
		if typ, arg, ok := strings.Cut(c.Text, "/"); ok {
			p.text(x+3, y+13, fit(arg, 11, fanStep-3, true), 11, col, 0, true)
			p.text(x+3, y+25, fit(typ, 11, fanStep-3, true), 11, col, 0, true)
		} else {
			p.text(x+3, y+13, fit(c.Text, 11, cardW-6, true), 11, col, 0, true)
		}
		if whole {
			big := 20.0
			if measure(c.Text, big, true) > cardW-6 {
				big = 13
			}
			p.text(x+cardW/2, y+cardH/2+big*0.45+4, fit(c.Text, big, cardW-6, true), big, col, 0.5, true)
		}
	}
	if c.Last {
		p.rect(x-2, y-2, cardW+4, cardH+4, 6, "", lastColor, 3)
	}
}

// badge draws a pile's count on its bottom right corner.
func badge(p painter, n int, x, y float64) {
	p.circle(x, y-2, 11, inkColor, "#ffffff", 1.5)
	p.text(x, y+2, strconv.Itoa(n), 11, "#ffffff", 0.5, true)
}

func drawZone(p painter, z *scene.Zone, x, y float64) {
	w, h := zoneSize(z)
	p.box(z.ID, x, y, w, h)
	if len(z.Objects) == 0 {
		return
	}
	if z.As == "pile" {
		top := z.Objects[len(z.Objects)-1]
		if z.Count > 1 {
			p.rect(x+6, y+4, objW, objH, 6, objectColor, cardLine, 1)
			p.rect(x+3, y+2, objW, objH, 6, objectColor, cardLine, 1)
		}
		drawObject(p, top, x, y)
		badge(p, z.Count, x+objW, y+objH)
		return
	}
	step, _ := spread(z.As, len(z.Objects), objW, objW*0.45, objPerRow)
	for i, o := range z.Objects {
		ox, oy := x+float64(i)*step, y
		if z.As != "fan" {
			ox, oy = x+float64(i%objPerRow)*step, y+float64(i/objPerRow)*(objH+cardGap)
		}
		drawObject(p, o, ox, oy)
	}
}

// drawObject draws an object as a card: its title, its type, its tags and
// its stats (power/toughness as "2/2"), a wrapped stat in violet with a
// star.
func drawObject(p painter, o scene.Object, x, y float64) {
	p.box(o.ID, x, y, objW, objH)
	if o.Hidden { // its back, as a hidden card's
		p.rect(x, y, objW, objH, 6, cardBack, seatColor(o.Owner), 1.5)
		p.rect(x+6, y+6, objW-12, objH-12, 4, "", cardBackIn, 1.5)
		p.line(x+10, y+10, x+objW-10, y+objH-10, cardBackIn, 1)
		p.line(x+objW-10, y+10, x+10, y+objH-10, cardBackIn, 1)
		return
	}
	p.rect(x, y, objW, objH, 6, objectColor, seatColor(o.Owner), 1.5)
	p.rect(x, y, objW, 22, 6, seatColor(o.Owner), "", 0)
	p.text(x+5, y+15, fit(o.Title, 12, objW-10, true), 12, "#ffffff", 0, true)
	p.text(x+5, y+36, fit(o.Type+" #"+strconv.Itoa(o.Object), 10, objW-10, false), 10, mutedColor, 0, false)
	ty := y + 52.0
	if o.Image != "" && p.image(x+5, y+42, objW-10, objH-42-30, o.Image) {
		ty = y + objH // the image takes the tags' room
	}
	for _, t := range o.Tags {
		if ty > y+objH-34 {
			break
		}
		p.text(x+5, ty, fit(t, 10, objW-10, false), 10, inkColor, 0, false)
		ty += 12
	}
	drawStats(p, o.Stats, x, y)
	if o.Last {
		p.rect(x-2, y-2, objW+4, objH+4, 7, "", lastColor, 3)
	}
}

func drawStats(p painter, stats []scene.Stat, x, y float64) {
	mark := func(s scene.Stat) (string, string) {
		if s.Wrapped {
			return s.Value + "*", wrapColor
		}
		return s.Value, inkColor
	}
	byName := map[string]scene.Stat{}
	for _, s := range stats {
		byName[s.Name] = s
	}
	pw, okP := byName["power"]
	tg, okT := byName["toughness"]
	by := y + objH - 8
	if okP && okT {
		a, ca := mark(pw)
		b, cb := mark(tg)
		p.rect(x+objW-54, by-16, 50, 20, 4, "#ffffff", cardLine, 1)
		p.text(x+objW-30, by, "/", 13, inkColor, 0.5, true)
		p.text(x+objW-34, by, a, 13, ca, 1, true)
		p.text(x+objW-26, by, b, 13, cb, 0, true)
		by -= 24
	}
	for i := len(stats) - 1; i >= 0; i-- {
		s := stats[i]
		if okP && okT && (s.Name == "power" || s.Name == "toughness") {
			continue
		}
		v, c := mark(s)
		p.text(x+objW-5, by, fit(s.Name+" "+v, 10, objW-10, false), 10, c, 1, false)
		by -= 12
	}
}
