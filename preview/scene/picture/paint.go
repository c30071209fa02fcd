package picture

import (
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"

	"github.com/rulestudio/studio/graph"
)

// painter is what a picture is drawn on: the SVG and the PNG painters draw
// the same shapes at the same places, so the two formats show one layout.
// Coordinates are pixels from the top left; colours are #rrggbb.
type painter interface {
	rect(x, y, w, h, r float64, fill, stroke string, width float64)
	circle(cx, cy, r float64, fill, stroke string, width float64)
	line(x1, y1, x2, y2 float64, color string, width float64)
	// text draws s with its baseline at y: starting at x (anchor 0), centred
	// on it (0.5) or ending at it (1).
	text(x, y float64, s string, size float64, color string, anchor float64, bold bool)
	// box says that the thing of the scene with the id lies in the box
	// drawn next (an area, a card, a cell, an object).
	box(id string, x, y, w, h float64)
	// image draws the display hint's image at path in the box and reports
	// whether it could.
	image(x, y, w, h float64, path string) bool
}

// Text is measured with the Go fonts (golang.org/x/image/font/gofont), the
// PNG painter draws with them and the SVG names them first, so a text
// fits where the layout put it. They have the card suits (♠♥♣♦).
var (
	fontsOnce       sync.Once
	regular, boldTT *truetype.Font
	faceMu          sync.Mutex
	faces           = map[faceKey]font.Face{}
	advances        = map[textSize]fixed.Int26_6{}
)

type faceKey struct {
	size float64
	bold bool
}

// newFace returns a new face of the Go font at size pixels, regular or
// bold. A face keeps caches and is not safe for concurrent use.
func newFace(size float64, bold bool) font.Face {
	fontsOnce.Do(func() {
		regular, _ = truetype.Parse(goregular.TTF) // the bundled fonts parse
		boldTT, _ = truetype.Parse(gobold.TTF)
	})
	ft := regular
	if bold {
		ft = boldTT
	}
	return truetype.NewFace(ft, &truetype.Options{Size: size, DPI: 72, Hinting: font.HintingNone})
}

// measure returns the width of s in pixels at size, with faces shared by
// every picture under a lock.
func measure(s string, size float64, bold bool) float64 {
	return fixedFloat(advance26(s, size, bold))
}

// advance returns how far s moves the pen, as gg measures it to anchor a
// text: whole pixels, rounded down.
func advance(s string, size float64, bold bool) float64 {
	return float64(advance26(s, size, bold) >> 6)
}

// advance26 measures s, keeping what it measured: a table measures the
// same names and counts on every redraw, and a face loads each glyph's
// outline again to measure it. Past maxAdvances texts the kept measures are
// dropped, so memory stays bounded.
func advance26(s string, size float64, bold bool) fixed.Int26_6 {
	faceMu.Lock()
	defer faceMu.Unlock()
	k := faceKey{size, bold}
	if a, ok := advances[textSize{s, k}]; ok {
		return a
	}
	f, ok := faces[k]
	if !ok {
		f = newFace(size, bold)
		faces[k] = f
	}
	a := font.MeasureString(f, s)
	if len(advances) >= maxAdvances {
		clear(advances)
	}
	advances[textSize{s, k}] = a
	return a
}

// textSize is a text at a size, regular or bold.
type textSize struct {
	s string
	faceKey
}

const maxAdvances = 1 << 14

func fixedFloat(x fixed.Int26_6) float64 { return float64(x) / 64 }

// fit returns s cut short (with an ellipsis) so that it is at most w wide.
func fit(s string, size, w float64, bold bool) string {
	if measure(s, size, bold) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && measure(string(r)+"…", size, bold) > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// colors are the colour names a display hint takes (graph.ColorNames).
var colors = map[string]string{
	"black": "#212121", "white": "#fafafa", "red": "#c62828", "yellow": "#f9c80e",
	"green": "#2e7d32", "blue": "#1565c0", "orange": "#ef6c00", "purple": "#6a1b9a",
	"brown": "#6d4c41", "grey": "#757575", "gold": "#c9a227", "teal": "#00897b",
}

// seatColors tell seats apart where no hint says: a cell holding a seat's
// number, an owner's tag.
var seatColors = []string{"#c62828", "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00897b", "#6d4c41", "#ad1457"}

// hex returns c as #rrggbb: a hint's name or #rgb, or def when c is empty.
func hex(c, def string) string {
	if c == "" {
		return def
	}
	if h, ok := colors[c]; ok {
		return h
	}
	if len(c) == 4 && c[0] == '#' {
		return string([]byte{'#', c[1], c[1], c[2], c[2], c[3], c[3]})
	}
	if graph.ValidColor(c) {
		return c
	}
	return def
}

func seatColor(seat int) string {
	if seat < 1 {
		return "#616161"
	}
	return seatColors[(seat-1)%len(seatColors)]
}
