package packfile

import (
	"io"

	"github.com/rulestudio/studio/internal/atomicfile"
)

// WriteFile writes the file at path with what write writes, whole or not at
// all: it is [atomicfile.Write] (a temporary file in path's folder, synced,
// renamed over path, the folder synced). On any error path is untouched. A
// new file gets mode 0644; a file replaced keeps its mode. The path "-" is
// refused (atomicfile.ErrStdout): a command that takes "-" for standard
// output writes there itself.
func WriteFile(path string, write func(io.Writer) error) error {
	return atomicfile.Write(path, write)
}

// writeBytes is WriteFile of data.
func writeBytes(path string, data []byte) error {
	return WriteFile(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
