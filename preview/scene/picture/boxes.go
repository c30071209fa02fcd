package picture

import "github.com/rulestudio/studio/preview/scene"

// Box is where one thing of a scene lies in the picture [SVG] and [PNG]
// draw of the scenes: an area, a board, every cell of a board (empty ones
// too, by [scene.CellID]), a card location, a card, a zone, an object, by
// its id in the scene. Scene is the index of its scene among those drawn
// side by side. Coordinates are pixels from the picture's top left.
type Box struct {
	Scene int     `json:"scene"`
	ID    string  `json:"id"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	W     float64 `json:"w"`
	H     float64 `json:"h"`
}

// Boxes lays the scenes out as SVG and PNG draw them and returns the
// picture's size and where each thing lies, in drawing order: where boxes
// overlap (the cards of a fan), a later box lies on top of an earlier one,
// so a window finds what a click hits by searching from the end.
func Boxes(scenes ...*scene.Scene) (width, height float64, boxes []Box, err error) {
	s, err := layout(scenes)
	if err != nil {
		return 0, 0, nil, err
	}
	rec := &boxPainter{}
	for i, sc := range s.scenes {
		rec.scene = i
		drawScene(rec, sc, s.boxes[i], s.x[i], s.y[i], s.w[i], s.h[i])
	}
	return s.width, s.height, rec.boxes, nil
}

// boxPainter draws nothing and records the boxes.
type boxPainter struct {
	scene int
	boxes []Box
}

func (p *boxPainter) rect(x, y, w, h, r float64, fill, stroke string, width float64) {}
func (p *boxPainter) circle(cx, cy, r float64, fill, stroke string, width float64)   {}
func (p *boxPainter) line(x1, y1, x2, y2 float64, color string, width float64)       {}
func (p *boxPainter) text(x, y float64, s string, size float64, color string, anchor float64, bold bool) {
}
func (p *boxPainter) image(x, y, w, h float64, path string) bool { return false }
func (p *boxPainter) box(id string, x, y, w, h float64) {
	p.boxes = append(p.boxes, Box{Scene: p.scene, ID: id, X: x, Y: y, W: w, H: h})
}

// At returns the last of boxes (the topmost) of scene that holds the
// point (x, y) and whose id starts with prefix ("deck:", "object:",
// "board:"), or false.
func At(boxes []Box, x, y float64, prefix string) (Box, bool) {
	for i := len(boxes) - 1; i >= 0; i-- {
		b := boxes[i]
		if x >= b.X && x < b.X+b.W && y >= b.Y && y < b.Y+b.H && len(b.ID) >= len(prefix) && b.ID[:len(prefix)] == prefix {
			return b, true
		}
	}
	return Box{}, false
}
