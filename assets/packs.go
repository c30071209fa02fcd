package assets

import (
	"embed"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:embed packs/*.yaml
var packs embed.FS

// Pack returns the YAML text of the bundled example pack name ("tictactoe", "connectfour",
// "reversi", "hearts", "seeds"), and whether it exists.
func Pack(name string) ([]byte, bool) {
	data, err := packs.ReadFile("packs/" + name + ".yaml")
	return data, err == nil
}

// Packs returns the names of the bundled example packs, sorted.
func Packs() []string {
	entries, _ := fs.ReadDir(packs, "packs")
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), path.Ext(e.Name())))
	}
	sort.Strings(out)
	return out
}
