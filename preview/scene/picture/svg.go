package picture

import (
	"fmt"
	"io"

	svg "github.com/ajstarks/svgo/float"
)

// svgPainter draws with github.com/ajstarks/svgo.
type svgPainter struct {
	c      *svg.SVG
	images *images
}

func newSVG(w io.Writer, width, height float64, opt Options) *svgPainter {
	c := svg.New(w)
	c.Decimals = 1
	c.Start(width, height)
	return &svgPainter{c, newImages(opt)}
}

func (p *svgPainter) image(x, y, w, h float64, path string) bool {
	data := p.images.read(path)
	if data == nil {
		return false
	}
	href := dataURI(path, data)
	if p.images.opt.ImageHref != nil {
		href = p.images.opt.ImageHref(path)
	}
	p.c.Image(x, y, int(w), int(h), href, `preserveAspectRatio="xMidYMid meet"`)
	return true
}

func (p *svgPainter) end() { p.c.End() }

func paint(fill, stroke string, width float64) string {
	if fill == "" {
		fill = "none"
	}
	if stroke == "" {
		return "fill:" + fill
	}
	return fmt.Sprintf("fill:%s;stroke:%s;stroke-width:%g", fill, stroke, width)
}

func (p *svgPainter) rect(x, y, w, h, r float64, fill, stroke string, width float64) {
	p.c.Roundrect(x, y, w, h, r, r, paint(fill, stroke, width))
}

func (p *svgPainter) circle(cx, cy, r float64, fill, stroke string, width float64) {
	p.c.Circle(cx, cy, r, paint(fill, stroke, width))
}

func (p *svgPainter) line(x1, y1, x2, y2 float64, color string, width float64) {
	p.c.Line(x1, y1, x2, y2, fmt.Sprintf("stroke:%s;stroke-width:%g", color, width))
}

func (p *svgPainter) text(x, y float64, s string, size float64, color string, anchor float64, bold bool) {
	style := fmt.Sprintf("font-family:Go,'DejaVu Sans',sans-serif;font-size:%gpx;fill:%s", size, color)
	switch anchor {
	case 0.5:
		style += ";text-anchor:middle"
	case 1:
		style += ";text-anchor:end"
	}
	if bold {
		style += ";font-weight:bold"
	}
	p.c.Text(x, y, s, style)
}

func (p *svgPainter) box(string, float64, float64, float64, float64) {}
