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
// folder of YAML documents (`studio export --dir`) or a BGA states.inc.php.
func loadPack(path string) (*graph.Pack, error) {
	p, _, err := files.Read(path)
	return p, err
}
