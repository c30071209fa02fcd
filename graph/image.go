package graph

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// MaxImage is the largest image file a display hint may name, in bytes
// (4 MiB): the project file keeps each one, and the picture reads it whole.
const MaxImage = 4 << 20

// pngSignature opens every PNG file (PNG specification, section 5.2).
var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// CheckImage reports why data, the file at the pack-relative path name,
// cannot be a hint's image: a name that is not a pack-relative .png or
// .svg path, more than [MaxImage] bytes, a .png without PNG's signature,
// an .svg whose first element is not <svg>. The error names the file.
func CheckImage(name string, data []byte) error {
	if name == "" || !ValidImagePath(name) {
		return fmt.Errorf("image %s: not a .png or .svg file beside the pack", name)
	}
	if len(data) > MaxImage {
		return fmt.Errorf("image %s: larger than %d MiB (%d bytes)", name, MaxImage>>20, len(data))
	}
	if strings.EqualFold(path.Ext(name), ".png") {
		if !bytes.HasPrefix(data, pngSignature) {
			return fmt.Errorf("image %s: not a PNG file", name)
		}
		return nil
	}
	if !isSVG(data) {
		return fmt.Errorf("image %s: not an SVG file (its first element is not <svg>)", name)
	}
	return nil
}

// isSVG reports whether the first element of the XML in data is svg.
func isSVG(data []byte) bool {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	for {
		tok, err := d.Token()
		if err != nil {
			return false
		}
		if el, ok := tok.(xml.StartElement); ok {
			return el.Name.Local == "svg"
		}
	}
}

// ImagePaths returns the image paths d's hints name, sorted, each once;
// a path may hold {type} and {type_arg}, which the scene fills in.
func (d *Display) ImagePaths() []string {
	if d == nil {
		return nil
	}
	seen := map[string]bool{}
	for _, c := range d.Cards {
		seen[c.Image.Path] = true
	}
	for _, o := range d.Objects {
		seen[o.Image.Path] = true
	}
	delete(seen, "")
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// ReadImages reads from fsys (the pack's folder, or a project's images)
// the files d's image paths name, by path: for a path holding {type} or
// {type_arg}, every file it matches with those read as any text. A file
// not there is left out (the scene draws that card by its text); one that
// CheckImage refuses is an error naming it.
func ReadImages(fsys fs.FS, d *Display) (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, p := range d.ImagePaths() {
		if !ValidImagePath(p) {
			continue // the checker reports it at its line
		}
		names, err := fs.Glob(fsys, imagePattern(path.Clean(p)))
		if err != nil {
			return nil, fmt.Errorf("image %s: %w", p, err)
		}
		for _, n := range names {
			data, err := readImageFile(fsys, n)
			if err != nil {
				return nil, err
			}
			out[n] = data
		}
	}
	return out, nil
}

// imagePattern is the fs.Glob pattern of a hint's path: its text matched
// as written, {type} and {type_arg} as any text.
func imagePattern(p string) string {
	esc := strings.NewReplacer(`*`, `\*`, `?`, `\?`, `[`, `\[`, `\`, `\\`).Replace(p)
	return strings.NewReplacer("{type}", "*", "{type_arg}", "*").Replace(esc)
}

// readImageFile reads and checks the image file name of fsys, reading no
// more than one byte past MaxImage.
func readImageFile(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("image %s: %w", name, err)
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && !info.Mode().IsRegular() {
		return nil, fmt.Errorf("image %s: %w", name, errors.New("not a regular file"))
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxImage+1))
	if err != nil {
		return nil, fmt.Errorf("image %s: %w", name, err)
	}
	return data, CheckImage(name, data)
}
