package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/dialog"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/editor"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/project"
)

// appID is the application id (as in FyneApp.toml): it names the preferences
// and storage of the studio.
const appID = "io.rulestudio.studio"

// runGUI opens the studio window on path: a project file (*.rulestudio), a BGA
// states.inc.php to import, or a YAML rule pack; with an empty path, the bundled
// example project (made once under the user's data directory). It returns when
// the window is closed.
func runGUI(path string) error {
	if path != "" {
		if _, err := os.Stat(path); err != nil {
			return err
		}
	}
	a := app.NewWithID(appID)
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.Icon))
	ed := editor.New(a, projectStore{})
	var err error
	if path == "" {
		path, err = exampleProject()
	}
	if err == nil {
		err = ed.OpenOrOfferReadOnly(path)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "studio:", err)
		dialog.ShowError(err, ed.Window())
	}
	ed.Window().ShowAndRun()
	return nil
}

// dataDir is where the studio keeps its own files: $XDG_DATA_HOME/rulestudio
// (default ~/.local/share/rulestudio) on Unix, the user configuration directory
// elsewhere.
func dataDir() (string, error) {
	if runtime.GOOS != "windows" && runtime.GOOS != "darwin" {
		if d := os.Getenv("XDG_DATA_HOME"); d != "" {
			return filepath.Join(d, "rulestudio"), nil
		}
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, ".local", "share", "rulestudio"), nil
		}
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "Rule Studio"), nil
}

// exampleProject returns the path of the bundled example project, creating it
// from assets.ExamplePack (laid out automatically) the first time.
func exampleProject() (string, error) {
	dir, err := dataDir()
	if err != nil {
		return "", fmt.Errorf("example project: %w", err)
	}
	path := filepath.Join(dir, "example.rulestudio")
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("example project: %w", err)
	}
	p, err := graph.Parse(assets.ExamplePack, assets.ExamplePackName)
	if err != nil {
		return "", fmt.Errorf("example project: %w", err)
	}
	if pos, err := graph.AutoLayout(p); err == nil {
		p.Editor = &graph.Editor{Positions: pos}
	}
	proj, err := project.Create(path)
	if err != nil {
		return "", fmt.Errorf("example project: %w", err)
	}
	if _, err := proj.Save(p, "bundled example"); err != nil {
		proj.Close()
		os.Remove(path)
		return "", fmt.Errorf("example project: %w", err)
	}
	if err := proj.Close(); err != nil {
		return "", fmt.Errorf("example project: %w", err)
	}
	return path, nil
}

// projectStore gives the editor project files through package project.
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

func (projectStore) Create(path string) (editor.Project, error) {
	p, err := project.Create(path)
	if err != nil {
		return nil, err
	}
	return &projectFile{p: p, path: path}, nil
}

// projectFile adapts *project.Project to editor.Project and editor.Autosaver.
type projectFile struct {
	p        *project.Project
	path     string
	readOnly bool
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

// Save stores the pack as a new revision and its positions as the layout.
func (f *projectFile) Save(p *graph.Pack, message string) error {
	if _, err := f.p.Save(p, message); err != nil {
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
