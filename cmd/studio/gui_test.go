package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/editor"
	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/bga"
	"github.com/rulestudio/studio/internal/corpus"
	"github.com/rulestudio/studio/internal/testenv"
	"github.com/rulestudio/studio/project"
)

// guiCorpusFile is the corpus file the window test opens: mid-sized (18
// states, 65 transitions) with every arrow kind (self-loops, parallel arrows).
const guiCorpusFile = "utecht__BGA_tigriseuphrates__states.inc.php"

// TestWindowDrawsImportedGraph builds the real studio binary, makes a project
// from a corpus file, starts the studio on it under Xvfb, takes screenshots of
// the X screen and checks that the state graph was drawn: a box of its type's
// colour for (nearly) every state, with text in them, on the canvas's paper,
// and arrows of their own colour outside the boxes, in proportion to the
// transitions. It then clicks a state with xdotool (the selection must show)
// and zooms out with ctrl+minus (the boxes must shrink). Without ../shared it
// runs the studio with no argument, on the bundled example project.
//
// Missing tools (Xvfb, ImageMagick's import, xdotool) or an Xvfb that will not
// start skip the test, or fail it under RULESTUDIO_STRICT=1 (scripts/test).
// Set STUDIO_SCREENSHOT=path to keep the last screenshot, STUDIO_GUI_FILE=name
// to open another corpus file.
func TestWindowDrawsImportedGraph(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the studio under Xvfb; skipped in -short mode")
	}
	for _, tool := range []struct{ cmd, pkg string }{{"Xvfb", "xvfb"}, {"import", "imagemagick"}, {"xdotool", "xdotool"}} {
		if _, err := exec.LookPath(tool.cmd); err != nil {
			testenv.Unavailable(t, "%s is not installed (Debian: %s)", tool.cmd, tool.pkg)
		}
	}
	name := guiCorpusFile
	if env := os.Getenv("STUDIO_GUI_FILE"); env != "" {
		name = env // another corpus file, e.g. for the README's screenshot
	}
	src := filepath.Join(corpus.Dir(), name)
	_, noCorpus := os.Stat(src)
	if noCorpus != nil && os.Getenv("STUDIO_GUI_FILE") != "" {
		t.Fatalf("STUDIO_GUI_FILE: %v", noCorpus)
	}
	start := time.Now()
	dir := t.TempDir()

	bin := filepath.Join(dir, "studio")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Logf("built the studio in %v", time.Since(start).Round(time.Millisecond))

	var pack *graph.Pack
	var args []string // the studio's arguments: the project, or none for the example
	if noCorpus == nil {
		proj := filepath.Join(dir, strings.TrimSuffix(strings.TrimSuffix(name, ".php"), ".inc")+".rulestudio")
		pack = makeProject(t, bin, src, proj)
		args = []string{proj}
	} else {
		t.Logf("no %s (../shared is absent): the studio opens the bundled example project", src)
		var err error
		if pack, err = graph.Parse(assets.ExamplePack, assets.ExamplePackName); err != nil {
			t.Fatal(err)
		}
	}

	display, stopX := startXvfb(t, dir)
	defer stopX()

	cmd := exec.Command(bin, args...)
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	cmd.Env = append(os.Environ(), "DISPLAY="+display, "FYNE_THEME=light", // the canvas's paper is light
		"XDG_DATA_HOME="+filepath.Join(dir, "data"), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		cmd.Process.Kill()
		<-exited
	}()
	launched := time.Now()

	shot := filepath.Join(dir, "screen.png")
	var last, prev shotStats
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(700 * time.Millisecond) {
		select {
		case err := <-exited:
			exited <- err
			t.Fatalf("the studio exited early (%v):\n%s", err, logs.String())
		default:
		}
		out, err := exec.Command("import", "-display", display, "-window", "root", shot).CombinedOutput()
		if err != nil {
			t.Logf("import: %v %s", err, out)
			continue
		}
		last, err = analyse(shot, pack)
		if err != nil {
			t.Fatal(err)
		}
		// Done when every box is there and where it was on the previous
		// screenshot (the studio may show a quick layout first, then
		// Graphviz's).
		if last.boxes >= len(pack.States) && sameBoxes(last.boxRects, prev.boxRects) {
			break
		}
		prev = last
	}
	t.Logf("graph on screen %v after launch: %s", time.Since(launched).Round(time.Millisecond), last)
	settled := last // before a click turns some arrows the selection colour
	if len(last.boxRects) > 0 {
		clickState(t, display, shot, pack, &last)
		zoomOutByKey(t, display, shot, pack, &last)
	}
	if keep := os.Getenv("STUDIO_SCREENSHOT"); keep != "" {
		if data, err := os.ReadFile(shot); err == nil {
			os.WriteFile(keep, data, 0o644)
		}
	}

	n := len(pack.States)
	if last.paper < last.total/5 {
		t.Errorf("the canvas's paper covers %d of %d pixels: the graph canvas is not showing", last.paper, last.total)
	}
	if last.boxes < n*9/10 {
		t.Errorf("found %d state boxes on screen, want at least %d of %d states", last.boxes, n*9/10, n)
	}
	for typ, want := range last.typesWanted {
		if last.typePixels[typ] < 400*want {
			t.Errorf("%d %s states but only %d pixels of their colour", want, typ, last.typePixels[typ])
		}
	}
	if last.ink < 100*n {
		t.Errorf("only %d dark text pixels inside boxes for %d states: names are not drawn", last.ink, n)
	}
	// Arrows: pixels of the arrow colour outside every box. An arrow joins
	// two boxes at least a box's gap apart (~40 px at the zoom that fits) and
	// is drawn at least 1 px wide; labels are drawn in another colour.
	arrows := transitionCount(pack)
	if want := minArrowPixels * arrows; settled.arrows < want {
		t.Errorf("%d pixels of the arrow colour outside the boxes for %d transitions, want at least %d (%d a transition): arrows are not drawn",
			settled.arrows, arrows, want, minArrowPixels)
	}
	if t.Failed() {
		t.Logf("studio output:\n%s", logs.String())
	}
	t.Logf("whole test took %v", time.Since(start).Round(time.Millisecond))
}

// clickState clicks the biggest player state box found on screen and checks
// that the studio selects it: its border and arrows turn the selection colour.
func clickState(t *testing.T, display, shot string, pack *graph.Pack, last *shotStats) {
	t.Helper()
	best := last.boxRects[0]
	for _, b := range last.boxRects {
		player := b.typ == graph.ActivePlayer || b.typ == graph.MultipleActivePlayer
		bestPlayer := best.typ == graph.ActivePlayer || best.typ == graph.MultipleActivePlayer
		if (player && !bestPlayer) || (player == bestPlayer && b.area > best.area) {
			best = b
		}
	}
	before := last.selected
	x, y := (best.x0+best.x1)/2, (best.y0+best.y1)/2
	click := exec.Command("xdotool", "mousemove", "--sync", fmt.Sprint(x), fmt.Sprint(y), "click", "1")
	click.Env = append(os.Environ(), "DISPLAY="+display)
	out, err := click.CombinedOutput()
	if err != nil {
		t.Errorf("xdotool could not click: %v %s", err, out)
		return
	}
	for i := 0; i < 20; i++ {
		time.Sleep(250 * time.Millisecond)
		if out, err := exec.Command("import", "-display", display, "-window", "root", shot).CombinedOutput(); err != nil {
			t.Fatalf("import: %v %s", err, out)
		}
		st, err := analyse(shot, pack)
		if err != nil {
			t.Fatal(err)
		}
		*last = st
		if st.selected > before+300 {
			break
		}
	}
	t.Logf("clicked the %s box at (%d, %d): %d pixels of the selection colour, %d before", best.typ, x, y, last.selected, before)
	if last.selected < before+300 {
		t.Errorf("clicking a state box did not draw the selection (%d selection pixels, %d before)", last.selected, before)
	}
}

// zoomOutByKey presses ctrl+minus (View > Zoom Out) and checks that the state
// boxes shrink, then ctrl+0 (View > Zoom to Fit) and checks that the view
// changes again and shows every box.
func zoomOutByKey(t *testing.T, display, shot string, pack *graph.Pack, last *shotStats) {
	t.Helper()
	area := func(st shotStats) int {
		n := 0
		for _, v := range st.typePixels {
			n += v
		}
		return n
	}
	before := area(*last)
	key := func(k string) {
		c := exec.Command("xdotool", "key", k)
		c.Env = append(os.Environ(), "DISPLAY="+display)
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("xdotool key %s: %v %s", k, err, out)
		}
	}
	// snap takes screenshots until ok holds of one (or 5 s pass): the studio
	// may be slow to redraw on a busy machine.
	snap := func(ok func(shotStats) bool) shotStats {
		var st shotStats
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
			time.Sleep(250 * time.Millisecond)
			if out, err := exec.Command("import", "-display", display, "-window", "root", shot).CombinedOutput(); err != nil {
				t.Fatalf("import: %v %s", err, out)
			}
			var err error
			if st, err = analyse(shot, pack); err != nil {
				t.Fatal(err)
			}
			if ok(st) {
				break
			}
		}
		return st
	}
	zoomedOut := func(st shotStats) bool { return float64(area(st)) <= 0.8*float64(before) }
	key("ctrl+minus")
	out := snap(zoomedOut)
	fitted := func(st shotStats) bool { return st.boxes >= len(pack.States) && area(st) != area(out) }
	t.Logf("ctrl+minus: state colour pixels %d -> %d", before, area(out))
	if !zoomedOut(out) {
		t.Errorf("ctrl+minus did not zoom out: state colour pixels %d -> %d", before, area(out))
	}
	key("ctrl+0")
	*last = snap(fitted)
	if !fitted(*last) {
		t.Errorf("ctrl+0 did not zoom to fit: %d of %d boxes, state colour pixels %d -> %d", last.boxes, len(pack.States), area(out), area(*last))
	}
}

// sameBoxes reports whether two screenshots show the boxes at the same places.
func sameBoxes(a, b []boxRect) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].x0 != b[i].x0 || a[i].y0 != b[i].y0 || a[i].x1 != b[i].x1 || a[i].y1 != b[i].y1 {
			return false
		}
	}
	return true
}

// makeProject makes the project file proj from the BGA file src: through the
// binary's import-bga subcommand when it has one, else through the Go APIs. It
// returns the imported pack.
func makeProject(t *testing.T, bin, src, proj string) *graph.Pack {
	t.Helper()
	pack, err := bga.ImportFile(src)
	if err != nil {
		t.Fatalf("import %s: %v", src, err)
	}
	help, _ := exec.Command(bin, "help").CombinedOutput()
	if strings.Contains(string(help), "\n  import-bga ") {
		out, err := exec.Command(bin, "import-bga", src, "-o", proj).CombinedOutput()
		if err != nil {
			t.Fatalf("studio import-bga: %v\n%s", err, out)
		}
		t.Logf("project made with `studio import-bga`")
		return pack
	}
	p, err := project.Create(proj)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := p.Save(pack, "import "+filepath.Base(src)); err != nil {
		t.Fatal(err)
	}
	t.Logf("project made with package project (no import-bga subcommand yet)")
	return pack
}

// startXvfb starts Xvfb on a free display with a 1400x900 screen and returns
// the display name and a function that stops it. Xvfb picks the display
// itself (-displayfd) and writes its number once it serves: two test
// processes looking for a free number at once each got the same one, and
// the second drew on the first's screen until it went away.
func startXvfb(t *testing.T, dir string) (string, func()) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	x := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1400x900x24", "-nolisten", "tcp")
	var out bytes.Buffer
	x.Stdout, x.Stderr = &out, &out
	x.ExtraFiles = []*os.File{w} // fd 3 in Xvfb
	if err := x.Start(); err != nil {
		w.Close()
		t.Fatal(err)
	}
	w.Close()
	done := make(chan struct{})
	go func() { x.Wait(); close(done) }()
	// SIGTERM lets Xvfb remove its lock file and socket; SIGKILL would
	// leave them behind and use up display numbers.
	stop := func() {
		x.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(3 * time.Second):
			x.Process.Kill()
			<-done
		}
	}
	number := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		number <- strings.TrimSpace(line)
	}()
	select {
	case n := <-number:
		if n == "" {
			stop()
			testenv.Unavailable(t, "Xvfb wrote no display number: %s", out.String())
			return "", nil
		}
		display := ":" + n
		// Ready: a screenshot of the (empty) screen works.
		if err := exec.Command("import", "-display", display, "-window", "root", filepath.Join(dir, "probe.png")).Run(); err != nil {
			stop()
			testenv.Unavailable(t, "a screenshot of Xvfb's screen failed: %v", err)
			return "", nil
		}
		return display, stop
	case <-time.After(30 * time.Second):
		stop()
		testenv.Unavailable(t, "Xvfb did not start in 30 s: %s", out.String())
		return "", nil
	}
}

// minArrowPixels is the least number of arrow-coloured pixels outside the
// boxes a drawn transition gives.
const minArrowPixels = 30

// transitionCount is the number of arrows the canvas draws for pack: one per
// transition and one per initialprivate link.
func transitionCount(pack *graph.Pack) int {
	n := 0
	for _, s := range pack.States {
		n += len(s.Transitions)
		if s.InitialPrivate != nil {
			n++
		}
	}
	return n
}

// shotStats is what a screenshot shows.
type shotStats struct {
	total, paper, ink, lines, boxes int
	arrows                          int // pixels of the arrow colour outside every box
	selected                        int // pixels of the selection colour
	typePixels                      map[graph.StateType]int
	typesWanted                     map[graph.StateType]int
	boxRects                        []boxRect
}

// boxRect is where a state box was found on screen.
type boxRect struct {
	typ        graph.StateType
	x0, y0     int
	x1, y1     int
	area, text int
}

func (s shotStats) String() string {
	var types []string
	for typ, n := range s.typePixels {
		types = append(types, fmt.Sprintf("%s %d", typ, n))
	}
	return fmt.Sprintf("%d state boxes, %d paper, %d text, %d dark, %d arrow-coloured pixels outside boxes; by type colour: %s",
		s.boxes, s.paper, s.ink, s.lines, s.arrows, strings.Join(types, ", "))
}

// analyse counts, in the screenshot at path, the pixels of the canvas's paper,
// of each state type's fill colour, of arrows, and the boxes: connected
// regions of one type colour at least as large as a box at zoom 0.4.
func analyse(path string, pack *graph.Pack) (shotStats, error) {
	f, err := os.Open(path)
	if err != nil {
		return shotStats{}, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return shotStats{}, err
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	st := shotStats{total: w * h, typePixels: map[graph.StateType]int{}, typesWanted: map[graph.StateType]int{}}
	var types []graph.StateType
	for _, s := range pack.States {
		if st.typesWanted[s.Type] == 0 {
			types = append(types, s.Type)
		}
		st.typesWanted[s.Type]++
	}
	paper := color.NRGBA{R: 0xfb, G: 0xfb, B: 0xf8, A: 0xff}
	selection := color.NRGBA{R: 0xd9, G: 0x5f, B: 0x02, A: 0xff}
	label := make([]int8, w*h) // index+1 of the type colour, 0 none
	px := func(x, y int) color.NRGBA {
		return color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := px(x, y)
			switch {
			case nearColor(c, paper, 2):
				st.paper++
				continue
			case nearColor(c, selection, 6):
				st.selected++
			case c.R < 0x70 && c.G < 0x70 && c.B < 0x80 && c.R > 0x30:
				st.lines++ // arrows are drawn in #555b66 (and text anti-aliasing)
			}
			for i, typ := range types {
				if nearColor(c, style.TypeFill(typ), 3) {
					label[y*w+x] = int8(i + 1)
					st.typePixels[typ]++
					break
				}
			}
		}
	}
	// Connected regions of one type colour, 4-neighbour flood fill; text pixels
	// are the dark pixels inside a region's bounding box.
	seen := make([]bool, w*h)
	stack := []int{}
	for i := range label {
		if label[i] == 0 || seen[i] {
			continue
		}
		area := 0
		minX, minY, maxX, maxY := w, h, 0, 0
		stack = append(stack[:0], i)
		seen[i] = true
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			area++
			x, y := p%w, p/w
			minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
			for _, q := range []int{p - 1, p + 1, p - w, p + w} {
				if q < 0 || q >= len(label) || seen[q] || label[q] != label[i] {
					continue
				}
				if (q == p-1 && x == 0) || (q == p+1 && x == w-1) {
					continue
				}
				seen[q] = true
				stack = append(stack, q)
			}
		}
		if area < 600 || maxX-minX < 40 || maxY-minY < 15 {
			continue // a legend swatch, an anti-aliased edge, a sliver
		}
		st.boxes++
		box := boxRect{typ: types[label[i]-1], x0: minX, y0: minY, x1: maxX, y1: maxY, area: area}
		for y := minY; y <= maxY; y++ {
			for x := minX; x <= maxX; x++ {
				if c := px(x, y); int(c.R)+int(c.G)+int(c.B) < 3*0x90 {
					box.text++
				}
			}
		}
		st.ink += box.text
		st.boxRects = append(st.boxRects, box)
	}
	// Arrow pixels: the arrow colour, outside every box (widened by a few
	// pixels for the border).
	inBox := func(x, y int) bool {
		for _, r := range st.boxRects {
			if x >= r.x0-4 && x <= r.x1+4 && y >= r.y0-4 && y <= r.y1+4 {
				return true
			}
		}
		return false
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if nearColor(px(x, y), arrowColor, 4) && !inBox(x, y) {
				st.arrows++
			}
		}
	}
	return st, nil
}

// arrowColor is the colour the canvas draws arrows in (editor's edgeColor);
// labels and box text have their own colours.
var arrowColor = color.NRGBA{R: 0x55, G: 0x5b, B: 0x66, A: 0xff}

func nearColor(a, b color.NRGBA, d int) bool {
	diff := func(x, y uint8) int {
		if x > y {
			return int(x - y)
		}
		return int(y - x)
	}
	return diff(a.R, b.R) <= d && diff(a.G, b.G) <= d && diff(a.B, b.B) <= d
}

// TestProjectStoreKeepsPackAndPositions saves a pack with positions through
// the editor's adapter of package project, reopens it and compares.
func TestProjectStoreKeepsPackAndPositions(t *testing.T) {
	p, err := graph.Parse(assets.ExamplePack, assets.ExamplePackName)
	if err != nil {
		t.Fatal(err)
	}
	p.Editor = &graph.Editor{Positions: map[string]graph.Point{"1": {X: 10, Y: 20}, "99": {X: -5.5, Y: 300}}}
	path := filepath.Join(t.TempDir(), "hearts.rulestudio")
	proj, err := projectStore{}.Create(path, p, "test")
	if err != nil {
		t.Fatal(err)
	}
	if err := proj.Close(); err != nil {
		t.Fatal(err)
	}
	proj, err = projectStore{}.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer proj.Close()
	got, err := proj.Pack()
	if err != nil {
		t.Fatal(err)
	}
	if len(got.States) != len(p.States) || got.Name != p.Name {
		t.Errorf("reopened pack %q has %d states, want %q with %d", got.Name, len(got.States), p.Name, len(p.States))
	}
	if got.Editor == nil || got.Editor.Positions["99"] != p.Editor.Positions["99"] || got.Editor.Positions["1"] != p.Editor.Positions["1"] {
		t.Errorf("reopened positions %v, want %v", got.Editor, p.Editor.Positions)
	}
	if _, ok := proj.(editor.Autosaver); !ok {
		t.Error("the project adapter does not autosave")
	}
}

// TestExampleProjectIsMadeOnce makes the bundled example project in a fresh
// data directory, then finds it again without rewriting it.
func TestExampleProjectIsMadeOnce(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	path, err := exampleProject()
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	again, err := exampleProject()
	if err != nil || again != path {
		t.Fatalf("second call: %q, %v; want %q", again, err, path)
	}
	if fi2, _ := os.Stat(path); !fi2.ModTime().Equal(fi.ModTime()) {
		t.Error("the example project was made again")
	}
	proj, err := projectStore{}.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer proj.Close()
	p, err := proj.Pack()
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "hearts" || len(p.Editor.Positions) != len(p.States) {
		t.Errorf("example project: pack %q with %d positions for %d states", p.Name, len(p.Editor.Positions), len(p.States))
	}
}

// TestLockedProjectOpensReadOnly: while another studio holds a project, opening
// it says who holds it (editor.ErrLocked); opened read-only it shows its pack,
// says so in the title, and File > Save refuses to write it.
func TestLockedProjectOpensReadOnly(t *testing.T) {
	p, err := graph.Parse(assets.ExamplePack, assets.ExamplePackName)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "held.rulestudio")
	holder, err := project.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	if _, err := holder.Save(p, "first"); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)

	ed := newEditor(test.NewTempApp(t))
	err = ed.Open(path)
	if !errors.Is(err, editor.ErrLocked) || !strings.Contains(err.Error(), "held by") {
		t.Fatalf("opening a held project: %v, want editor.ErrLocked saying who holds it", err)
	}
	if err := ed.OpenProjectReadOnly(path); err != nil {
		t.Fatal(err)
	}
	settle(ed) // the window as the designer sees it once the layout is done
	if got := ed.Pack(); got == nil || len(got.States) != len(p.States) {
		t.Fatalf("read-only open shows %v, want the saved pack", got)
	}
	if title := ed.Window().Title(); !strings.Contains(title, "[read-only]") {
		t.Errorf("title %q does not say read-only", title)
	}
	if err := ed.Save(); !errors.Is(err, editor.ErrNoProject) {
		t.Errorf("Save of a read-only project: %v, want editor.ErrNoProject", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("the read-only studio changed the project file")
	}
}
