package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/layout"
	"github.com/rulestudio/studio/internal/testenv"
	"github.com/rulestudio/studio/project"
)

// TestWindowEditsAndKeepsAGraph drives the real studio under Xvfb with
// xdotool as a designer would: on the example project it creates a state
// (ctrl+shift+N, typing its name), connects it to another state by dragging
// from its box's edge (typing the transition's name), gives it a clause
// and the clause's code by typing in its YAML (ctrl+U), saves (ctrl+S),
// quits (ctrl+Q), starts the studio again, finds the state (ctrl+F) and
// shows its YAML again, checking the project file (and the studio's own
// export of it) and the screen at each step. A screenshot is taken at
// each step; set STUDIO_SHOTS=dir to keep them (the README's come from
// there). Missing tools skip the test, or fail it under RULESTUDIO_STRICT=1
// (scripts/test; internal/testenv).
func TestWindowEditsAndKeepsAGraph(t *testing.T) {
	x := newExampleStudio(t)
	bin, proj, pack := x.bin, x.proj, x.pack
	s := x.start(t)
	s.waitForBoxes(len(pack.States))
	s.shot("opened")

	// Create a state: it is selected and its name asked at once.
	s.key("ctrl+shift+n")
	time.Sleep(700 * time.Millisecond)
	s.typeText("drawBonus")
	s.key("Return")
	box := s.waitForSelection()
	s.shot("created")

	// Connect it: drag from its right edge to the nearest other box.
	target := s.nearestBox(box, pack)
	from := image.Pt(box.Max.X-4, (box.Min.Y+box.Max.Y)/2)
	to := image.Pt((target.x0+target.x1)/2, (target.y0+target.y1)/2)
	s.drag(from, to)
	time.Sleep(700 * time.Millisecond)
	s.shot("connecting")
	s.typeText("bonusDone")
	s.key("Return")
	time.Sleep(500 * time.Millisecond)
	s.shot("connected")

	// A clause and its code: View > Edit as YAML (ctrl+U) shows the state's
	// text, where a whenever clause is typed at its end.
	yamlBefore := s.editClauseCode()

	s.key("ctrl+s")
	saved := s.waitForProject(proj, func(p *graph.Pack) bool {
		st := p.StateByName("drawBonus")
		return st != nil && st.Clauses != nil && len(st.Clauses.Whenever) > 0
	})
	st := saved.StateByName("drawBonus")
	tr, ok := st.Transitions.Lookup("bonusDone")
	if !ok {
		t.Fatalf("saved state drawBonus has transitions %v, want bonusDone", st.Transitions)
	}
	if to := saved.State(tr.To); to == nil || to.Type != target.typ {
		t.Errorf("bonusDone leads to %v, want the %s box the drag ended on", tr.To, target.typ)
	}
	if _, ok := saved.Editor.Positions[st.ID.String()]; !ok {
		t.Error("the new state was saved without its position")
	}
	if w := st.Clauses.Whenever[0]; w.Name != "bonus" || w.Condition.Src != "True" || w.Body.Src != bonusBody {
		t.Errorf("saved whenever clause %s: condition %q, body %q; want bonus, True, %q", w.Name, w.Condition.Src, w.Body.Src, bonusBody)
	}
	s.exportHas(bin, proj, bonusBody)
	s.shot("saved")
	s.key("ctrl+q")
	s.waitForExit()

	// Start again: the state is there, and ctrl+F finds and selects it.
	s = x.start(t)
	s.waitForBoxes(len(pack.States) + 1)
	s.shot("reopened")
	s.find("drawBonus")
	s.shot("found")
	// Its text shows the clause: five more lines of YAML keys than before.
	s.key("ctrl+u")
	s.waitForScreen("drawBonus's YAML with its clause", func(img image.Image, st shotStats) bool {
		return st.boxes == 0 && keysBottom(img) >= yamlBefore+4*14
	})
	s.shot("reopened-yaml")
	s.key("ctrl+q")
	s.waitForExit()
}

// bonusBody is the code of the clause the test types.
const bonusBody = `notify("bonus drawn")`

// editClauseCode shows the YAML of drawBonus, the state the inspector shows
// since it was connected (ctrl+U: the YAML view in front of the canvas, the
// cursor at the start of the text)
// and, with the keys a designer uses, types a whenever clause at the end
// of its text: PageDown and End to the last line's end, Return, Home to
// column 0 (Return indents as the line above), then the clause as a flow
// mapping, which reads as YAML only once it is closed, so that no half-typed
// text is taken for an edit. It returns where the YAML keys of the text
// shown before the typing end (keysBottom). The keys reach the window in
// order: a ctrl+S after them saves what they typed.
func (s *studioSession) editClauseCode() int {
	s.t.Helper()
	s.key("ctrl+u")
	var bottom int
	s.waitForScreen("the YAML view in front of the canvas", func(img image.Image, st shotStats) bool {
		bottom = keysBottom(img)
		return st.boxes == 0 && bottom > 0
	})
	s.shot("yaml")
	for _, k := range []string{"Next", "End", "Return", "Home"} { // Next: PageDown
		s.key(k)
	}
	s.xdo("type", "--delay", "12", `    clauses: {whenever: [{name: bonus, condition: "True", body: '`+bonusBody+`'}]}`)
	return bottom
}

// yamlKeyColour is the colour of the keys in the YAML view (chroma's
// "github" style, NameTag, in the light theme).
var yamlKeyColour = color.NRGBA{R: 0x05, G: 0x50, B: 0xae, A: 0xff}

// keysBottom is the lowest row of the screen where YAML keys show (0: none).
func keysBottom(img image.Image) int {
	r, n := colourBox(img, yamlKeyColour)
	if n == 0 {
		return 0
	}
	return r.Max.Y
}

// find selects the state named name with ctrl+F and waits until it shows
// selected.
func (s *studioSession) find(name string) image.Rectangle {
	s.t.Helper()
	s.key("ctrl+f")
	time.Sleep(600 * time.Millisecond)
	s.typeText(name)
	s.key("Return")
	return s.waitForSelection()
}

// waitForScreen waits until the screen's stats satisfy ok.
func (s *studioSession) waitForScreen(what string, ok func(image.Image, shotStats) bool) {
	s.t.Helper()
	pack := &graph.Pack{States: []*graph.State{{Type: graph.ActivePlayer}, {Type: graph.MultipleActivePlayer}, {Type: graph.Game}, {Type: graph.Manager}}}
	var last shotStats
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(300 * time.Millisecond) {
		s.check()
		img := s.capture()
		var err error
		if last, err = analyse(s.screen, pack); err != nil {
			s.t.Fatal(err)
		}
		if ok(img, last) {
			return
		}
	}
	s.t.Fatalf("not on screen after 10 s: %s (%v; see %s):\n%s", what, last, s.screen, s.logs.String())
}

// exportHas checks that the studio's own export of proj (studio export
// PROJECT --format yaml) holds text.
func (s *studioSession) exportHas(bin, proj, text string) {
	s.t.Helper()
	out, err := exec.Command(bin, "export", proj, "--format", "yaml").CombinedOutput()
	if err != nil {
		s.t.Fatalf("studio export: %v\n%s", err, out)
	}
	if !bytes.Contains(out, []byte(text)) {
		s.t.Errorf("studio export %s does not hold %s:\n%s", proj, text, out)
	}
}

// buildStudio builds the binary into dir.
func buildStudio(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "studio")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// exampleProjectAt makes a project of the bundled example pack at path, laid
// out, and returns the pack.
func exampleProjectAt(t *testing.T, path string) *graph.Pack {
	t.Helper()
	p, err := graph.Parse(assets.ExamplePack, assets.ExamplePackName)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := layout.Auto(context.Background(), p, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p.Editor = &graph.Editor{Positions: pos}
	proj, err := project.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer proj.Close()
	if _, err := proj.Save(p, "example"); err != nil {
		t.Fatal(err)
	}
	return p
}

// exampleStudio is what the window tests start the studio with: the binary
// built, the example project (Hearts) made, an Xvfb display, and the folder
// its screenshots go to (STUDIO_SHOTS, else in the test's temporary folder).
type exampleStudio struct {
	dir, bin, proj, display, shots string
	pack                           *graph.Pack
}

// newExampleStudio checks the tools (missing ones skip the test, or fail it
// under RULESTUDIO_STRICT=1: internal/testenv), builds the studio, makes the
// example project and starts Xvfb, stopped when the test ends (after the
// studio: cleanups run last first). -short skips the test.
func newExampleStudio(t *testing.T) *exampleStudio {
	t.Helper()
	if testing.Short() {
		t.Skip("starts the studio under Xvfb; skipped in -short mode")
	}
	for _, tool := range []struct{ cmd, pkg string }{{"Xvfb", "xvfb"}, {"import", "imagemagick"}, {"xdotool", "xdotool"}} {
		if _, err := exec.LookPath(tool.cmd); err != nil {
			testenv.Unavailable(t, "%s is not installed (Debian: %s)", tool.cmd, tool.pkg)
		}
	}
	dir := t.TempDir()
	x := &exampleStudio{dir: dir, bin: buildStudio(t, dir), proj: filepath.Join(dir, "hearts.rulestudio")}
	x.pack = exampleProjectAt(t, x.proj)
	display, stopX := startXvfb(t, dir)
	t.Cleanup(stopX)
	x.display = display
	if x.shots = os.Getenv("STUDIO_SHOTS"); x.shots == "" {
		x.shots = filepath.Join(dir, "shots")
	}
	os.MkdirAll(x.shots, 0o755)
	return x
}

// start starts the studio on the example project.
func (x *exampleStudio) start(t *testing.T) *studioSession {
	t.Helper()
	return startStudio(t, x.bin, x.display, x.dir, x.proj, x.shots)
}

// studioSession is one run of the studio under Xvfb.
type studioSession struct {
	t       *testing.T
	display string
	shots   string
	cmd     *exec.Cmd
	logs    *bytes.Buffer
	exited  chan error
	screen  string // the last screenshot
	n       *int   // screenshots taken, across sessions
}

var shotCount int

// startStudio starts the studio on proj in the light theme.
func startStudio(t *testing.T, bin, display, dir, proj, shots string) *studioSession {
	t.Helper()
	s := &studioSession{t: t, display: display, shots: shots, logs: &bytes.Buffer{}, exited: make(chan error, 1), n: &shotCount}
	s.cmd = exec.Command(bin, proj)
	s.cmd.Stdout, s.cmd.Stderr = s.logs, s.logs
	s.cmd.Env = append(os.Environ(), "DISPLAY="+display, "FYNE_THEME=light",
		"XDG_DATA_HOME="+filepath.Join(dir, "data"), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { s.exited <- s.cmd.Wait() }()
	t.Cleanup(func() {
		if s.cmd.ProcessState == nil {
			s.cmd.Process.Kill()
			<-s.exited
		}
		// Fyne logs a focus it refused (a widget not in the window)
		// instead of failing: the window's code asked for the wrong one.
		if logs := s.logs.String(); strings.Contains(logs, "Failed to focus") {
			t.Errorf("the studio asked to focus what is not in the window:\n%s", logs)
		}
	})
	return s
}

// xdo runs xdotool with args on the session's display.
func (s *studioSession) xdo(args ...string) {
	s.t.Helper()
	c := exec.Command("xdotool", args...)
	c.Env = append(os.Environ(), "DISPLAY="+s.display)
	if out, err := c.CombinedOutput(); err != nil {
		s.t.Fatalf("xdotool %s: %v %s", strings.Join(args, " "), err, out)
	}
}

func (s *studioSession) key(k string) {
	s.t.Helper()
	s.xdo("key", k)
	time.Sleep(150 * time.Millisecond)
}

func (s *studioSession) typeText(text string) {
	s.t.Helper()
	s.xdo("type", "--delay", "40", text)
}

// drag presses the left button at a, moves to b in steps and lets go.
func (s *studioSession) drag(a, b image.Point) {
	s.t.Helper()
	s.xdo("mousemove", "--sync", fmt.Sprint(a.X), fmt.Sprint(a.Y))
	s.xdo("mousedown", "1")
	for i := 1; i <= 6; i++ {
		x := a.X + (b.X-a.X)*i/6
		y := a.Y + (b.Y-a.Y)*i/6
		time.Sleep(60 * time.Millisecond)
		s.xdo("mousemove", fmt.Sprint(x), fmt.Sprint(y))
	}
	time.Sleep(100 * time.Millisecond)
	s.xdo("mouseup", "1")
}

// capture takes a screenshot into s.screen.
func (s *studioSession) capture() image.Image {
	s.t.Helper()
	s.screen = filepath.Join(s.shots, "screen.png")
	if out, err := exec.Command("import", "-display", s.display, "-window", "root", s.screen).CombinedOutput(); err != nil {
		s.t.Fatalf("import: %v %s", err, out)
	}
	f, err := os.Open(s.screen)
	if err != nil {
		s.t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		s.t.Fatal(err)
	}
	return img
}

// shot keeps a screenshot of the step named name.
func (s *studioSession) shot(name string) {
	s.t.Helper()
	s.capture()
	*s.n++
	keep := filepath.Join(s.shots, fmt.Sprintf("edit-%02d-%s.png", *s.n, name))
	data, _ := os.ReadFile(s.screen)
	os.WriteFile(keep, data, 0o644)
	s.t.Logf("screenshot %s", keep)
}

// check fails the test with the studio's output when the studio exited.
func (s *studioSession) check() {
	s.t.Helper()
	select {
	case err := <-s.exited:
		s.exited <- err
		s.t.Fatalf("the studio exited (%v):\n%s", err, s.logs.String())
	default:
	}
}

// waitForBoxes waits until n state boxes are on screen, twice the same.
func (s *studioSession) waitForBoxes(n int) {
	s.t.Helper()
	var prev, last shotStats
	pack := &graph.Pack{States: []*graph.State{{Type: graph.ActivePlayer}, {Type: graph.MultipleActivePlayer}, {Type: graph.Game}, {Type: graph.Manager}}}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(500 * time.Millisecond) {
		s.check()
		s.capture()
		var err error
		if last, err = analyse(s.screen, pack); err != nil {
			s.t.Fatal(err)
		}
		if last.boxes >= n && sameBoxes(last.boxRects, prev.boxRects) {
			return
		}
		prev = last
	}
	s.t.Fatalf("%d state boxes on screen after 30 s, want %d:\n%s", last.boxes, n, s.logs.String())
}

// selectionColour is the border of selected states in the light theme.
var selectionColour = color.NRGBA{R: 0xd9, G: 0x5f, B: 0x02, A: 0xff}

// waitForSelection waits until a selected box shows and returns the box the
// selection colour surrounds.
func (s *studioSession) waitForSelection() image.Rectangle {
	s.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(300 * time.Millisecond) {
		s.check()
		img := s.capture()
		if r, n := colourBox(img, selectionColour); n > 200 {
			return r
		}
	}
	s.t.Fatalf("no selected state on screen after 10 s:\n%s", s.logs.String())
	return image.Rectangle{}
}

// colourBox returns the bounding box of the pixels of colour c and their
// number.
func colourBox(img image.Image, c color.NRGBA) (image.Rectangle, int) {
	b := img.Bounds()
	r := image.Rectangle{Min: b.Max, Max: b.Min}
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if nearColor(color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA), c, 6) {
				n++
				r.Min.X, r.Min.Y = min(r.Min.X, x), min(r.Min.Y, y)
				r.Max.X, r.Max.Y = max(r.Max.X, x), max(r.Max.Y, y)
			}
		}
	}
	return r, n
}

// nearestBox returns the state box on screen nearest to box r, other than
// the one r is.
func (s *studioSession) nearestBox(r image.Rectangle, pack *graph.Pack) boxRect {
	s.t.Helper()
	st, err := analyse(s.screen, pack)
	if err != nil {
		s.t.Fatal(err)
	}
	c := image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
	best, bestD := boxRect{}, -1
	for _, b := range st.boxRects {
		bc := image.Pt((b.x0+b.x1)/2, (b.y0+b.y1)/2)
		if bc.In(r) {
			continue // the new box itself
		}
		d := (bc.X-c.X)*(bc.X-c.X) + (bc.Y-c.Y)*(bc.Y-c.Y)
		if bestD < 0 || d < bestD {
			best, bestD = b, d
		}
	}
	if bestD < 0 {
		s.t.Fatalf("no other state box on screen (%d boxes)", len(st.boxRects))
	}
	return best
}

// waitForProject waits until the project file's pack satisfies ok (the
// studio saved) and returns it.
func (s *studioSession) waitForProject(path string, ok func(*graph.Pack) bool) *graph.Pack {
	s.t.Helper()
	var last error
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(300 * time.Millisecond) {
		s.check()
		p, err := project.Open(path, project.Options{ReadOnly: true})
		if err != nil {
			last = err
			continue
		}
		pack, err := p.Pack()
		p.Close()
		if err == nil && pack != nil && ok(pack) {
			return pack
		}
		last = err
	}
	s.t.Fatalf("the project was not saved as expected after 10 s (%v):\n%s", last, s.logs.String())
	return nil
}

// goroutines ends the studio with SIGQUIT, which makes the Go runtime print
// every goroutine's stack, and returns its output with them: what a quit
// that did not happen was waiting for.
func (s *studioSession) goroutines() string {
	s.cmd.Process.Signal(syscall.SIGQUIT)
	select {
	case err := <-s.exited:
		s.exited <- err
	case <-time.After(5 * time.Second):
	}
	return s.logs.String()
}

// waitForExit waits for the studio to end by itself.
func (s *studioSession) waitForExit() {
	s.t.Helper()
	select {
	case err := <-s.exited:
		if err != nil {
			s.t.Errorf("the studio ended with %v:\n%s", err, s.logs.String())
		}
		if strings.Contains(s.logs.String(), "did not finish closing") {
			s.t.Logf("Fyne did not end its loop after the quit; the studio ended itself (quit.go):\n%s", s.logs.String())
		}
	case <-time.After(10 * time.Second):
		s.capture()
		s.t.Fatalf("the studio did not quit within 10 s (a dialog? see %s); its goroutines:\n%s", s.screen, s.goroutines())
	}
}
