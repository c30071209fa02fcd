package main

import (
	"context"
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
	"github.com/rulestudio/studio/graph/layout"
	"github.com/rulestudio/studio/project"
)

// appID is the application id (as in FyneApp.toml): it names the preferences
// and storage of the studio.
const appID = "io.rulestudio.studio"

// runGUI opens the studio window on path: a project file (*.rulestudio), a BGA
// states.inc.php to import, or a YAML rule pack file or folder; with an empty
// path, the bundled example project (made once under the user's data
// directory, laid out like an import). It returns when the window is closed.
func runGUI(path string) error {
	if path != "" {
		if _, err := os.Stat(path); err != nil {
			return err
		}
	}
	a := app.NewWithID(appID)
	a.SetIcon(fyne.NewStaticResource("icon.png", assets.Icon))
	ed := editor.New(a, projectStore{})
	ed.OnQuit = func() { exitAfterQuit(quitGrace) }
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
	if pos, err := layout.Auto(context.Background(), p, layout.Options{}); err == nil {
		p.Editor = &graph.Editor{Positions: pos}
	}
	proj, err := project.CreateFrom(path, p, "bundled example")
	if err != nil {
		return "", fmt.Errorf("example project: %w", err)
	}
	if err := proj.Close(); err != nil {
		return "", fmt.Errorf("example project: %w", err)
	}
	return path, nil
}
