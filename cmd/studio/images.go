package main

import (
	"fmt"
	"io/fs"
	"os"
	"sort"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/packfile"
	"github.com/rulestudio/studio/preview/scene/picture"
	"github.com/rulestudio/studio/project"
)

// packImages is where the display hints' images of the pack read from
// source are (picture.Options.Images): a project file's own images, then
// the folder beside it for a path the project does not keep (a project
// made before it kept them); a pack file's folder, or the pack's folder
// itself; nil when source is not on disk (a bundled pack, a new one). open,
// when not nil, is source already open, read in place of opening it again.
func packImages(source string, open *project.Project) (fs.FS, error) {
	dir := picture.ImageDir(source)
	if dir == "" {
		return nil, nil
	}
	folder := os.DirFS(dir)
	if info, err := os.Stat(source); err != nil || info.IsDir() || packfile.Detect(source) != packfile.Project {
		return folder, nil
	}
	p := open
	if p == nil {
		var err error
		if p, err = project.Open(source, project.Options{ReadOnly: true}); err != nil {
			return nil, err
		}
		defer p.Close()
	}
	kept, err := p.Images()
	if err != nil {
		return nil, err
	}
	return layers{kept, folder}, nil
}

// imagesToKeep reads the images pack's hints name from where the pack was
// read (packImages), for a project file to keep. A bad one (not a PNG or
// SVG, too big) is an error naming its file.
func imagesToKeep(pack *graph.Pack, open *project.Project) (map[string][]byte, error) {
	if pack == nil || len(pack.Display.ImagePaths()) == 0 {
		return nil, nil
	}
	fsys, err := packImages(pack.Source, open)
	if err != nil || fsys == nil {
		return nil, err
	}
	images, err := graph.ReadImages(fsys, pack.Display)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", pack.Source, err)
	}
	return images, nil
}

// layers reads a path from the first file system that has it.
type layers []fs.FS

func (l layers) Open(name string) (fs.File, error) {
	var first error
	for _, fsys := range l {
		f, err := fsys.Open(name)
		if err == nil {
			return f, nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, first
}

// Glob is fs.GlobFS's: the paths any layer matches, each once, sorted.
func (l layers) Glob(pattern string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, fsys := range l {
		names, err := fs.Glob(fsys, pattern)
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// imageOptions is how commands draw the scenes of the pack read from
// source: its images where packImages finds them, each that cannot be
// drawn told to warn.
func imageOptions(source string, warn func(error)) picture.Options {
	opt := picture.Options{Warn: warn}
	fsys, err := packImages(source, nil)
	if err != nil && warn != nil {
		warn(err)
	}
	opt.Images = fsys
	return opt
}
