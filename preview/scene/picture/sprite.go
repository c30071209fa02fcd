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
// on the picture itself: an antialiased edge's pixel may differ, mostly by
// one of 255, at most by some ten (TestRasterDrawsAsGG).

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

// maxSpritePixels bounds the sprites kept: 4 Mpixels, 16 MiB (a
// four-seat Hearts table keeps some 110 sprites of 0.1 Mpixels).
const maxSpritePixels = 4 << 20

// keep counts a new sprite in, dropping every sprite first when there would
// be too many pixels. The lock is held.
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
