package picture

import (
	"image"
	"math"
	"sync"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

// A table repeats itself: the same card backs, card outlines, badges and
// words at the same fractions of a pixel, and areas that differ only in
// size. So each shape is drawn once with gg (antialiased, as before) into
// a sprite, kept, and copied where it lies; copying is what a frame costs.
// A sprite is drawn on transparency and copied over the picture (Porter-Duff
// over, premultiplied), which rounds a little differently from gg drawing
// on the picture itself: an antialiased edge's pixel may differ by one or
// two of 255 (TestRasterDrawsAsGG).

// shape is a rect, circle or line as the painter is asked for it, in a
// frame whose origin is a whole pixel: only the fraction of its position
// matters to how it looks, so shapes a whole number of pixels apart share
// a sprite.
type shape struct {
	kind         byte    // 'r' a rect (x, y, w, h, r), 'c' a circle (centre x, y, radius r), 'l' a line from (x, y) by (w, h)
	x, y, w, h   float64 // pixels in the frame
	r            float64
	fill, stroke string
	width        float64
}

// sprite is a shape or a text drawn on transparency. A rect, or a line
// along an axis, has a column (and a rect a row) that stands for all of its
// straight middle: a long one is drawn short and that column is copied as
// many times as the shape is longer (a nine-slice), so an area of the
// table costs its sprite's few pixels and a fill of the rest.
type sprite struct {
	img        *image.RGBA // premultiplied
	dx, dy     int         // the frame pixel of img's top left
	midX, midY int         // the frame column and row that stretch; noMid: none
	rows       [][]run     // by row of img
}

const noMid = math.MinInt

// textKey is a text as the painter is asked for it; fx, fy are the
// fractions of a pixel of its start and baseline.
type textKey struct {
	s      string
	size   float64
	bold   bool
	color  string
	fx, fy float64
}

// sprites keeps the sprites every picture draws with, shared under a lock
// (a font face is not safe for concurrent use, so drawing a new sprite is
// done under it too). When they pass maxSpritePixels they are dropped and
// drawn again as needed: memory stays bounded however many tables are drawn.
var sprites = struct {
	sync.Mutex
	shapes map[shape]*sprite
	texts  map[textKey]*sprite
	faces  map[faceKey]font.Face
	pixels int
	drawn  int // sprites drawn since the start: tests see the cache work
}{shapes: map[shape]*sprite{}, texts: map[textKey]*sprite{}, faces: map[faceKey]font.Face{}}

const maxSpritePixels = 4 << 20

// keep stores a new sprite, dropping all when they are too many pixels.
// The lock is held.
func keep(sp *sprite) {
	n := len(sp.img.Pix) / 4
	if sprites.pixels+n > maxSpritePixels {
		dropSprites()
	}
	sprites.pixels += n
	sprites.drawn++
}

// dropSprites forgets every sprite; the lock is held.
func dropSprites() {
	clear(sprites.shapes)
	clear(sprites.texts)
	sprites.pixels = 0
}

// straight returns the frame columns [lo, hi) of s that are all alike
// (between its rounded ends), or lo >= hi. A stroke, a corner and a round
// cap reach at most r+width from the shape's ends; a pixel more of margin
// covers the rasterizer's reach.
func straight(start, length, r, width float64) (lo, hi int) {
	e := r + width + 1
	return int(math.Ceil(start + e)), int(math.Floor(start + length - e))
}

// stretch returns how many columns of a shape are left out of its sprite
// (drawn by copying its middle column): all of its straight middle but one.
func stretch(start, length, r, width float64) int {
	lo, hi := straight(start, length, r, width)
	return max(hi-lo-1, 0)
}

// axes says along which axes s stretches.
func (s shape) axes() (x, y bool) {
	switch s.kind {
	case 'r':
		return true, true
	case 'l':
		return s.h == 0 && s.w > 0, s.w == 0 && s.h > 0
	}
	return false, false
}

// mids returns the frame column and row a sprite of s stretches.
func (s shape) mids() (int, int) {
	mx, my := noMid, noMid
	ax, ay := s.axes()
	if lo, hi := straight(s.x, s.w, s.r, s.width); ax && hi > lo {
		mx = lo
	}
	if lo, hi := straight(s.y, s.h, s.r, s.width); ay && hi > lo {
		my = lo
	}
	return mx, my
}

// bounds returns the frame pixels s may touch.
func (s shape) bounds() image.Rectangle {
	m := s.width/2 + 2
	x0, y0, x1, y1 := s.x, s.y, s.x+s.w, s.y+s.h
	switch s.kind {
	case 'c':
		x0, y0, x1, y1 = s.x-s.r, s.y-s.r, s.x+s.r, s.y+s.r
	case 'l':
		x0, x1 = min(x0, x1), max(x0, x1)
		y0, y1 = min(y0, y1), max(y0, y1)
	}
	return image.Rect(int(math.Floor(x0-m)), int(math.Floor(y0-m)), int(math.Ceil(x1+m)), int(math.Ceil(y1+m)))
}

// shapeSprite returns the sprite of s, drawing it with gg the first time.
func shapeSprite(s shape) *sprite {
	sprites.Lock()
	defer sprites.Unlock()
	if sp, ok := sprites.shapes[s]; ok {
		return sp
	}
	b := s.bounds()
	sp := &sprite{img: image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy())), dx: b.Min.X, dy: b.Min.Y}
	sp.midX, sp.midY = s.mids()
	p := newGG(gg.NewContextForRGBA(sp.img), sprites.faces, Options{})
	ox, oy := float64(-b.Min.X), float64(-b.Min.Y)
	switch s.kind {
	case 'r':
		p.rect(s.x+ox, s.y+oy, s.w, s.h, s.r, s.fill, s.stroke, s.width)
	case 'c':
		p.circle(s.x+ox, s.y+oy, s.r, s.fill, s.stroke, s.width)
	case 'l':
		p.line(s.x+ox, s.y+oy, s.x+s.w+ox, s.y+s.h+oy, s.stroke, s.width)
	}
	sp.index()
	keep(sp)
	sprites.shapes[s] = sp
	return sp
}

// textSprite returns the sprite of a text starting at (k.fx, k.fy) in its
// frame, drawing it with gg the first time.
func textSprite(k textKey) *sprite {
	sprites.Lock()
	defer sprites.Unlock()
	if sp, ok := sprites.texts[k]; ok {
		return sp
	}
	f, ok := sprites.faces[faceKey{k.size, k.bold}]
	if !ok {
		f = newFace(k.size, k.bold)
		sprites.faces[faceKey{k.size, k.bold}] = f
	}
	bb, _ := font.BoundString(f, k.s)
	b := image.Rect(int(math.Floor(k.fx+fixedFloat(bb.Min.X)))-2, int(math.Floor(k.fy+fixedFloat(bb.Min.Y)))-2,
		int(math.Ceil(k.fx+fixedFloat(bb.Max.X)))+2, int(math.Ceil(k.fy+fixedFloat(bb.Max.Y)))+2)
	sp := &sprite{img: image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy())), dx: b.Min.X, dy: b.Min.Y, midX: noMid, midY: noMid}
	p := newGG(gg.NewContextForRGBA(sp.img), sprites.faces, Options{})
	p.text(k.fx-float64(b.Min.X), k.fy-float64(b.Min.Y), k.s, k.size, k.color, 0, k.bold)
	sp.index()
	keep(sp)
	sprites.texts[k] = sp
	return sp
}

// run is a stretch of a sprite's row to copy: columns [c0, c1) all opaque
// (copied as they are) or all translucent (laid over the picture), or the
// middle column alone. Transparent pixels are in no run.
type run struct {
	c0, c1 int
	opaque bool
}

// index finds the runs of each row of the sprite, once when it is drawn.
func (sp *sprite) index() {
	w, h := sp.img.Rect.Dx(), sp.img.Rect.Dy()
	mid := sp.midX - sp.dx
	sp.rows = make([][]run, h)
	for r := 0; r < h; r++ {
		pix := sp.img.Pix[r*sp.img.Stride:]
		var runs []run
		for c := 0; c < w; {
			a := pix[4*c+3]
			if a == 0 {
				c++
				continue
			}
			e := c + 1
			for c != mid && e < w && e != mid && pix[4*e+3] != 0 && (pix[4*e+3] == 255) == (a == 255) {
				e++
			}
			runs = append(runs, run{c, e, a == 255})
			c = e
		}
		sp.rows[r] = runs
	}
}

// draw copies the sprite onto dst with its frame's origin at (ox, oy), its
// middle column copied kx times more and its middle row ky times more.
func (sp *sprite) draw(dst *image.RGBA, ox, oy, kx, ky int) {
	b := dst.Rect
	for sr, runs := range sp.rows {
		fy := sr + sp.dy
		y0, n := oy+fy, 1
		if fy == sp.midY {
			n = ky + 1
		} else if fy > sp.midY {
			y0 += ky
		}
		src := sp.img.Pix[sr*sp.img.Stride:]
		for y := max(y0, b.Min.Y); y < min(y0+n, b.Max.Y); y++ {
			row := dst.Pix[(y-b.Min.Y)*dst.Stride : (y-b.Min.Y+1)*dst.Stride]
			sp.drawRow(row, src, runs, ox-b.Min.X, b.Dx(), kx)
		}
	}
}

// drawRow copies one row of the sprite (src, its runs) onto a row of the
// picture (row, w pixels), the frame's column 0 at pixel ox.
func (sp *sprite) drawRow(row, src []byte, runs []run, ox, w, kx int) {
	for _, r := range runs {
		fx := r.c0 + sp.dx
		x0 := ox + fx
		if fx > sp.midX {
			x0 += kx
		}
		if fx == sp.midX { // one colour, kx+1 times
			x1 := min(x0+kx+1, w)
			x0 = max(x0, 0)
			if x0 >= x1 {
				continue
			}
			px := src[4*r.c0 : 4*r.c0+4 : 4*r.c0+4]
			if r.opaque {
				fill(row[4*x0:4*x1], px)
			} else {
				over(row[4*x0:4*x1], px)
			}
			continue
		}
		c0, c1 := r.c0, r.c1
		if x0 < 0 {
			c0 -= x0
			x0 = 0
		}
		if x0+c1-c0 > w {
			c1 = c0 + w - x0
		}
		if c0 >= c1 {
			continue
		}
		if r.opaque {
			copy(row[4*x0:], src[4*c0:4*c1])
		} else {
			blend(row[4*x0:4*(x0+c1-c0)], src[4*c0:4*c1])
		}
	}
}

// fill sets every pixel of run to px, doubling what is copied.
func fill(run, px []byte) {
	copy(run, px)
	for n := 4; n < len(run); n *= 2 {
		copy(run[n:], run[:n])
	}
}

// over lays the premultiplied px over every pixel of run: d·(1-α) + s.
func over(run, px []byte) {
	a := 255 - uint32(px[3])
	for i := 0; i+3 < len(run); i += 4 {
		d := run[i : i+4 : i+4]
		d[0] = px[0] + div255(uint32(d[0])*a)
		d[1] = px[1] + div255(uint32(d[1])*a)
		d[2] = px[2] + div255(uint32(d[2])*a)
		d[3] = px[3] + div255(uint32(d[3])*a)
	}
}

// blend lays the premultiplied pixels src over those of run, one by one.
func blend(run, src []byte) {
	for i := 0; i+3 < len(run) && i+3 < len(src); i += 4 {
		d, s := run[i:i+4:i+4], src[i:i+4:i+4]
		a := 255 - uint32(s[3])
		d[0] = s[0] + div255(uint32(d[0])*a)
		d[1] = s[1] + div255(uint32(d[1])*a)
		d[2] = s[2] + div255(uint32(d[2])*a)
		d[3] = s[3] + div255(uint32(d[3])*a)
	}
}

// div255 is v/255 rounded, for v up to 255·255.
func div255(v uint32) uint8 {
	v += 128
	return uint8((v + v>>8) >> 8)
}
