// Package picture draws table scenes (preview/scene) as pictures: [SVG]
// with github.com/ajstarks/svgo and [PNG] (and [Image], what the window
// shows) with github.com/fogleman/gg, the same layout in both, text
// measured with the Go fonts (golang.org/x/image/font/gofont, which have
// the card suits). Several scenes (every seat of one step) are drawn side
// by side on one sheet.
//
// One description of the drawing (draw.go, through the painter interface)
// serves the SVG, the PNG and the hit boxes. For the PNG, gg draws each
// distinct shape and text once, into a sprite kept between pictures
// (sprite.go: a card's back, a word at a fraction of a pixel, a rounded
// box drawn short and stretched by its straight middle), and a picture is
// those sprites copied onto an RGBA image (raster.go): a frame of a
// four-seat table costs a few milliseconds where gg painting every path
// cost some 70 (BenchmarkTableFrame). The sprites are shared by every
// picture under a lock and dropped past a bound of memory.
//
// The layout: a header (the pack, step, state and viewer; the description
// line; the last move in orange, or the winners), then the table as a 3×3
// grid of areas, the centre in the middle and each seat on its side; in an
// area its name with its colour, score, clock and turn (an active seat's
// area is ringed in teal), its counters, then its boards, locations and
// zones, piles side by side. Hidden cards are blue backs; whatever the last
// move named is ringed in orange; a wrapped stat is violet with a star.
//
// [Boxes] lays the scenes out without drawing and says where each area,
// board, cell (empty ones too), location, card, zone and object lies, by
// its scene id: what a window hit-tests a click against ([At]).
//
// The images display hints name are read from [Options].Images (an fs.FS:
// a project file's images, which cmd/studio and the editor pass, since this
// package never imports the project), else from [Options].Dir (the pack's
// folder): a card's fills its face under its corner index, an object's its
// body; the SVG embeds them (data: URIs) so that it stands alone, or links
// them where Options.ImageHref says (a page's server serves them), the PNG
// scales a PNG (golang.org/x/image/draw) and rasterizes an SVG
// (github.com/srwiley/oksvg). An image that cannot be read is told to
// Options.Warn and the card reads by its text.
//
// It imports preview/scene and graph; never Fyne, SQLite, the project or
// the editor.
package picture
