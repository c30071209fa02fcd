package picture

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/draw"
	_ "image/png" // the images a display hint names
	"io"
	"io/fs"
	"os"
	pathpkg "path"
	"path/filepath"
	"strings"

	"github.com/rulestudio/studio/graph"
	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
	xdraw "golang.org/x/image/draw"
)

// Options say how scenes are drawn.
type Options struct {
	// Dir is the folder the display hints' image paths are relative to
	// (the pack's); "" draws no image, a card or object reading by its
	// text alone.
	Dir string
	// Images, when set, is where those paths are read instead of Dir: a
	// project file's images (project.Project.Images), or os.DirFS of a
	// folder. The paths are slash-separated, as fs.FS takes them.
	Images fs.FS
	// ImageHref, when set, is the address an SVG links an image at (a
	// page's server that serves it, as studio serve does) in place of
	// embedding its bytes: the picture then stays small however many cards
	// show. The image is still read, and one that cannot be is not linked:
	// the card reads by its text.
	ImageHref func(path string) string
	// Warn, when set, is told of each image that cannot be drawn (missing,
	// too big, not a PNG or SVG); the card is drawn by its text instead.
	Warn func(error)
}

// ImageDir is the folder the images of a pack read from source are
// relative to ([Options].Dir): source itself when it is a folder (a pack
// written with --dir), else the folder holding it (a YAML file, a project
// file); "" when source is not there (a bundled pack, a new one), which
// draws no image.
func ImageDir(source string) string {
	info, err := os.Stat(source)
	switch {
	case source == "" || err != nil:
		return ""
	case info.IsDir():
		return source
	}
	return filepath.Dir(source)
}

// images reads the hints' image files, each once per picture.
type images struct {
	opt  Options
	data map[string][]byte // by path; nil: could not be read
}

func newImages(opt Options) *images { return &images{opt: opt, data: map[string][]byte{}} }

// read returns the bytes of the image at path (relative to Dir), or nil
// after warning once.
func (im *images) read(path string) []byte {
	if (im.opt.Dir == "" && im.opt.Images == nil) || path == "" {
		return nil
	}
	if data, ok := im.data[path]; ok {
		return data
	}
	data, err := im.load(path)
	if err != nil && im.opt.Warn != nil {
		im.opt.Warn(fmt.Errorf("image %s: %w", path, err))
	}
	im.data[path] = data
	return data
}

func (im *images) load(path string) ([]byte, error) {
	if !filepath.IsLocal(filepath.FromSlash(path)) {
		return nil, fmt.Errorf("not a path beside the pack")
	}
	if ext := strings.ToLower(filepath.Ext(path)); ext != ".png" && ext != ".svg" {
		return nil, fmt.Errorf("not a .png or .svg file")
	}
	if im.opt.Images == nil {
		// Not os.DirFS: its messages name the path alone, and a designer
		// looks for the file in the folder.
		f, err := os.Open(filepath.Join(im.opt.Dir, filepath.FromSlash(path)))
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return readLimited(f)
	}
	f, err := im.opt.Images.Open(pathpkg.Clean(path))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f)
}

// readLimited reads r whole, refusing more than graph.MaxImage bytes.
func readLimited(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, graph.MaxImage+1))
	if err != nil {
		return nil, err
	}
	if len(data) > graph.MaxImage {
		return nil, fmt.Errorf("larger than %d MiB", graph.MaxImage>>20)
	}
	return data, nil
}

func isSVG(path string) bool { return strings.EqualFold(filepath.Ext(path), ".svg") }

// dataURI is the image as an SVG file embeds it, so that the picture
// needs no file beside it.
func dataURI(path string, data []byte) string {
	kind := "image/png"
	if isSVG(path) {
		kind = "image/svg+xml"
	}
	return "data:" + kind + ";base64," + base64.StdEncoding.EncodeToString(data)
}

// raster draws the image into a w by h picture: a PNG scaled
// (golang.org/x/image/draw), an SVG rasterized (github.com/srwiley/oksvg).
func raster(path string, data []byte, w, h int) (image.Image, error) {
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	if isSVG(path) {
		icon, err := oksvg.ReadIconStream(bytes.NewReader(data), oksvg.IgnoreErrorMode)
		if err != nil {
			return nil, err
		}
		icon.SetTarget(0, 0, float64(w), float64(h))
		icon.Draw(rasterx.NewDasher(w, h, rasterx.NewScannerGV(w, h, dst, dst.Bounds())), 1)
		return dst, nil
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Over, nil)
	return dst, nil
}
