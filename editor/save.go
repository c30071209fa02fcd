package editor

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/rulestudio/studio/graph/packfile"
)

// ErrNoProject is returned by [Editor.Save] when the pack on screen has no
// project file it may write (it was imported or read from YAML, or its project
// is open read-only): use [Editor.SaveAs].
var ErrNoProject = errors.New("the pack has no project file yet: save it as a new project")

// Export formats for [Editor.Export].
const (
	FormatYAML = packfile.YAML // a multi-document YAML rule pack
	FormatBGA  = packfile.BGA  // a BGA states.inc.php
	FormatDOT  = packfile.DOT  // a Graphviz DOT graph
)

// AutosaveDelay is how long after the last edit the editor autosaves a pack
// whose project supports it ([Autosaver]).
const AutosaveDelay = 3 * time.Second

// autosave keeps the unsaved pack in its project's autosave slot.
func (e *Editor) autosave() {
	as, ok := e.proj.(Autosaver)
	if !ok || !e.Dirty() || e.pack == nil || e.proj.ReadOnly() {
		return
	}
	if err := as.Autosave(e.pack); err != nil {
		e.setStatus("autosave failed: " + err.Error())
		return
	}
	e.updateTitle()
	e.setStatus(e.status.Text + " · autosaved " + time.Now().Format("15:04:05"))
}

// Save stores the pack, positions included, as a new revision of its project.
func (e *Editor) Save() error {
	if e.pack == nil {
		return errors.New("no pack to save")
	}
	if e.proj == nil {
		return ErrNoProject
	}
	if e.proj.ReadOnly() {
		return fmt.Errorf("%s is open read-only: %w", filepath.Base(e.proj.Path()), ErrNoProject)
	}
	if err := e.proj.Save(e.pack, "save from the editor"); err != nil {
		return fmt.Errorf("save %s: %w", e.proj.Path(), err)
	}
	e.hist.MarkSaved()
	e.updateTitle()
	return nil
}

// SaveAs makes a new project file at path holding the pack and makes it the
// editor's project. A file at path is replaced (the dialog asks first), whole
// or not at all ([Store].Create): a save that fails or a studio killed
// meanwhile leaves the old file as it was, or no file.
func (e *Editor) SaveAs(path string) error {
	if e.pack == nil {
		return errors.New("no pack to save")
	}
	proj, err := e.store.Create(path, e.pack, "first save")
	if err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	e.replaceProject(proj)
	if err := e.carryBreakpoints(e.bps); err != nil {
		e.setStatus("breakpoints not saved: " + err.Error())
	}
	if err := e.carryWatches(); err != nil {
		e.setStatus("watches not saved: " + err.Error())
	}
	e.origin = ""
	e.hist.MarkSaved()
	e.updateTitle()
	e.remember(path)
	return nil
}

// ExportBytes renders the pack in format (FormatYAML, FormatBGA, FormatDOT).
func (e *Editor) ExportBytes(format packfile.Form) ([]byte, error) {
	if e.pack == nil {
		return nil, errors.New("no pack to export")
	}
	var b bytes.Buffer
	if err := packfile.Encode(&b, format, e.pack); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Export writes the pack in format to the file at path, atomically
// (packfile.Files.Write).
func (e *Editor) Export(format packfile.Form, path string) error {
	if e.pack == nil {
		return errors.New("no pack to export")
	}
	if err := (packfile.Files{}).Write(path, format, e.pack); err != nil {
		return fmt.Errorf("export %s: %w", path, err)
	}
	return nil
}
