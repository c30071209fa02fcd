package editor

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"path/filepath"
	"strings"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/graph/packfile"
)

// ExportImage writes a picture of the state graph to path: PNG or SVG, by
// the file's extension. The file is written whole or not at all.
func (e *Editor) ExportImage(path string) error {
	if e.pack == nil {
		return errors.New("no pack to export")
	}
	var b bytes.Buffer
	var err error
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png":
		err = png.Encode(&b, e.GraphImage())
	case ".svg":
		err = e.WriteSVG(&b)
	default:
		return fmt.Errorf("export %s: a picture is .png or .svg", path)
	}
	if err == nil {
		err = packfile.WriteFile(path, func(w io.Writer) error {
			_, err := w.Write(b.Bytes())
			return err
		})
	}
	if err != nil {
		return fmt.Errorf("export %s: %w", path, err)
	}
	return nil
}

// GraphImage draws the state graph as the canvas does (diagram.Image).
func (e *Editor) GraphImage() image.Image { return diagram.Image(e.pack) }

// WriteSVG writes the state graph as an SVG drawing (diagram.WriteSVG).
func (e *Editor) WriteSVG(w io.Writer) error {
	if e.pack == nil {
		return errors.New("no pack to export")
	}
	return diagram.WriteSVG(w, e.pack, packTitle(e.pack))
}
