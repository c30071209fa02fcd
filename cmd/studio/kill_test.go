package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/packfile"
	"github.com/rulestudio/studio/project"
)

// asStudioEnv makes the test binary run as the studio itself (TestMain calls
// main), so the kill test kills the studio's own code in a process of its
// own without building a second binary.
const asStudioEnv = "RULESTUDIO_TEST_AS_STUDIO"

func TestMain(m *testing.M) {
	if os.Getenv(asStudioEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// killTarget is what the kill test knows of the long-lived project: the
// title of each revision's pack, by revision number (1-based).
type killTarget struct {
	path     string
	titles   []string
	journals int // kills that left a save's journal beside the file
}

// killOp is one command the kill test runs and kills: args for the studio,
// and check, which looks at every file the command writes once the process
// is gone (finished says it exited on its own) and returns what is wrong.
type killOp struct {
	name  string
	args  []string
	check func(finished bool) error
}

// TestKill runs the studio's writing commands (import into a new project and
// into an existing one, restore, scenario add, export -o, simulate --record
// -o) and SIGKILLs each at
// a random moment, seeded; after each kill every file the command was
// writing must be absent or whole: a project opens read-only (as studio log
// does) with its last complete revision, a record and a simulate part read
// back. RULESTUDIO_KILLS=N sets the number of kills (24 by default, the long
// mode is 200 or more); RULESTUDIO_KILL_SEED the seed.
func TestKill(t *testing.T) {
	kills := 24
	if s := os.Getenv("RULESTUDIO_KILLS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("RULESTUDIO_KILLS=%q: want a number of kills", s)
		}
		kills = n
	}
	seed := uint64(1)
	if s := os.Getenv("RULESTUDIO_KILL_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("RULESTUDIO_KILL_SEED=%q: want a number", s)
		}
		seed = n
	}
	dir := t.TempDir()
	packs := killPacks(t, dir)
	target := &killTarget{path: filepath.Join(dir, "kept"+project.Extension)}
	if out, err := studioProcess(t, "import", packs[0], "-o", target.path).CombinedOutput(); err != nil {
		t.Fatalf("first import: %v\n%s", err, out)
	}
	target.titles = []string{"kill pack 0"}

	rng := rand.New(rand.NewPCG(seed, 20))
	took := map[string]time.Duration{} // how long each kind of command runs unkilled
	var broken []string
	finished, start := 0, time.Now()
	for i := 0; i < kills; i++ {
		kind := rng.IntN(6)
		op := killOpFor(kind, rng, strconv.Itoa(i), dir, packs, target)
		if _, ok := took[op.name]; !ok { // paths of its own, so the kill starts afresh
			took[op.name] = timeOp(t, killOpFor(kind, rng, "timed"+strconv.Itoa(i), dir, packs, target))
		}
		// A kill anywhere from the process's start to a little after the
		// command's usual end.
		delay := time.Duration(rng.Int64N(int64(took[op.name])*6/5 + 1))
		done := killAfter(t, op.args, delay)
		if done {
			finished++
		}
		if err := op.check(done); err != nil {
			broken = append(broken, fmt.Sprintf("kill %d (%s after %v): %v", i, op.name, delay.Round(time.Microsecond), err))
		}
	}
	temps, _ := filepath.Glob(filepath.Join(dir, "*", ".*.tmp-*"))
	top, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*"))
	t.Logf("seed %d: %d kills in %v (%d commands had finished), %d broken files, %d left a save's journal beside the project, %d temporary files left; unkilled: %v",
		seed, kills, time.Since(start).Round(time.Millisecond), finished, len(broken), target.journals, len(temps)+len(top), took)
	if len(broken) > 0 {
		t.Errorf("%d of %d kills left a broken file:\n%s", len(broken), kills, strings.Join(broken, "\n"))
	}
}

// killPacks writes two packs of different sizes, Hearts and Tic-tac-toe,
// each under a few titles, so that each import is a new revision.
func killPacks(t *testing.T, dir string) []string {
	var out []string
	for i, name := range []string{"hearts", "tictactoe", "hearts", "tictactoe"} {
		src, _ := assets.Pack(name)
		p, err := graph.Parse(src, name+".yaml")
		if err != nil {
			t.Fatal(err)
		}
		p.Title = fmt.Sprintf("kill pack %d", i)
		path := filepath.Join(dir, fmt.Sprintf("pack%d.yaml", i))
		var b bytes.Buffer
		if err := packfile.Encode(&b, packfile.YAML, p); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, path)
	}
	return out
}

// killOpFor makes a command of the kill test of the given kind (0 to 5);
// the files it writes anew have id in their names.
func killOpFor(kind int, rng *rand.Rand, id, dir string, packs []string, target *killTarget) killOp {
	switch kind {
	case 0: // import into a new project
		path := filepath.Join(dir, "new"+id+project.Extension)
		k := rng.IntN(len(packs))
		return killOp{name: "import (new)", args: []string{"import", packs[k], "-o", path}, check: func(finished bool) error {
			return checkNewProject(path, fmt.Sprintf("kill pack %d", k), finished)
		}}
	case 1: // import into the kept project: a save
		k := rng.IntN(len(packs))
		return killOp{name: "import (save)", args: []string{"import", packs[k], "-o", target.path}, check: func(finished bool) error {
			return target.check(fmt.Sprintf("kill pack %d", k), finished)
		}}
	case 2:
		rev := 1 + rng.IntN(len(target.titles))
		return killOp{name: "restore", args: []string{"restore", target.path, strconv.Itoa(rev)}, check: func(finished bool) error {
			return target.check(target.titles[rev-1], finished)
		}}
	case 3: // scenario add of several files: stored together or not at all
		files := killScenarios(dir, id)
		return killOp{name: "scenario add", args: append([]string{"scenario", "add", target.path}, files...), check: func(finished bool) error {
			return target.checkScenarios(id, len(files), finished)
		}}
	case 4: // export over the same file every time: the old text or the new, whole
		out := filepath.Join(dir, "export.yaml")
		return killOp{name: "export -o", args: []string{"export", target.path, "-o", out}, check: func(finished bool) error {
			return target.checkExport(out, finished)
		}}
	default:
		recs := filepath.Join(dir, "records"+id)
		part := filepath.Join(dir, "part"+id+".json")
		args := []string{"simulate", packs[1], "--matches", "40", "--jobs", "1", "--record", recs, "-o", part}
		return killOp{name: "simulate --record", args: args, check: func(finished bool) error {
			return checkSimulate(recs, part, finished)
		}}
	}
}

// check says whether the kept project opens read-only with either the
// revision it had or a new one holding the pack titled want (the one it must
// hold when the command finished), and records which.
func (k *killTarget) check(want string, finished bool) error {
	if _, err := os.Stat(k.path + "-journal"); err == nil {
		k.journals++
	}
	title, rev, err := openTitle(k.path)
	if err != nil {
		// Let the next command start from a file that opens, as a studio
		// opening it read-write would.
		if p, err := project.Open(k.path, project.Options{}); err == nil {
			title, rev, _ = latestTitle(p)
			p.Close()
		}
		k.settle(title, rev)
		return err
	}
	last := len(k.titles)
	switch {
	case rev == int64(last) && !finished:
	case rev == int64(last) && title == want: // the pack was already the latest
	case rev == int64(last)+1 && title == want:
	default:
		return fmt.Errorf("%s: latest revision %d holds %q; want revision %d, or %d holding %q", k.path, rev, title, last, last+1, want)
	}
	k.settle(title, rev)
	return nil
}

// checkExport says whether out is absent (only before the first export
// finished) or reads as a pack holding one of the kept project's revisions,
// its latest if the command finished.
func (k *killTarget) checkExport(out string, finished bool) error {
	if _, err := os.Stat(out); os.IsNotExist(err) && !finished {
		return nil
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	p, err := graph.ReadMultiDoc(data, out)
	if err != nil {
		return err
	}
	if finished && p.Title != k.titles[len(k.titles)-1] {
		return fmt.Errorf("%s holds %q, want the latest revision's %q", out, p.Title, k.titles[len(k.titles)-1])
	}
	for _, t := range k.titles {
		if p.Title == t {
			return nil
		}
	}
	return fmt.Errorf("%s holds %q, no revision's pack", out, p.Title)
}

// checkScenarios says whether the kept project holds none of the n
// scenarios named after id (only if the command did not finish) or all.
func (k *killTarget) checkScenarios(id string, n int, finished bool) error {
	p, err := project.Open(k.path, project.Options{ReadOnly: true})
	if err != nil {
		return err
	}
	defer p.Close()
	ss, err := p.Scenarios()
	if err != nil {
		return err
	}
	got := 0
	for _, s := range ss {
		if strings.HasPrefix(s.Name, "s"+id+"-") {
			got++
		}
	}
	if got != n && (got != 0 || finished) {
		return fmt.Errorf("%s holds %d of the %d scenarios added", k.path, got, n)
	}
	return nil
}

// killScenarios writes the bundled seeds scenarios under names of their own
// (sID-NAME.yaml) and returns their paths.
func killScenarios(dir, id string) []string {
	src, _ := filepath.Glob("../../assets/scenarios/seeds/*.yaml")
	var out []string
	for _, f := range src {
		data, _ := os.ReadFile(f)
		path := filepath.Join(dir, "s"+id+"-"+filepath.Base(f))
		os.WriteFile(path, data, 0o644)
		out = append(out, path)
	}
	return out
}

// settle records revision rev, titled title, as the latest.
func (k *killTarget) settle(title string, rev int64) {
	if rev == int64(len(k.titles))+1 {
		k.titles = append(k.titles, title)
	}
}

// openTitle opens the project at path read-only, as studio log does, and
// returns its latest pack's title and revision.
func openTitle(path string) (string, int64, error) {
	p, err := project.Open(path, project.Options{ReadOnly: true})
	if err != nil {
		return "", 0, err
	}
	defer p.Close()
	return latestTitle(p)
}

// latestTitle returns the title of p's latest pack and its revision.
func latestTitle(p *project.Project) (string, int64, error) {
	r, err := p.Latest()
	if err != nil {
		return "", 0, err
	}
	pack, err := p.Pack()
	if err != nil {
		return "", 0, err
	}
	return pack.Title, r.ID, nil
}

// checkNewProject says whether path, a new project, is absent (only if the
// command did not finish) or opens holding the pack titled want.
func checkNewProject(path, want string, finished bool) error {
	if _, err := os.Stat(path); os.IsNotExist(err) && !finished {
		return nil
	}
	title, rev, err := openTitle(path)
	if err != nil {
		return err
	}
	if title != want || rev != 1 {
		return fmt.Errorf("%s: revision %d holds %q, want revision 1 holding %q", path, rev, title, want)
	}
	return nil
}

// checkSimulate says whether every record in dir reads and part, when
// there, reads as a simulate part.
func checkSimulate(dir, part string, finished bool) error {
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	records := 0
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue // a temporary file, not yet renamed into place
		}
		records++
		path := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if _, err := graph.ReadRecord(data, path); err != nil {
			return err
		}
	}
	if _, err := os.Stat(part); os.IsNotExist(err) && !finished {
		return nil
	}
	s, err := readStats(part)
	if err != nil {
		return err
	}
	if s.Matches != 40 || records != 40 {
		return fmt.Errorf("%s: %d matches and %d records, want 40", part, s.Matches, records)
	}
	return nil
}

// studioProcess is the studio running args in a process of its own.
func studioProcess(t *testing.T, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asStudioEnv+"=1")
	return cmd
}

// timeOp runs op's command to its end once and returns how long it took.
func timeOp(t *testing.T, op killOp) time.Duration {
	start := time.Now()
	if out, err := studioProcess(t, op.args...).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", op.name, err, out)
	}
	d := time.Since(start)
	if err := op.check(true); err != nil {
		t.Fatalf("%s, not killed: %v", op.name, err)
	}
	return d
}

// killAfter starts the studio with args and SIGKILLs it after delay. It
// reports whether the command finished first, with exit status 0.
func killAfter(t *testing.T, args []string, delay time.Duration) bool {
	cmd := studioProcess(t, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("studio %s: %v\n%s", strings.Join(args, " "), err, out.String())
		}
		return true
	case <-time.After(delay):
		cmd.Process.Signal(syscall.SIGKILL)
		err := <-exited
		return err == nil
	}
}
