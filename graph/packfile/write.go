package packfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFile writes the file at path with what write writes, atomically: into
// a temporary file next to it (so that the rename stays on one file system),
// synced to disk, then renamed over path. On any error path is untouched and
// the temporary file removed. A new file gets mode 0644; a file replaced keeps
// its mode.
func WriteFile(path string, write func(io.Writer) error) (err error) {
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return &fs.PathError{Op: "write", Path: path, Err: errors.New("is a directory")}
		}
		mode = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := write(tmp); err != nil {
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// writeBytes is WriteFile of data.
func writeBytes(path string, data []byte) error {
	return WriteFile(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
