package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/bga"
	"github.com/rulestudio/studio/project"
)

// sqliteMagic starts every SQLite database file (and so every project file).
var sqliteMagic = []byte("SQLite format 3\x00")

// loadPack reads a rule pack from any input the command line accepts: a project
// file (*.rulestudio, recognised by its SQLite header), a BGA states.inc.php
// (*.php), a YAML rule pack (one file, single- or multi-document) or a directory
// of YAML documents written by `studio export --dir`.
func loadPack(path string) (*graph.Pack, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return graph.ReadDir(path)
	}
	if strings.EqualFold(filepath.Ext(path), ".php") {
		return bga.ImportFile(path)
	}
	head := make([]byte, len(sqliteMagic))
	if f, err := os.Open(path); err == nil {
		_, _ = f.Read(head)
		f.Close()
	}
	if bytes.Equal(head, sqliteMagic) {
		proj, err := project.Open(path, project.Options{ReadOnly: true})
		if err != nil {
			return nil, err
		}
		defer proj.Close()
		return proj.Pack()
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return graph.ReadMultiDoc(data, path)
}
