package main

import (
	"bytes"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/packfile"
)

// files reads and writes packs in every form for the commands: project files
// through package project (projectStore), the others through packfile.
var files = packfile.Files{Projects: projectStore{}}

// loadPack reads a rule pack from any input the command line accepts: a
// project file, a YAML rule pack (one file, single- or multi-document), a
// folder of YAML documents (`studio export --dir`), a BGA states.inc.php, or a
// BGA game's folder or States/ folder of State classes. The diagnostics are
// the BGA importer's warnings, for the command to show.
//
// A project's pack is numbered as `studio export PROJECT` writes it: its
// documents' own lines start again at 1 each, lines no text a designer has
// shows, so findings and run errors would point nowhere.
func loadPack(path string) (*graph.Pack, []graph.Diagnostic, error) {
	p, form, warnings, err := files.ReadWarnings(path)
	if err != nil || form != packfile.Project {
		return p, warnings, err
	}
	p, err = asExported(p)
	return p, warnings, err
}

// asExported reads p again from the text `studio export` writes of it, so
// that its positions are that text's lines; its Source stays.
func asExported(p *graph.Pack) (*graph.Pack, error) {
	var text bytes.Buffer
	if err := graph.WriteMultiDoc(&text, p); err != nil {
		return nil, err
	}
	q, err := graph.ReadMultiDoc(text.Bytes(), p.Source)
	if err != nil {
		return nil, err
	}
	q.Source = p.Source
	return q, nil
}
