package bga

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/corpus"
)

// corpusDir is the shared corpus of real states.inc.php files (see
// ../shared/corpus/README.md); tests skip when it is absent.
var corpusDir = corpus.Dir()

func corpusFiles(tb testing.TB) []string { return corpus.Files(tb) }

// corpusStateCounts reads the "states=N" notes of SOURCES.tsv by file name.
func corpusStateCounts(t *testing.T) map[string]int {
	t.Helper()
	f, err := os.Open(filepath.Join(corpusDir, "SOURCES.tsv"))
	if err != nil {
		t.Logf("no SOURCES.tsv: state counts not checked (%v)", err)
		return nil
	}
	defer f.Close()
	re := regexp.MustCompile(`(?:^|; )states=(\d+)`)
	out := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 6 {
			continue
		}
		if m := re.FindStringSubmatch(cols[5]); m != nil {
			n, _ := strconv.Atoi(m[1])
			out[cols[0]] = n
		}
	}
	return out
}

func canonical(t *testing.T, what string, p *graph.Pack) []byte {
	t.Helper()
	y, err := graph.Marshal(p)
	if err != nil {
		t.Fatalf("%s: marshal: %v", what, err)
	}
	return y
}

// TestCorpus imports every corpus file. Files that do not import must be refused
// as not declarative; every imported file must survive export → import and
// YAML marshal → parse unchanged, and have as many states as SOURCES.tsv says.
func TestCorpus(t *testing.T) {
	files := corpusFiles(t)
	counts := corpusStateCounts(t)
	imported, clean, noDiag, countChecked := 0, 0, 0, 0
	for _, path := range files {
		base := filepath.Base(path)
		t.Run(base, func(t *testing.T) {
			p, err := ImportFile(path)
			if err != nil {
				var nd *NotDeclarativeError
				if !errors.As(err, &nd) {
					t.Fatalf("import failed and not as not declarative: %v", err)
				}
				if !strings.Contains(err.Error(), ": not declarative: ") || nd.Pos.Line == 0 {
					t.Fatalf("bad not-declarative error: %v", err)
				}
				t.Logf("refused: %v", err)
				return
			}
			imported++
			if p.Source != path || p.Format != graph.FormatVersion || p.Name == "" {
				t.Errorf("pack header: source %q format %d name %q", p.Source, p.Format, p.Name)
			}
			for _, s := range p.States {
				if !s.Pos.IsValid() {
					t.Errorf("state %s has no position", s.ID)
				}
			}
			if want, ok := counts[base]; ok {
				countChecked++
				if len(p.States) != want {
					t.Errorf("%d states, SOURCES.tsv says %d", len(p.States), want)
				}
			}
			diags := graph.Check(p)
			hasErr := false
			for _, d := range diags {
				if d.Severity == graph.Error {
					hasErr = true
				}
			}
			if !hasErr {
				clean++
			}
			if len(diags) == 0 {
				noDiag++
			}

			want := canonical(t, "import", p)
			// Export → Import gives an equal model.
			php, err := Export(p)
			if err != nil {
				t.Fatalf("export: %v", err)
			}
			p2, err := Import(php, path)
			if err != nil {
				t.Fatalf("re-import of the export: %v\n%s", err, php)
			}
			if got := canonical(t, "re-import", p2); !bytes.Equal(got, want) {
				t.Errorf("export → import changed the model:\n--- import\n%s\n--- re-import\n%s", want, got)
			}
			// Marshal → Parse gives an equal model.
			p3, err := graph.Parse(want, base+".yaml")
			if err != nil {
				t.Fatalf("parse of the canonical YAML: %v\n%s", err, want)
			}
			if got := canonical(t, "parse", p3); !bytes.Equal(got, want) {
				t.Errorf("marshal → parse changed the model:\n--- import\n%s\n--- parse\n%s", want, got)
			}
		})
	}
	t.Logf("corpus: %d files, %d imported (%.1f%%), %d validated without errors by graph.Check (%d without any diagnostic), %d state counts checked against SOURCES.tsv",
		len(files), imported, 100*float64(imported)/float64(len(files)), clean, noDiag, countChecked)
	if imported*100 < len(files)*95 {
		t.Errorf("only %d of %d files imported; want at least 95%%", imported, len(files))
	}
}

// BenchmarkImportCorpus imports the whole corpus once per iteration.
func BenchmarkImportCorpus(b *testing.B) {
	files := corpusFiles(b)
	srcs := make([][]byte, len(files))
	size := 0
	for i, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs[i] = src
		size += len(src)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for i, src := range srcs {
			_, _ = Import(src, files[i])
		}
	}
}
