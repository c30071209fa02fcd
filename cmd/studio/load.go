package main

import (
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
func loadPack(path string) (*graph.Pack, []graph.Diagnostic, error) {
	p, _, warnings, err := files.ReadWarnings(path)
	return p, warnings, err
}
