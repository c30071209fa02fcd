package picture

import (
	"fmt"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

// ggPainter draws with github.com/fogleman/gg (antialiased, in memory),
// the text in the Go fonts. It draws each shape of a picture once, into a
// sprite (sprite.go), which the raster painter then copies; and a test
// draws whole pictures with it to hold the raster painter to its look.
type ggPainter struct {
	dc     *gg.Context
	faces  map[faceKey]font.Face
	images *images
}

func newGG(dc *gg.Context, faces map[faceKey]font.Face, opt Options) *ggPainter {
	return &ggPainter{dc: dc, faces: faces, images: newImages(opt)}
}

func (p *ggPainter) image(x, y, w, h float64, path string) bool {
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
	p.dc.DrawImage(img, int(x+0.5), int(y+0.5))
	return true
}

func (p *ggPainter) fillStroke(fill, stroke string, width float64) {
	if fill != "" {
		p.dc.SetHexColor(fill)
		if stroke != "" {
			p.dc.FillPreserve()
		} else {
			p.dc.Fill()
		}
	}
	if stroke != "" {
		p.dc.SetHexColor(stroke)
		p.dc.SetLineWidth(width)
		p.dc.Stroke()
	}
	p.dc.ClearPath()
}

func (p *ggPainter) rect(x, y, w, h, r float64, fill, stroke string, width float64) {
	if r > 0 {
		p.dc.DrawRoundedRectangle(x, y, w, h, r)
	} else {
		p.dc.DrawRectangle(x, y, w, h)
	}
	p.fillStroke(fill, stroke, width)
}

func (p *ggPainter) circle(cx, cy, r float64, fill, stroke string, width float64) {
	p.dc.DrawCircle(cx, cy, r)
	p.fillStroke(fill, stroke, width)
}

func (p *ggPainter) line(x1, y1, x2, y2 float64, color string, width float64) {
	p.dc.DrawLine(x1, y1, x2, y2)
	p.fillStroke("", color, width)
}

func (p *ggPainter) text(x, y float64, s string, size float64, color string, anchor float64, bold bool) {
	k := faceKey{size, bold}
	f, ok := p.faces[k]
	if !ok {
		f = newFace(size, bold)
		p.faces[k] = f
	}
	p.dc.SetFontFace(f)
	p.dc.SetHexColor(color)
	p.dc.DrawStringAnchored(s, x, y, anchor, 0)
}

func (p *ggPainter) box(string, float64, float64, float64, float64) {}
