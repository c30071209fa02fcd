package picture

import (
	"fmt"
	"io"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

// pngPainter draws with github.com/fogleman/gg (antialiased, in memory),
// the text in the Go fonts.
type pngPainter struct {
	dc     *gg.Context
	faces  map[faceKey]font.Face
	images *images
}

func newPNG(width, height float64, opt Options) *pngPainter {
	return &pngPainter{dc: gg.NewContext(int(width+0.5), int(height+0.5)), faces: map[faceKey]font.Face{}, images: newImages(opt)}
}

func (p *pngPainter) image(x, y, w, h float64, path string) bool {
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

func (p *pngPainter) encode(w io.Writer) error { return p.dc.EncodePNG(w) }

func (p *pngPainter) fillStroke(fill, stroke string, width float64) {
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

func (p *pngPainter) rect(x, y, w, h, r float64, fill, stroke string, width float64) {
	if r > 0 {
		p.dc.DrawRoundedRectangle(x, y, w, h, r)
	} else {
		p.dc.DrawRectangle(x, y, w, h)
	}
	p.fillStroke(fill, stroke, width)
}

func (p *pngPainter) circle(cx, cy, r float64, fill, stroke string, width float64) {
	p.dc.DrawCircle(cx, cy, r)
	p.fillStroke(fill, stroke, width)
}

func (p *pngPainter) line(x1, y1, x2, y2 float64, color string, width float64) {
	p.dc.DrawLine(x1, y1, x2, y2)
	p.fillStroke("", color, width)
}

func (p *pngPainter) text(x, y float64, s string, size float64, color string, anchor float64, bold bool) {
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

func (p *pngPainter) box(string, float64, float64, float64, float64) {}
