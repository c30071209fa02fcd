package picture

import (
	"bytes"
	"image"
	"testing"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

// ggPicture draws the scenes with gg straight onto the picture, as every
// PNG was drawn before sprites: the look the raster painter keeps.
func ggPicture(s *sheet) *image.RGBA {
	dc := gg.NewContext(int(s.width+0.5), int(s.height+0.5))
	s.draw(newGG(dc, map[faceKey]font.Face{}, Options{}))
	return dc.Image().(*image.RGBA)
}

// TestRasterDrawsAsGG: the pictures copied from sprites are the pictures
// gg draws, every bundled pack at its last golden step: no channel of a pixel
// more than 10 of 255 apart, 97% of them equal (98% are). Compositing a sprite over
// the picture rounds differently from gg painting on it, at antialiased
// edges only. The picture's outermost pixels are left out: there gg folds
// what lies outside (the round cap of the line between two tables) into
// the first row and column, which the sprites do not.
func TestRasterDrawsAsGG(t *testing.T) {
	for name, steps := range goldenSteps {
		for _, step := range steps[len(steps)-1:] {
			s, err := layout(scenes(t, bundled(t, name), step))
			if err != nil {
				t.Fatal(err)
			}
			want := ggPicture(s)
			p := newRaster(s.width, s.height, Options{})
			s.draw(p)
			worst, same, n := 0, 0, 0
			r := want.Rect.Inset(1)
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					i := want.PixOffset(x, y)
					for c := i; c < i+4; c++ {
						d := max(int(want.Pix[c])-int(p.im.Pix[c]), int(p.im.Pix[c])-int(want.Pix[c]))
						worst = max(worst, d)
						if d == 0 {
							same++
						}
						n++
					}
				}
			}
			if worst > 10 || same < n*97/100 {
				t.Errorf("%s at step %d: channels differ by up to %d of 255, %d of %d equal", name, step, worst, same, n)
			}
		}
	}
}

// TestSpritesKept: drawing a table again draws no new sprite, and the same
// pixels as the first time: what a frame costs is copying, and what it
// shows does not depend on what was kept.
func TestSpritesKept(t *testing.T) {
	sc := scenes(t, bundled(t, "hearts"), 30)[1:]
	first, err := Image(Options{}, sc...)
	if err != nil {
		t.Fatal(err)
	}
	sprites.Lock()
	drawn := sprites.drawn
	sprites.Unlock()
	again, err := Image(Options{}, sc...)
	if err != nil {
		t.Fatal(err)
	}
	sprites.Lock()
	if sprites.drawn != drawn {
		t.Errorf("the second frame drew %d sprites", sprites.drawn-drawn)
	}
	dropSprites() // as when they pass maxSpritePixels
	sprites.Unlock()
	fresh, err := Image(Options{}, sc...)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first.(*image.RGBA).Pix, again.(*image.RGBA).Pix) || !bytes.Equal(first.(*image.RGBA).Pix, fresh.(*image.RGBA).Pix) {
		t.Error("the same table drawn three times differs")
	}
}
