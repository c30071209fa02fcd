package main

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/rulestudio/studio/editor"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/project"
)

// projectStore gives the editor (editor.Store) and the commands
// (packfile.Projects) project files through package project.
type projectStore struct{}

func (projectStore) Open(path string) (editor.Project, error) {
	p, err := project.Open(path, project.Options{})
	var locked *project.LockedError
	if errors.As(err, &locked) {
		return nil, fmt.Errorf("%w: held by %s", editor.ErrLocked, locked.Holder)
	}
	if err != nil {
		return nil, err
	}
	return &projectFile{p: p, path: path}, nil
}

func (projectStore) OpenReadOnly(path string) (editor.Project, error) {
	p, err := project.Open(path, project.Options{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	return &projectFile{p: p, path: path, readOnly: true}, nil
}

// Create makes a project at path holding p, replacing a file there, whole
// or not at all (project.Replace), with the images its display hints name
// from where p was read.
func (projectStore) Create(path string, p *graph.Pack, message string) (editor.Project, error) {
	images, err := imagesToKeep(p, nil)
	if err != nil {
		return nil, err
	}
	proj, err := project.ReplaceWithImages(path, p, message, images)
	if err != nil {
		return nil, err
	}
	return &projectFile{p: proj, path: path}, nil
}

var _ editor.ScenarioStore = (*projectFile)(nil)

var _ editor.BreakpointKeeper = (*projectFile)(nil)

var _ editor.MatchKeeper = (*projectFile)(nil)

var _ editor.WatchKeeper = (*projectFile)(nil)

var _ editor.RevisionKeeper = (*projectFile)(nil)

var _ editor.ImageKeeper = (*projectFile)(nil)

// projectFile adapts *project.Project to editor.Project, editor.Autosaver,
// editor.ScenarioStore, editor.BreakpointKeeper, editor.MatchKeeper,
// editor.WatchKeeper, editor.RevisionKeeper and editor.ImageKeeper.
type projectFile struct {
	p        *project.Project
	path     string
	readOnly bool
	images   fs.FS // the kept images as last read; nil: read them again
}

func (f *projectFile) Path() string   { return f.path }
func (f *projectFile) ReadOnly() bool { return f.readOnly }

// Pack returns the saved pack; positions come from the pack, else from the
// project's layout table.
func (f *projectFile) Pack() (*graph.Pack, error) {
	p, err := f.p.Pack()
	if err != nil || p == nil {
		return p, err
	}
	if p.Editor == nil || len(p.Editor.Positions) == 0 {
		if pos, err := f.p.Layout(); err == nil && len(pos) > 0 {
			p.Editor = &graph.Editor{Positions: pos}
		}
	}
	return p, nil
}

// Save stores the pack as a new revision and its positions as the layout,
// and keeps the images its display hints name that are new where it was
// read (a pack from elsewhere, a file put beside the project). They are
// read and checked before anything is written.
func (f *projectFile) Save(p *graph.Pack, message string) error {
	images, err := imagesToKeep(p, f.p)
	if err != nil {
		return err
	}
	if _, err := f.p.Save(p, message); err != nil {
		return err
	}
	if err := f.PutImages(images); err != nil {
		return err
	}
	if p.Editor != nil && len(p.Editor.Positions) > 0 {
		return f.p.SaveLayout(p.Editor.Positions)
	}
	return nil
}

func (f *projectFile) Autosave(p *graph.Pack) error { return f.p.Autosave(p) }

func (f *projectFile) Recover() (*graph.Pack, bool, error) { return f.p.Recover() }

func (f *projectFile) DiscardAutosave() error { return f.p.DiscardAutosave() }

func (f *projectFile) Close() error {
	if f.p == nil {
		return errors.New("project already closed")
	}
	err := f.p.Close()
	f.p = nil
	return err
}

// ReadProject reads the latest pack of the project at path, read-only (it
// takes no lock, so it works while a studio holds the project).
func (projectStore) ReadProject(path string) (*graph.Pack, error) {
	proj, err := project.Open(path, project.Options{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer proj.Close()
	return proj.Pack()
}

// CreateProject makes a new project at path holding p, positions included,
// whole or not at all (project.CreateFrom), with the images its display
// hints name from where p was read.
func (projectStore) CreateProject(path string, p *graph.Pack, message string) error {
	images, err := imagesToKeep(p, nil)
	if err != nil {
		return err
	}
	proj, err := project.CreateWithImages(path, p, message, images)
	if err != nil {
		return err
	}
	return proj.Close()
}

// Scenarios returns the scenario tests the project keeps (editor.ScenarioStore).
func (f *projectFile) Scenarios() ([]editor.StoredScenario, error) {
	ss, err := f.p.Scenarios()
	out := make([]editor.StoredScenario, len(ss))
	for i, s := range ss {
		out[i] = editor.StoredScenario{Name: s.Name, YAML: s.YAML, Events: s.Events}
	}
	return out, err
}

// PutScenario adds or replaces a scenario test in the project.
func (f *projectFile) PutScenario(s editor.StoredScenario) error {
	return f.p.PutScenario(project.Scenario{Name: s.Name, YAML: s.YAML, Events: s.Events})
}

// DeleteScenario removes a scenario test from the project.
func (f *projectFile) DeleteScenario(name string) error { return f.p.DeleteScenario(name) }

// SaveMatch keeps rec under name with the latest revision
// (editor.MatchKeeper), as studio play --save does.
func (f *projectFile) SaveMatch(name string, rec graph.Record) (int64, error) {
	return saveMatch(f.p, name, rec)
}

// saveMatch keeps rec in p under name with p's latest revision (the pack
// it was played on), without the record's Source: the revision is the pack.
func saveMatch(p *project.Project, name string, rec graph.Record) (int64, error) {
	rev, err := p.Latest()
	if err != nil {
		return 0, err
	}
	rec.Source = ""
	return p.AddMatch(project.Match{Revision: rev.ID, Name: name, Record: rec})
}

// SavedMatches returns the kept matches, oldest first (editor.MatchKeeper).
func (f *projectFile) SavedMatches() ([]editor.SavedMatch, error) {
	ms, err := f.p.Matches()
	if err != nil {
		return nil, err
	}
	out := make([]editor.SavedMatch, len(ms))
	for i, m := range ms {
		out[i] = editor.SavedMatch{ID: m.ID, Name: m.Name, Time: m.Time, Record: m.Record}
	}
	return out, nil
}

// Breakpoints returns the project's breakpoints (editor.BreakpointKeeper).
func (f *projectFile) Breakpoints() ([]editor.SavedBreakpoint, error) {
	bps, err := f.p.Breakpoints()
	out := make([]editor.SavedBreakpoint, len(bps))
	for i, b := range bps {
		out[i] = editor.SavedBreakpoint{ID: b.ID, Breakpoint: b.Breakpoint}
	}
	return out, err
}

// AddBreakpoint stores b at once (editor.BreakpointKeeper).
func (f *projectFile) AddBreakpoint(b graph.Breakpoint) (int64, error) {
	return f.p.AddBreakpoint(project.Breakpoint{Breakpoint: b})
}

// UpdateBreakpoint replaces breakpoint b.ID (editor.BreakpointKeeper).
func (f *projectFile) UpdateBreakpoint(b editor.SavedBreakpoint) error {
	return f.p.UpdateBreakpoint(project.Breakpoint{ID: b.ID, Breakpoint: b.Breakpoint})
}

// DeleteBreakpoint removes breakpoint id (editor.BreakpointKeeper).
func (f *projectFile) DeleteBreakpoint(id int64) error { return f.p.DeleteBreakpoint(id) }

// Watches returns the project's watched expressions (editor.WatchKeeper).
func (f *projectFile) Watches() ([]string, error) { return f.p.Watches() }

// SaveWatches replaces the project's watched expressions at once
// (editor.WatchKeeper).
func (f *projectFile) SaveWatches(exprs []string) error { return f.p.SaveWatches(exprs) }

// Revisions lists the project's revisions, oldest first
// (editor.RevisionKeeper).
func (f *projectFile) Revisions() ([]editor.Revision, error) {
	rs, err := f.p.Revisions()
	out := make([]editor.Revision, len(rs))
	for i, r := range rs {
		out[i] = editor.Revision{ID: r.ID, Time: r.Time, Message: r.Message}
	}
	return out, err
}

// PackAt returns the pack of revision id.
func (f *projectFile) PackAt(id int64) (*graph.Pack, error) { return f.p.PackAt(id) }

// Images returns the project's kept images, then the folder beside it
// (packImages), read from the file once until a save or put changes them:
// the window draws with them after every keystroke.
func (f *projectFile) Images() (fs.FS, error) {
	if f.images == nil {
		fsys, err := packImages(f.path, f.p)
		if err != nil {
			return nil, err
		}
		f.images = fsys
	}
	return f.images, nil
}

// PutImages keeps images in the project (project.Project.PutImages).
func (f *projectFile) PutImages(images map[string][]byte) error {
	if len(images) == 0 {
		return nil
	}
	f.images = nil
	return f.p.PutImages(images)
}
