package main

import (
	"image"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/internal/testenv"
	"github.com/rulestudio/studio/internal/testproject"
	"os/exec"
)

// TestWindowComparesRevisions runs the real binary under Xvfb on a
// tic-tac-toe project whose revision 2 makes three in a row lose (its
// script), says so in playerTurn's description and adds a transition: File
// > Compare Revisions… from the keyboard (Alt, then Down to it), Enter
// compares the two revisions the dialog offers, and the comparison's tab
// draws playerTurn outlined in the colour of a change and the new
// transition in the colour of an addition.
func TestWindowComparesRevisions(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the studio under Xvfb; skipped in -short mode")
	}
	for _, tool := range []struct{ cmd, pkg string }{{"Xvfb", "xvfb"}, {"import", "imagemagick"}, {"xdotool", "xdotool"}} {
		if _, err := exec.LookPath(tool.cmd); err != nil {
			testenv.Unavailable(t, "%s is not installed (Debian: %s)", tool.cmd, tool.pkg)
		}
	}
	dir := t.TempDir()
	bin := buildStudio(t, dir)
	proj := testproject.Misere(t, true)
	display, stopX := startXvfb(t, dir)
	t.Cleanup(stopX)
	shots := os.Getenv("STUDIO_SHOTS")
	if shots == "" {
		shots = filepath.Join(dir, "shots")
	}
	os.MkdirAll(shots, 0o755)
	s := startStudio(t, bin, display, dir, proj, shots)
	s.waitForBoxes(4)
	s.shot("compare-opened")
	s.key("alt")
	for i := 0; i < compareItem; i++ {
		s.key("Down")
	}
	s.shot("compare-menu")
	s.key("Return")
	time.Sleep(700 * time.Millisecond)
	s.shot("compare-dialog")
	s.key("Return")
	s.waitForScreen("the comparison's graph: a state outlined as changed, a transition drawn as added", func(img image.Image, _ shotStats) bool {
		_, changed := colourBox(img, style.ChangeChanged)
		_, added := colourBox(img, style.ChangeAdded)
		return changed >= minOutlinePixels && added >= minAddedPixels
	})
	s.shot("compare-revisions")
	// The list of changes has the keyboard: Down twice and Space choose
	// the script's change, shown side by side.
	before := s.capture()
	s.key("Down")
	s.key("Down")
	s.key("space")
	s.waitForScreen("the script side by side, its changed lines tinted", func(img image.Image, _ shotStats) bool {
		return changed(before, img, lowerRight(img)) >= minSideChange
	})
	s.shot("compare-side-by-side")
	// Tab reaches Measure Impact above the list; Space presses it.
	s.key("Tab")
	s.key("space")
	s.waitForScreen("the impact's report", func(img image.Image, _ shotStats) bool {
		return inkIn(img, lowerRight(img)) >= minReportInk
	})
	s.shot("compare-impact")
	s.key("ctrl+q")
	s.waitForExit()
}

// compareItem is how many times Down goes from the File menu's top to
// Compare Revisions….
const compareItem = 9

// minOutlinePixels is fewer pixels than a box's outline in a change's
// colour fills (a box's perimeter, some 330 pixels, at the zoom that fits
// tic-tac-toe); minAddedPixels fewer than a short arrow and its head do.
const (
	minOutlinePixels = 150
	minAddedPixels   = 40
)

// lowerRight is where the comparison's tabs (side by side, impact) are:
// under the list of changes, left of the Inspector.
func lowerRight(img image.Image) image.Rectangle {
	b := img.Bounds()
	return image.Rect(b.Dx()*33/100, b.Dy()/2, b.Dx()*68/100, b.Dy()*93/100)
}

// minSideChange is fewer pixels than change where the side-by-side view
// shows the script instead of the state's description.
const minSideChange = 3000

// minReportInk is fewer dark pixels than the impact's report draws: some
// thirty lines of text (some 6,000 in the room shown; the side-by-side
// script before it, 2,700).
const minReportInk = 4500
