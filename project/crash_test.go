package project

import (
	"bufio"
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

	"github.com/rulestudio/studio/graph"
)

// crashChildEnv names the project a re-executed test binary saves into until it
// is killed (see TestCrash).
const crashChildEnv = "RULESTUDIO_CRASH_CHILD"

// crashPack is the pack of revision n in the crash test: its title, a state's
// description and a script of varying length (so a save changes several pages)
// all depend on n, so a revision's content says which save made it.
func crashPack(tb testing.TB, n int64) *graph.Pack {
	p := sketch(tb)
	p.Title = fmt.Sprintf("save %d", n)
	p.States[1].Description = fmt.Sprintf("turn of save %d", n)
	p.Scripts[0].Code.Src = strings.Repeat(fmt.Sprintf("# save %d\n", n), 50+int(n%300))
	p.Editor.Positions["1"] = graph.Point{X: float64(n), Y: 1}
	return p
}

// TestCrashChild is the child of TestCrash: it opens the project, then saves
// revision after revision, printing "begin N" before each save and "done N"
// once Save has returned (the revision is committed).
func TestCrashChild(t *testing.T) {
	path := os.Getenv(crashChildEnv)
	if path == "" {
		t.Skip("run by TestCrash")
	}
	p, err := Open(path, Options{})
	if err != nil {
		fmt.Println("error", err)
		os.Exit(2)
	}
	out := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(out, "ready")
	out.Flush()
	r, err := p.Latest()
	if err != nil {
		fmt.Println("error", err)
		os.Exit(2)
	}
	for n := r.ID + 1; ; n++ {
		pack := crashPack(t, n)
		fmt.Fprintln(out, "begin", n)
		out.Flush()
		r, err := p.Save(pack, "save "+strconv.FormatInt(n, 10))
		if err != nil || r.ID != n {
			fmt.Fprintln(out, "error", r.ID, err)
			out.Flush()
			os.Exit(2)
		}
		fmt.Fprintln(out, "done", n)
		out.Flush()
	}
}

// TestCrash kills a saving child process with SIGKILL at random moments, 200
// times (30 with -short), and checks after each kill that the project opens,
// passes quick_check, and holds exactly the last committed revision with its
// content. A kill can land after a commit and before its "done" line; then the
// file may hold the revision announced by the last "begin" line, and nothing
// newer.
func TestCrash(t *testing.T) {
	kills := 200
	if testing.Short() {
		kills = 30
	}
	path := filepath.Join(t.TempDir(), "crash"+Extension)
	p, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	mustSave(t, p, crashPack(t, 1), "save 1")
	p.Close()

	rng := rand.New(rand.NewPCG(1, 2))
	var hot, midSave, saves int
	committed := int64(1) // the latest revision known to be in the file
	start := time.Now()
	for i := 0; i < kills; i++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$")
		cmd.Env = append(os.Environ(), crashChildEnv+"="+path)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(stdout)
		var lastBegin, lastDone int64
		if !sc.Scan() || sc.Text() != "ready" {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("kill %d: child did not start: %q", i, sc.Text())
		}
		lines := make(chan string, 1000)
		go func() {
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		time.Sleep(time.Duration(rng.IntN(40_000)) * time.Microsecond)
		cmd.Process.Signal(syscall.SIGKILL)
		for line := range lines {
			f := strings.Fields(line)
			if len(f) == 0 {
				continue
			}
			switch f[0] {
			case "begin":
				lastBegin, _ = strconv.ParseInt(f[1], 10, 64)
			case "done":
				lastDone, _ = strconv.ParseInt(f[1], 10, 64)
				saves++
			default:
				t.Fatalf("kill %d: child: %s", i, line)
			}
		}
		cmd.Wait()
		if lastBegin > lastDone {
			midSave++
		}
		if _, err := os.Stat(path + "-journal"); err == nil {
			hot++
			// A read-only open where the file cannot be written must not
			// change it, and says how to recover it; where it can, it
			// recovers the last committed revision (checked below).
			before := fileSum(t, path)
			writable := unwritable(t, path, filepath.Dir(path))
			if q, err := Open(path, Options{ReadOnly: true}); err == nil {
				q.Close() // the journal was not hot (empty or already finished)
			} else if !strings.Contains(err.Error(), "a save was interrupted, and the last saved revision can be recovered only where") {
				t.Fatalf("kill %d: read-only open: %v", i, err)
			}
			writable()
			if fileSum(t, path) != before {
				t.Fatalf("kill %d: a read-only open changed the file", i)
			}
			q, err := Open(path, Options{ReadOnly: true})
			if err != nil {
				t.Fatalf("kill %d: read-only open: %v", i, err)
			}
			q.Close()
		}

		q, err := Open(path, Options{})
		if err != nil {
			t.Fatalf("kill %d: %v", i, err)
		}
		var ok string
		if err := q.db.QueryRow("PRAGMA quick_check").Scan(&ok); err != nil || ok != "ok" {
			t.Fatalf("kill %d: quick_check: %q %v", i, ok, err)
		}
		r, err := q.Latest()
		if err != nil {
			t.Fatalf("kill %d: %v", i, err)
		}
		if lastDone == 0 {
			lastDone = committed // no save of this child returned
		}
		if r.ID != lastDone && !(r.ID == lastBegin && lastBegin == lastDone+1) {
			t.Fatalf("kill %d: latest revision %d, last committed %d (last begun %d)", i, r.ID, lastDone, lastBegin)
		}
		pack, err := q.Pack()
		if err != nil {
			t.Fatalf("kill %d: %v", i, err)
		}
		if got, want := yamlOf(t, pack), yamlOf(t, crashPack(t, r.ID)); got != want {
			t.Fatalf("kill %d: revision %d holds another pack:\n%s", i, r.ID, got)
		}
		q.Close()
		committed = r.ID
	}
	t.Logf("%d kills in %v: %d saves committed, %d kills during a save, %d left a journal to roll back",
		kills, time.Since(start).Round(time.Millisecond), saves, midSave, hot)
}
