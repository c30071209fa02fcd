package packfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/bga"
	"github.com/rulestudio/studio/graph/layout"
	"github.com/rulestudio/studio/internal/input"
)

// Form is a way a pack is kept in files.
type Form string

// The forms of a pack. The names are also the values of `studio export
// --format`.
const (
	Project Form = "project" // a project file (*.rulestudio): SQLite, reached through Files.Projects
	YAML    Form = "yaml"    // one YAML file: one document (graph.Marshal) or several (graph.WriteMultiDoc)
	Dir     Form = "dir"     // a folder of YAML documents (WriteDir, `studio export --dir`)
	BGA     Form = "bga"     // a BGA game: its states.inc.php, its folder or its States/ folder of State classes (graph/bga); written as a states.inc.php
	DOT     Form = "dot"     // a Graphviz DOT picture of the state graph: written, never read
	// BGAClasses is a BGA game written as State classes: a folder with
	// modules/php/States/<Class>.php and the constants file their ids need
	// (bga.ExportClasses). It is read like [BGA].
	BGAClasses Form = "bga-classes"
)

// ProjectExt is the extension of project files (package project's Extension).
const ProjectExt = ".rulestudio"

// OpenExtensions are the extensions of the files the studio opens, for file
// dialogs: projects, YAML rule packs, BGA states.inc.php.
var OpenExtensions = []string{ProjectExt, ".yaml", ".yml", ".php"}

// ErrNoProjects is returned for a project file by a [Files] without Projects.
var ErrNoProjects = errors.New("project files are not available here")

// sqliteMagic starts every SQLite database file, and so every project file.
var sqliteMagic = []byte("SQLite format 3\x00")

// Projects reads and creates project files for [Files]. Package project
// implements the file format; cmd/studio adapts it to this interface so that
// this package, and the editor, never link SQLite.
type Projects interface {
	// ReadProject returns the latest revision's pack of the project at path,
	// with its editor positions and the path as Source, without taking the
	// project's write lock.
	ReadProject(path string) (*graph.Pack, error)
	// CreateProject makes a new project file at path holding p (positions
	// included) as its first revision, with message. An existing file is
	// refused and left untouched.
	CreateProject(path string, p *graph.Pack, message string) error
}

// Files reads and writes packs in every form. The zero Files handles every
// form but projects.
type Files struct {
	// Projects reaches project files; nil: they are refused with ErrNoProjects.
	Projects Projects
}

// Detect says which form the path holds, by looking at it: a folder is [BGA]
// when it is a BGA game's folder or a States/ folder and has no pack.yaml
// (see isBGAFolder), else [Dir]; a file named *.php is [BGA], *.dot or *.gv is [DOT]; a file that starts with
// SQLite's header, or is named *.rulestudio, is a [Project]; any other file is
// [YAML]. A path that cannot be looked at (missing) is judged by its name, so
// that reading it gives the reader's error.
func Detect(path string) Form {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		if isBGAFolder(path) {
			return BGA
		}
		return Dir
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".php":
		return BGA
	case ".dot", ".gv":
		return DOT
	case ProjectExt:
		return Project
	}
	if isSQLite(path) {
		return Project
	}
	return YAML
}

// isBGAFolder reports whether dir is a BGA game's folder (or its States/
// folder) rather than a pack folder: it has no pack.yaml, and bga.IsGameFolder
// finds what bga.ImportPath reads in it (modules/php/States/, a
// states.inc.php, a game folder one level down, or State-class files).
func isBGAFolder(dir string) bool {
	if _, err := os.Stat(filepath.Join(dir, "pack.yaml")); err == nil {
		return false
	}
	return bga.IsGameFolder(dir)
}

// isSQLite reports whether the file at path starts with SQLite's header. It
// opens only regular files: opening a FIFO would wait for a writer.
func isSQLite(path string) bool {
	if info, err := os.Stat(path); err != nil || !info.Mode().IsRegular() {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(sqliteMagic))
	_, err = io.ReadFull(f, head)
	return err == nil && bytes.Equal(head, sqliteMagic)
}

// Read reads the pack at path, whatever form [Detect] finds, and returns it
// with its form. The pack's Source is path (a project's, its file). Errors
// name the file, and the line and column where there is one. Read drops the
// BGA importer's warnings: the commands and the window, which show them, use
// [Files.ReadWarnings].
func (f Files) Read(path string) (*graph.Pack, Form, error) {
	p, form, _, err := f.ReadWarnings(path)
	return p, form, err
}

// ReadWarnings is [Files.Read] that also returns the warnings of the BGA
// importer (what it could not follow in a game's State classes without
// running them, each naming file, line and column; see bga.ImportPath). The
// other forms have none.
func (f Files) ReadWarnings(path string) (*graph.Pack, Form, []graph.Diagnostic, error) {
	form := Detect(path)
	p, warnings, err := f.ReadFormWarnings(path, form)
	return p, form, warnings, err
}

// ReadForm reads the pack at path as form, dropping the BGA importer's
// warnings (see [Files.ReadFormWarnings]).
func (f Files) ReadForm(path string, form Form) (*graph.Pack, error) {
	p, _, err := f.ReadFormWarnings(path, form)
	return p, err
}

// ReadFormWarnings reads the pack at path as form, with the BGA importer's
// warnings when form is [BGA] or [BGAClasses]: path is then a states.inc.php,
// a game's folder or a States/ folder (bga.ImportPath).
//
// A pack of more than graph.MaxStates states is refused, except from a
// project file: a project holds what it was given, and must open.
func (f Files) ReadFormWarnings(path string, form Form) (*graph.Pack, []graph.Diagnostic, error) {
	var p *graph.Pack
	var warnings []graph.Diagnostic
	var err error
	if form == BGA || form == BGAClasses {
		p, warnings, err = bga.ImportPath(path)
	} else {
		p, err = f.readForm(path, form)
	}
	if err == nil && form != Project {
		err = graph.CheckStateCount(p, path)
	}
	if err != nil {
		return nil, nil, err
	}
	return p, warnings, nil
}

// readForm reads the pack at path in a form other than BGA's.
func (f Files) readForm(path string, form Form) (*graph.Pack, error) {
	switch form {
	case Project:
		if f.Projects == nil {
			return nil, fmt.Errorf("%s: %w", path, ErrNoProjects)
		}
		return f.Projects.ReadProject(path)
	case Dir:
		return ReadDir(path)
	case YAML:
		data, err := input.Read(path, input.Pack)
		if err != nil {
			return nil, err
		}
		return graph.ReadMultiDoc(data, path)
	case DOT:
		return nil, fmt.Errorf("%s: a DOT file is a picture of a state graph: the studio writes it but cannot read a pack from it", path)
	}
	return nil, fmt.Errorf("%s: unknown form %q", path, form)
}

// Write writes p at path in form: a new project file ([Project]; an
// existing file is refused), a folder ([Dir], see [WriteDir]; [BGAClasses],
// see [WriteClasses]), or one file ([YAML], [BGA], [DOT]) written atomically.
func (f Files) Write(path string, form Form, p *graph.Pack) error {
	switch form {
	case Project:
		if f.Projects == nil {
			return fmt.Errorf("%s: %w", path, ErrNoProjects)
		}
		msg := "created"
		if p.Source != "" {
			msg += " from " + filepath.Base(p.Source)
		}
		return f.Projects.CreateProject(path, p, msg)
	case Dir:
		return WriteDir(path, p)
	case BGAClasses:
		_, err := WriteClasses(path, p)
		return err
	}
	var buf bytes.Buffer
	if err := Encode(&buf, form, p); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return writeBytes(path, buf.Bytes())
}

// Encode writes p to w in one of the one-file forms: [YAML] (the
// multi-document form, graph.WriteMultiDoc), [BGA] (bga.Export) or [DOT]
// (layout.DOT).
func Encode(w io.Writer, form Form, p *graph.Pack) error {
	var data []byte
	switch form {
	case YAML:
		return graph.WriteMultiDoc(w, p)
	case BGA:
		var err error
		if data, err = bga.Export(p); err != nil {
			return err
		}
	case DOT:
		data = layout.DOT(p)
	case Project, Dir, BGAClasses:
		return fmt.Errorf("a %s is not one stream: write it to a path", form)
	default:
		return fmt.Errorf("unknown format %q (want yaml, bga or dot)", form)
	}
	_, err := w.Write(data)
	return err
}
