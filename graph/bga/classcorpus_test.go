package bga

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/corpus"
)

// classSource is one row of ../shared/corpus/bga-classes/SOURCES.tsv: what an
// independent count found in a game's States/ folders.
type classSource struct {
	states        int // concrete state classes: states_with_id less the abstract bases that forward $id
	declaredIn    int // states with a transitions: array
	classReturns  int // return X::class;
	idReturns     int // return ST_X; / return C::ST_X;
	intReturns    int // return 99;
	gamestateCall int // ->nextState(...) / ->jumpToState(...)
}

// classSources reads SOURCES.tsv by folder name.
func classSources(t *testing.T) map[string]classSource {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpus.ClassesDir(), "SOURCES.tsv"))
	if err != nil {
		t.Fatalf("SOURCES.tsv: %v", err)
	}
	num := func(notes, re string) int {
		m := regexp.MustCompile(re).FindStringSubmatch(notes)
		if m == nil {
			return 0
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	out := map[string]classSource{}
	for _, line := range strings.Split(string(data), "\n")[1:] {
		cols := strings.Split(line, "\t")
		if len(cols) < 7 {
			continue
		}
		withID, _ := strconv.Atoi(cols[4])
		notes := cols[6]
		out[cols[0]] = classSource{
			states:        withID - num(notes, `\$var:(\d+)`),
			declaredIn:    num(notes, `transitions: arrays in (\d+) states`),
			classReturns:  num(notes, `return X::class x(\d+)`),
			idReturns:     num(notes, `returned state-id constants x(\d+)`),
			intReturns:    num(notes, `return <int> x(\d+)`),
			gamestateCall: num(notes, `nextState/jumpToState calls x(\d+)`),
		}
	}
	return out
}

// statesFolders lists every modules/php/States folder under a game folder
// (a repository may keep BGA's initial template beside the game).
func statesFolders(t *testing.T, game string) []string {
	var out []string
	_ = filepath.WalkDir(game, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() == "States" && filepath.Base(filepath.Dir(p)) == "php" {
			out = append(out, p)
		}
		return nil
	})
	if len(out) == 0 {
		t.Fatalf("no modules/php/States folder in %s", game)
	}
	return out
}

// countReturns counts, over every method of every file under a States
// folder, the return statements SOURCES.tsv counts, with the importer's
// reader.
func countReturns(t *testing.T, dir string, into *classSource) {
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".php") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parsePHPFile(src, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range f.classes {
			for _, m := range c.methods {
				if m.body[0] < 0 {
					continue
				}
				for i := m.body[0]; i < m.body[1]; i++ {
					tk := f.toks[i]
					if tk.kind == tIdent && (tk.text == "nextState" || tk.text == "jumpToState") && isPunct(f.toks[i-1], "->") {
						into.gamestateCall++
					}
					if tk.kind != tIdent || !strings.EqualFold(tk.text, "return") {
						continue
					}
					e := f.toks[i+1 : stmtEnd(f.toks, i+1, m.body[1])]
					switch {
					case len(e) == 3 && isPunct(e[1], "::") && strings.EqualFold(e[2].text, "class"):
						into.classReturns++
					case len(e) == 1 && e[0].kind == tInt:
						into.intReturns++
					case len(e) == 1 && e[0].kind == tIdent && !isKeywordName(e[0].text),
						len(e) == 3 && isPunct(e[1], "::"):
						into.idReturns++
					}
				}
			}
		}
		return nil
	})
}

// documentedUnsupported lists the errors docs/bga-import.md names for State
// classes: what is quoted in the first list of its section "State classes:
// not supported" ("..." stands for any text, see documentedPattern). A game
// that does not import must fail with one of them.
func documentedUnsupported(t *testing.T) []string {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "bga-import.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "## State classes: not supported")
	if !ok {
		t.Fatal(`docs/bga-import.md has no "## State classes: not supported" section`)
	}
	var list []string
	for _, line := range strings.Split(section, "\n") {
		inList := strings.HasPrefix(line, "- ") || len(list) > 0 && strings.HasPrefix(line, "  ")
		if !inList && len(list) > 0 {
			break
		}
		if inList {
			list = append(list, line)
		}
	}
	var out []string
	for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(strings.Join(list, "\n"), -1) {
		out = append(out, m[1])
	}
	if len(out) == 0 {
		t.Fatal(`docs/bga-import.md lists no error under "State classes: not supported"`)
	}
	return out
}

// TestClassCorpus imports every game of the State-class corpus, compares what
// it read with SOURCES.tsv (states, states with transitions:, and the return
// statements and nextState/jumpToState calls the transitions are inferred
// from), and checks export → import gives the same states and transitions,
// declared and inferred.
func TestClassCorpus(t *testing.T) {
	games := corpus.ClassGames(t)
	sources := classSources(t)
	unsupported := documentedUnsupported(t)
	imported, states, declared, inferred, warnings, roundTrips := 0, 0, 0, 0, 0, 0
	for _, game := range games {
		name := filepath.Base(game)
		t.Run(name, func(t *testing.T) {
			p, diags, err := ImportPath(game)
			if err != nil {
				var pe *graph.PosError
				var nd *NotDeclarativeError
				if !(errors.As(err, &pe) && pe.Pos.IsValid() || errors.As(err, &nd)) {
					t.Fatalf("import failed without a place: %v", err)
				}
				for _, u := range unsupported {
					if documentedPattern(u).MatchString(err.Error()) {
						t.Logf("refused: %v", err)
						return
					}
				}
				t.Fatalf("import failed with an error docs/bga-import.md does not list: %v", err)
			}
			imported++
			warnings += len(diags)
			for _, d := range diags {
				if d.File == "" {
					t.Errorf("diagnostic without a file: %v", d)
				}
			}
			for _, s := range p.States {
				for _, tr := range s.Transitions {
					if tr.Inferred {
						inferred++
					} else {
						declared++
					}
				}
			}
			states += len(p.States)

			want, ok := sources[name]
			if !ok {
				t.Fatalf("%s is not in SOURCES.tsv", name)
			}
			var got classSource
			for _, dir := range statesFolders(t, game) {
				g, err := readGame(os.DirFS(filepath.Dir(dir)), filepath.Dir(dir), "States")
				if err != nil {
					t.Fatalf("%s: %v", dir, err)
				}
				got.states += len(g.states)
				for _, cs := range g.states {
					// Written in the state's own class, not a base's default passed on.
					if v, ok := g.args[cs.cls]["transitions"]; ok && v.f == cs.cls.file {
						got.declaredIn++
					}
				}
				countReturns(t, dir, &got)
			}
			if got != want {
				t.Errorf("read %+v\nSOURCES.tsv says %+v", got, want)
			}

			// Export → import: the same states and transitions.
			files, err := ExportClasses(p)
			if err != nil {
				t.Fatalf("export: %v", err)
			}
			fsys := fstest.MapFS{}
			for _, f := range files {
				fsys[f.Path] = &fstest.MapFile{Data: f.Data}
			}
			p2, _, err := ImportStates(fsys, "export", "modules/php/States")
			if err != nil {
				t.Fatalf("import of the export: %v", err)
			}
			if a, b := canonicalClasses(p), canonicalClasses(p2); a != b {
				t.Errorf("export → import changed the states:\n--- import\n%s\n--- re-import\n%s", a, b)
			} else {
				roundTrips++
			}
		})
	}
	t.Logf("State-class corpus: %d games, %d imported (%.1f%%), %d states, %d declared and %d inferred transitions, %d warnings, %d round trips equal",
		len(games), imported, 100*float64(imported)/float64(len(games)), states, declared, inferred, warnings, roundTrips)
	if imported*100 < len(games)*95 {
		t.Errorf("only %d of %d games imported; want at least 95%%", imported, len(games))
	}
}

// BenchmarkImportClassCorpus imports every game of the State-class corpus
// once per iteration, from files read into memory beforehand.
func BenchmarkImportClassCorpus(b *testing.B) {
	games := corpus.ClassGames(b)
	type loaded struct {
		l    layout
		size int
	}
	var all []loaded
	size := 0
	for _, game := range games {
		l, err := locate(game)
		if err != nil {
			b.Fatal(err)
		}
		mem := fstest.MapFS{}
		n := 0
		err = fs.WalkDir(l.fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".php") {
				return err
			}
			data, err := fs.ReadFile(l.fsys, p)
			mem[p] = &fstest.MapFile{Data: data}
			n += len(data)
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
		l.fsys = mem
		all = append(all, loaded{l, n})
		size += n
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range all {
			if _, _, err := g.l.read(); err != nil {
				b.Fatal(err)
			}
		}
	}
}
