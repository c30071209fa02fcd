package picture

import (
	"fmt"
	"image"
	"image/draw"
	"math"
)

// rasterPainter draws the PNG and the window's picture: every shape and
// text from a sprite gg drew once (sprite.go), copied onto an RGBA image.
// It looks as [ggPainter] drawing the picture itself, at a small part of
// the cost.
type rasterPainter struct {
	im     *image.RGBA
	images *images
}

func newRaster(width, height float64, opt Options) *rasterPainter {
	return &rasterPainter{im: image.NewRGBA(image.Rect(0, 0, int(width+0.5), int(height+0.5))), images: newImages(opt)}
}

// shape draws s, given in the picture's pixels: shortened by what its
// sprite stretches, moved to a frame on a whole pixel.
func (p *rasterPainter) shape(s shape) {
	ox, oy := math.Floor(s.x), math.Floor(s.y)
	s.x, s.y = s.x-ox, s.y-oy
	kx, ky := 0, 0
	ax, ay := s.axes()
	if ax {
		kx = stretch(s.x, s.w, s.r, s.width)
		s.w -= float64(kx)
	}
	if ay {
		ky = stretch(s.y, s.h, s.r, s.width)
		s.h -= float64(ky)
	}
	shapeSprite(s).draw(p.im, int(ox), int(oy), kx, ky)
}

func (p *rasterPainter) rect(x, y, w, h, r float64, fill, stroke string, width float64) {
	if stroke == "" {
		width = 0 // no stroke: one sprite whatever width says
	}
	p.shape(shape{kind: 'r', x: x, y: y, w: w, h: h, r: r, fill: fill, stroke: stroke, width: width})
}

func (p *rasterPainter) circle(cx, cy, r float64, fill, stroke string, width float64) {
	if stroke == "" {
		width = 0
	}
	p.shape(shape{kind: 'c', x: cx, y: cy, r: r, fill: fill, stroke: stroke, width: width})
}

func (p *rasterPainter) line(x1, y1, x2, y2 float64, color string, width float64) {
	p.shape(shape{kind: 'l', x: x1, y: y1, w: x2 - x1, h: y2 - y1, stroke: color, width: width})
}

func (p *rasterPainter) text(x, y float64, s string, size float64, color string, anchor float64, bold bool) {
	if s == "" {
		return
	}
	x -= anchor * advance(s, size, bold)
	ox, oy := math.Floor(x), math.Floor(y)
	textSprite(textKey{s: s, size: size, bold: bold, color: color, fx: x - ox, fy: y - oy}).draw(p.im, int(ox), int(oy), 0, 0)
}

func (p *rasterPainter) image(x, y, w, h float64, path string) bool {
	data := p.images.read(path)
	if data == nil {
		return false
	}
	img, err := raster(path, data, int(w), int(h))
	if err != nil {
		if p.images.opt.Warn != nil {
			p.images.opt.Warn(fmt.Errorf("image %s: %w", path, err))
		}
		p.images.data[path] = nil
		return false
	}
	at := image.Pt(int(x+0.5), int(y+0.5))
	draw.Draw(p.im, img.Bounds().Add(at), img, image.Point{}, draw.Over)
	return true
}

func (p *rasterPainter) box(string, float64, float64, float64, float64) {}
