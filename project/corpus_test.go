package project_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/bga"
	"github.com/rulestudio/studio/graph/packfile"
	"github.com/rulestudio/studio/internal/corpus"
	"github.com/rulestudio/studio/project"
)

// corpusDir holds real BGA states.inc.php files, next to the repository.
var corpusDir = corpus.Dir()

func corpusFiles(tb testing.TB) []string {
	tb.Helper()
	files := corpus.Files(tb)
	sort.Strings(files)
	return files
}

func canonical(tb testing.TB, p *graph.Pack) string {
	tb.Helper()
	q := *p
	q.Source = ""
	b, err := graph.Marshal(&q)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// TestCorpusRoundTrip: every corpus file the BGA importer reads goes into a
// project, comes out as YAML in both forms, and goes back into a project, with
// an equal model at every step.
func TestCorpusRoundTrip(t *testing.T) {
	files := corpusFiles(t)
	dir := t.TempDir()
	var imported, failed int
	for i, f := range files {
		pack, err := bga.ImportFile(f)
		if err != nil {
			failed++ // the importer's own test reports these
			continue
		}
		imported++
		want := canonical(t, pack)
		name := filepath.Base(f)

		p, err := project.Create(filepath.Join(dir, fmt.Sprintf("%d%s", i, project.Extension)))
		if err != nil {
			t.Fatal(err)
		}
		project.NoSync(p) // durability is the crash test's business
		if _, err := p.Save(pack, "import "+name); err != nil {
			t.Fatalf("%s: save: %v", name, err)
		}
		stored, err := p.Pack()
		p.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := canonical(t, stored); got != want {
			t.Errorf("%s: project changed the pack", name)
			continue
		}

		// Multi-document file.
		var buf bytes.Buffer
		if err := graph.WriteMultiDoc(&buf, stored); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		multi, err := graph.ReadMultiDoc(buf.Bytes(), name+".yaml")
		if err != nil {
			t.Fatalf("%s: multi-doc: %v", name, err)
		}
		if got := canonical(t, multi); got != want {
			t.Errorf("%s: multi-document round trip changed the pack", name)
		}

		// Directory.
		out := filepath.Join(dir, fmt.Sprintf("dir%d", i))
		if err := packfile.WriteDir(out, stored); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		fromDir, err := packfile.ReadDir(out)
		if err != nil {
			t.Fatalf("%s: dir: %v", name, err)
		}
		if got := canonical(t, fromDir); got != want {
			t.Errorf("%s: directory round trip changed the pack", name)
		}

		// Import again.
		for j, again := range []*graph.Pack{multi, fromDir} {
			q, err := project.Create(filepath.Join(dir, fmt.Sprintf("%d-%d%s", i, j, project.Extension)))
			if err != nil {
				t.Fatal(err)
			}
			project.NoSync(q)
			if _, err := q.Save(again, ""); err != nil {
				t.Fatalf("%s: save again: %v", name, err)
			}
			back, err := q.Pack()
			q.Close()
			if err != nil {
				t.Fatal(err)
			}
			if got := canonical(t, back); got != want {
				t.Errorf("%s: second import changed the pack", name)
			}
		}
	}
	t.Logf("%d corpus files: %d imported and round-tripped, %d refused by the BGA importer", len(files), imported, failed)
	if imported == 0 {
		t.Fatal("no corpus file imported")
	}
}

// largest returns the corpus pack with the longest canonical YAML.
var largest = sync.OnceValues(func() (*graph.Pack, string) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.php"))
	var best *graph.Pack
	var bestName string
	size := 0
	for _, f := range files {
		p, err := bga.ImportFile(f)
		if err != nil {
			continue
		}
		b, err := graph.Marshal(p)
		if err == nil && len(b) > size {
			best, bestName, size = p, filepath.Base(f), len(b)
		}
	}
	return best, bestName
})

func largestPack(b *testing.B) *graph.Pack {
	corpusFiles(b)
	p, name := largest()
	if p == nil {
		b.Skip("no corpus file imports")
	}
	y, _ := graph.Marshal(p)
	b.Logf("largest corpus pack: %s, %d states, %d bytes of YAML", name, len(p.States), len(y))
	return p
}

// edit changes one state's description, as a designer's edit between saves;
// every i gives a new text.
func edit(p *graph.Pack, i int) {
	s := p.States[i%len(p.States)]
	if j := strings.Index(s.Description, " (edit "); j >= 0 {
		s.Description = s.Description[:j]
	}
	s.Description += fmt.Sprintf(" (edit %d)", i)
}

// cpuTime is the process's user+system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU adds the CPU time per operation since start as a metric: on a
// machine shared with other work, wall time per op measures the neighbours too.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
}

// benchDirs are the directories of withRevisions, removed by TestMain.
var benchDirs []string

func TestMain(m *testing.M) {
	code := m.Run()
	for _, d := range benchDirs {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

// withRevisions makes a project holding the largest pack in revs revisions
// (each an edit of one state), in a directory that lives as long as the
// process. Built once per size.
var withRevisions = func() func(b *testing.B, revs int) string {
	var mu sync.Mutex
	made := map[int]string{}
	return func(b *testing.B, revs int) string {
		mu.Lock()
		defer mu.Unlock()
		if path, ok := made[revs]; ok {
			return path
		}
		pack := largestPack(b)
		dir, err := os.MkdirTemp("", "rulestudio-bench")
		if err != nil {
			b.Fatal(err)
		}
		benchDirs = append(benchDirs, dir)
		path := filepath.Join(dir, fmt.Sprintf("r%d%s", revs, project.Extension))
		p, err := project.Create(path)
		if err != nil {
			b.Fatal(err)
		}
		project.NoSync(p)
		for i := 0; i < revs; i++ {
			edit(pack, i)
			if _, err := p.Save(pack, fmt.Sprint("edit ", i)); err != nil {
				b.Fatal(err)
			}
		}
		p.Close()
		if st, err := os.Stat(path); err == nil {
			b.Logf("a project of %d revisions of the largest pack: %d bytes", revs, st.Size())
		}
		made[revs] = path
		return path
	}
}()

func benchSave(b *testing.B, revs int) {
	path := withRevisions(b, revs)
	work := filepath.Join(b.TempDir(), "bench"+project.Extension)
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(work, data, 0o644); err != nil {
		b.Fatal(err)
	}
	p, err := project.Open(work, project.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	pack, err := p.Pack()
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	defer reportCPU(b, cpuTime())
	for i := 0; i < b.N; i++ {
		edit(pack, revs+i)
		if _, err := p.Save(pack, ""); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSave: a save of the largest corpus pack after an edit (one document
// changes), with synchronous=FULL, in a project holding 1 and 1,000 revisions.
func BenchmarkSave(b *testing.B) {
	for _, revs := range []int{1, 1000} {
		b.Run(fmt.Sprintf("revisions=%d", revs), func(b *testing.B) { benchSave(b, revs) })
	}
}

// BenchmarkSaveFirst: the first save of the largest corpus pack into a new
// project (every document is new).
func BenchmarkSaveFirst(b *testing.B) {
	pack := largestPack(b)
	dir := b.TempDir()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		p, err := project.Create(filepath.Join(dir, fmt.Sprintf("%d%s", i, project.Extension)))
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := p.Save(pack, ""); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		p.Close()
		b.StartTimer()
	}
}

// BenchmarkOpen: open a project holding the largest corpus pack, with every
// check (quick_check, latest revision parses), read its pack, close it; with 1
// and 1,000 revisions.
func BenchmarkOpen(b *testing.B) {
	for _, revs := range []int{1, 1000} {
		b.Run(fmt.Sprintf("revisions=%d", revs), func(b *testing.B) {
			path := withRevisions(b, revs)
			b.ResetTimer()
			defer reportCPU(b, cpuTime())
			for i := 0; i < b.N; i++ {
				p, err := project.Open(path, project.Options{})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := p.Pack(); err != nil {
					b.Fatal(err)
				}
				p.Close()
			}
		})
	}
}
