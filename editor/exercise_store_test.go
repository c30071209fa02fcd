package editor

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/project"
)

// The exerciser keeps its packs in real project files: package project
// behind the editor's Store, as cmd/studio's store.go adapts it (the
// editor's own code never links SQLite; its tests may).

// sqliteStore is an editor Store of project files.
type sqliteStore struct{}

func (sqliteStore) Open(path string) (Project, error) {
	p, err := project.Open(path, project.Options{})
	var locked *project.LockedError
	if errors.As(err, &locked) {
		return nil, fmt.Errorf("%w: held by %s", ErrLocked, locked.Holder)
	}
	if err != nil {
		return nil, err
	}
	return &sqliteProject{p: p, path: path}, nil
}

func (sqliteStore) OpenReadOnly(path string) (Project, error) {
	p, err := project.Open(path, project.Options{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	return &sqliteProject{p: p, path: path, readOnly: true}, nil
}

func (sqliteStore) Create(path string, pk *graph.Pack, message string) (Project, error) {
	p, err := project.Replace(path, pk, message)
	if err != nil {
		return nil, err
	}
	return &sqliteProject{p: p, path: path}, nil
}

// sqliteProject is an editor Project, Autosaver and ScenarioStore of one
// project file.
type sqliteProject struct {
	p        *project.Project
	path     string
	readOnly bool
}

func (f *sqliteProject) Path() string   { return f.path }
func (f *sqliteProject) ReadOnly() bool { return f.readOnly }

func (f *sqliteProject) Pack() (*graph.Pack, error) { return f.p.Pack() }

func (f *sqliteProject) Save(p *graph.Pack, message string) error {
	_, err := f.p.Save(p, message)
	return err
}

func (f *sqliteProject) Close() error {
	if f.p == nil {
		return errors.New("project already closed")
	}
	err := f.p.Close()
	f.p = nil
	return err
}

func (f *sqliteProject) Autosave(p *graph.Pack) error        { return f.p.Autosave(p) }
func (f *sqliteProject) Recover() (*graph.Pack, bool, error) { return f.p.Recover() }
func (f *sqliteProject) DiscardAutosave() error              { return f.p.DiscardAutosave() }

func (f *sqliteProject) Scenarios() ([]StoredScenario, error) {
	ss, err := f.p.Scenarios()
	out := make([]StoredScenario, len(ss))
	for i, s := range ss {
		out[i] = StoredScenario{Name: s.Name, YAML: s.YAML, Events: s.Events}
	}
	return out, err
}

func (f *sqliteProject) PutScenario(s StoredScenario) error {
	return f.p.PutScenario(project.Scenario{Name: s.Name, YAML: s.YAML, Events: s.Events})
}

func (f *sqliteProject) DeleteScenario(name string) error { return f.p.DeleteScenario(name) }

// readBack reads the pack last saved in the project file at path the way
// File > Open does, from a second connection (read-only: the editor holds
// the file's lock).
func readBack(path string) (*graph.Pack, error) {
	p, err := project.Open(path, project.Options{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer p.Close()
	return p.Pack()
}

// exerciseFiles makes the exercise packs' project files once for a test,
// each laid out and saved by the editor (so that opening it again runs no
// layout), in a folder on /dev/shm where there is one (a save syncs the
// file: on a disk, hundreds of saves take seconds of waiting). Each run
// copies them (exerciseCopies).
func exerciseFiles(t *testing.T) []string {
	dir := fastTempDir(t)
	var paths []string
	for _, name := range exercisePacks {
		path := bundledProject(t, dir, name)
		e := New(test.NewTempApp(t), sqliteStore{})
		useQueue(e)
		if err := e.Open(path); err != nil {
			t.Fatal(err)
		}
		settle(e)
		if err := e.Save(); err != nil {
			t.Fatal(err)
		}
		e.quit()
		paths = append(paths, path)
	}
	return paths
}

// fastTempDir is a temporary folder for t, in memory when the system has
// /dev/shm.
func fastTempDir(t *testing.T) string {
	dir, err := os.MkdirTemp("/dev/shm", "exercise-")
	if err != nil {
		return t.TempDir()
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// exerciseCopies copies the project files at paths into a new folder.
func exerciseCopies(t *testing.T, paths []string) []string {
	dir := fastTempDir(t)
	var out []string
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		to := filepath.Join(dir, filepath.Base(p))
		if err := os.WriteFile(to, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, to)
	}
	return out
}

// bundledProject writes the bundled pack name, with its bundled scenarios,
// to a new project file in dir and returns its path.
func bundledProject(tb testing.TB, dir, name string) string {
	tb.Helper()
	data, ok := assets.Pack(name)
	if !ok {
		tb.Fatalf("no bundled pack %s", name)
	}
	pk, err := graph.ReadMultiDoc(data, name+".yaml")
	if err != nil {
		tb.Fatal(err)
	}
	path := filepath.Join(dir, name+".rulestudio")
	p, err := project.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer p.Close()
	if _, err := p.Save(pk, "bundled"); err != nil {
		tb.Fatal(err)
	}
	for _, sc := range assets.Scenarios(name) {
		s := project.Scenario{Name: strings.TrimSuffix(sc.Name, ".yaml"), YAML: sc.Data, Events: sc.Transcript}
		if err := p.PutScenario(s); err != nil {
			tb.Fatal(err)
		}
	}
	return path
}
