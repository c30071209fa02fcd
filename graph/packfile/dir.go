package packfile

import (
	"errors"
	"github.com/rulestudio/studio/internal/input"
	"os"
	"path/filepath"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// WriteDir writes p into the folder dir, one file per document with the
// stable names of graph.Documents (pack.yaml, states.yaml,
// object_types/NAME.yaml, ...), each starting with a schema comment, plus the
// JSON Schema itself as pack.schema.json. Each file is written atomically
// ([WriteFile]). YAML files of an earlier export that p no longer has (a
// deleted object type) are removed; other files are left alone.
func WriteDir(dir string, p *graph.Pack) error {
	docs, err := graph.Documents(p)
	if err != nil {
		return err
	}
	schema, err := graph.Schema()
	if err != nil {
		return err
	}
	for _, sub := range []string{"", "object_types", "scripts"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return err
		}
	}
	written := map[string]bool{}
	for _, d := range docs {
		ref := graph.SchemaFile
		if strings.Contains(d.Path, "/") {
			ref = "../" + graph.SchemaFile
		}
		name := filepath.Join(dir, filepath.FromSlash(d.Path))
		if err := writeBytes(name, append([]byte(graph.SchemaComment(ref)), d.YAML...)); err != nil {
			return err
		}
		written[name] = true
	}
	if err := writeBytes(filepath.Join(dir, graph.SchemaFile), schema); err != nil {
		return err
	}
	// Remove stale documents, so that ReadDir gives p back.
	stale := []string{filepath.Join(dir, "actions.yaml"), filepath.Join(dir, "editor.yaml")}
	for _, sub := range []string{"object_types", "scripts"} {
		m, _ := filepath.Glob(filepath.Join(dir, sub, "*.yaml"))
		stale = append(stale, m...)
	}
	for _, name := range stale {
		if written[name] {
			continue
		}
		if err := os.Remove(name); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// ReadDir reads a pack from a folder written by [WriteDir]: pack.yaml
// (required), states.yaml, actions.yaml, editor.yaml, and every
// object_types/*.yaml and scripts/*.yaml in file name order. Any other YAML
// file at the top of dir is an error, so that nothing is dropped silently.
// Errors name the file and line. The pack's Source is dir.
func ReadDir(dir string) (*graph.Pack, error) {
	top, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{"pack.yaml": true, "states.yaml": true, "actions.yaml": true, "editor.yaml": true}
	for _, e := range top {
		n := e.Name()
		if !e.IsDir() && (strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml")) && !known[n] {
			return nil, &graph.PosError{File: filepath.Join(dir, n), Msg: "not a document of a pack directory (pack.yaml, states.yaml, actions.yaml, editor.yaml, object_types/*.yaml, scripts/*.yaml)"}
		}
	}
	files := []string{"pack.yaml", "states.yaml", "actions.yaml"}
	for _, sub := range []string{"object_types", "scripts"} {
		entries, err := os.ReadDir(filepath.Join(dir, sub))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		for _, e := range entries { // os.ReadDir sorts by name
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".yaml") {
				files = append(files, sub+"/"+e.Name())
			}
		}
	}
	files = append(files, "editor.yaml")
	var docs []graph.Document
	for _, f := range files {
		name := filepath.Join(dir, filepath.FromSlash(f))
		data, err := input.Read(name, input.Pack)
		if errors.Is(err, os.ErrNotExist) && f != "pack.yaml" {
			continue
		}
		if err != nil {
			return nil, err
		}
		docs = append(docs, graph.Document{Path: name, YAML: data})
	}
	p, err := graph.JoinDocuments(docs)
	var pe *graph.PosError
	if errors.As(err, &pe) && pe.File == "" {
		pe.File = dir // an error about the whole pack (no format)
	}
	if err != nil {
		return nil, err
	}
	p.Source = dir
	return p, nil
}
