package editor

import (
	"errors"
	"fmt"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/packfile"
)

// showImportWarnings lists the BGA importer's warnings (what it could not
// follow without running the game) at the top of the diagnostics list, where
// they stay until another pack is shown, and says how many there are.
func (e *Editor) showImportWarnings(warnings []graph.Diagnostic) {
	if len(warnings) == 0 {
		return
	}
	e.imported = warnings
	e.refreshAll()
	e.setStatus(fmt.Sprintf("imported with %d warnings from the BGA importer (at the top of the diagnostics)", len(warnings)))
}

// ExportClasses writes the pack as BGA State classes under dir
// (modules/php/States/<Class>.php and the constants their ids need; see
// packfile.WriteClasses), each file atomically.
func (e *Editor) ExportClasses(dir string) error {
	if e.pack == nil {
		return errors.New("no pack to export")
	}
	if err := (packfile.Files{}).Write(dir, packfile.BGAClasses, e.pack); err != nil {
		return fmt.Errorf("export %s: %w", dir, err)
	}
	return nil
}

// importFolderDialog asks for a BGA game's folder (or a States/ folder) and
// imports it.
func (e *Editor) importFolderDialog() {
	e.folderOpen(func(dir string) {
		if err := e.ImportBGA(dir); err != nil {
			e.showError(err)
		}
	})
}

// exportClassesDialog asks for a folder and writes the pack's State classes
// there.
func (e *Editor) exportClassesDialog() {
	if e.pack == nil {
		return
	}
	e.folderOpen(func(dir string) {
		if err := e.ExportClasses(dir); err != nil {
			e.showError(err)
			return
		}
		e.setStatus("exported State classes under " + dir)
	})
}

// folderOpen asks for a folder (askFolder: typed paths, the folder last
// used first).
func (e *Editor) folderOpen(done func(dir string)) {
	e.askFolder("Choose a folder", done)
}
