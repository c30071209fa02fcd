package picture

import (
	"errors"
	"image"
	"image/png"
	"io"
	"math"

	"github.com/rulestudio/studio/preview/scene"
)

// sheet is the layout of one or more scenes side by side: each scene's
// areas and where its block lies.
type sheet struct {
	scenes []*scene.Scene
	boxes  [][]placed
	x, y   []float64
	w, h   []float64
	width  float64
	height float64
}

// layout places the scenes in a grid of about as many columns as rows, in
// order, each block as big as it needs.
func layout(scenes []*scene.Scene) (*sheet, error) {
	if len(scenes) == 0 {
		return nil, errors.New("picture: no scene to draw")
	}
	s := &sheet{scenes: scenes}
	cols := int(math.Ceil(math.Sqrt(float64(len(scenes)))))
	var rowTop, rowH, x float64
	for i, sc := range scenes {
		if i > 0 && i%cols == 0 {
			rowTop += rowH
			rowH, x = 0, 0
		}
		boxes, w, h := table(sc)
		s.boxes = append(s.boxes, boxes)
		s.x, s.y, s.w, s.h = append(s.x, x), append(s.y, rowTop), append(s.w, w), append(s.h, h)
		x += w
		rowH = math.Max(rowH, h)
		s.width = math.Max(s.width, x)
	}
	s.height = rowTop + rowH
	return s, nil
}

func (s *sheet) draw(p painter) {
	for i, sc := range s.scenes {
		drawScene(p, sc, s.boxes[i], s.x[i], s.y[i], s.w[i], s.h[i])
		if s.x[i] > 0 {
			p.line(s.x[i], s.y[i], s.x[i], s.y[i]+s.h[i], "#9e9e9e", 2)
		}
	}
}

// SVG writes a picture of the scenes, side by side, as SVG; the images the
// hints name are embedded in it.
func SVG(w io.Writer, opt Options, scenes ...*scene.Scene) error {
	s, err := layout(scenes)
	if err != nil {
		return err
	}
	p := newSVG(w, s.width, s.height, opt)
	s.draw(p)
	p.end()
	return nil
}

// PNG writes a picture of the scenes, side by side, as PNG: the same
// picture as [SVG], drawn in memory.
func PNG(w io.Writer, opt Options, scenes ...*scene.Scene) error {
	s, err := layout(scenes)
	if err != nil {
		return err
	}
	p := newRaster(s.width, s.height, opt)
	s.draw(p)
	return png.Encode(w, p.im)
}

// Image returns the picture [PNG] encodes, not encoded: what a window
// shows, where encoding and decoding a PNG on every redraw would cost more
// than the drawing. Its size is the one [Boxes] returns, in pixels.
func Image(opt Options, scenes ...*scene.Scene) (image.Image, error) {
	s, err := layout(scenes)
	if err != nil {
		return nil, err
	}
	p := newRaster(s.width, s.height, opt)
	s.draw(p)
	return p.im, nil
}
