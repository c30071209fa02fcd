package editor

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// imageFolder is the folder of the project where KeepImage puts a file
// the designer adds: its pack-relative name is imageFolder/BASE.
const imageFolder = "images"

// images returns the project's kept images (forms.Host's Images), nil
// without a project that keeps them; a failed read is said on the status
// line and reads the pack's folder instead.
func (e *Editor) images() fs.FS {
	k, ok := e.proj.(ImageKeeper)
	if !ok {
		return nil
	}
	fsys, err := k.Images()
	if err != nil {
		e.setStatus("images: " + err.Error())
		return nil
	}
	return fsys
}

// keepImage copies the image file at path into the project as
// images/BASE (its name, lower case) and returns that name, which a hint
// then gives as its image.
func (e *Editor) keepImage(path string) (string, error) {
	k, err := e.imageKeeper()
	if err != nil {
		return "", err
	}
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, graph.MaxImage+1))
	if err != nil {
		return "", fmt.Errorf("read %s: %w", path, err)
	}
	name := imageFolder + "/" + strings.ToLower(filepath.Base(path))
	if err := graph.CheckImage(name, data); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	if err := k.PutImages(map[string][]byte{name: data}); err != nil {
		return "", err
	}
	return name, nil
}

// tableImages is where the Play panel's table reads the hints' images:
// the project's kept images, else the folder of the pack's file (or the
// pack's folder itself); nil for a pack not on disk.
func (e *Editor) tableImages() fs.FS {
	if fsys := e.images(); fsys != nil {
		return fsys
	}
	if e.pack == nil || e.pack.Source == "" {
		return nil
	}
	info, err := os.Stat(e.pack.Source)
	switch {
	case err != nil:
		return nil
	case info.IsDir():
		return os.DirFS(e.pack.Source)
	}
	return os.DirFS(filepath.Dir(e.pack.Source))
}

// addImage asks for an image file (forms.Host's AddImage), keeps it in
// the project and hands its name to then; a reason it cannot is said on
// the status line.
func (e *Editor) addImage(then func(name string)) {
	if _, err := e.imageKeeper(); err != nil {
		e.setStatus("Add image file: " + err.Error())
		return
	}
	e.imageDialog = e.askPath("Add an image file to the project", false, []string{".png", ".svg"}, "", func(path string) {
		name, err := e.keepImage(path)
		if err != nil {
			e.setStatus("Add image file: " + err.Error())
			return
		}
		e.setStatus("Kept " + filepath.Base(path) + " in the project as " + name + ".")
		then(name)
	})
}

// imageKeeper is the project's image store when images can be put in it,
// else why not.
func (e *Editor) imageKeeper() (ImageKeeper, error) {
	k, ok := e.proj.(ImageKeeper)
	switch {
	case e.proj == nil:
		return nil, errors.New("the pack is not in a project yet: File > Save As… makes one, which keeps the images")
	case !ok:
		return nil, errors.New("this project cannot keep images")
	case e.proj.ReadOnly():
		return nil, errors.New("the project is open read-only")
	}
	return k, nil
}
