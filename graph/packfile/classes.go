package packfile

import (
	"os"
	"path/filepath"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/bga"
)

// WriteClasses writes p as BGA State classes into the folder dir (created
// when missing): the files bga.ExportClasses makes, at their paths under dir
// (modules/php/States/<Class>.php, modules/php/constants.inc.php when the ids
// need one), each written atomically ([WriteFile]). Other files in dir are
// left alone. It returns the paths written, in bga.ExportClasses's order.
func WriteClasses(dir string, p *graph.Pack) ([]string, error) {
	files, err := bga.ExportClasses(p)
	if err != nil {
		return nil, err
	}
	var written []string
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return written, err
		}
		if err := writeBytes(path, f.Data); err != nil {
			return written, err
		}
		written = append(written, path)
	}
	return written, nil
}
