package assets

import (
	"embed"
	"io/fs"
	"path"
	"strings"
)

//go:embed scenarios
var scenarios embed.FS

// Scenario is a bundled scenario test of a bundled pack (see package
// preview/scenario): its file name under assets/scenarios/PACK/, its text,
// and its expected event transcript (nil when it has none).
type Scenario struct {
	Name       string // "elf-lord.yaml"
	Data       []byte
	Transcript []byte
}

// Scenarios returns the bundled scenarios of the bundled pack name, sorted
// by file name (none for a pack without any).
func Scenarios(name string) []Scenario {
	dir := path.Join("scenarios", name)
	entries, _ := fs.ReadDir(scenarios, dir)
	var out []Scenario
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".yaml") {
			continue
		}
		data, _ := scenarios.ReadFile(path.Join(dir, e.Name()))
		tr, err := scenarios.ReadFile(path.Join(dir, strings.TrimSuffix(e.Name(), ".yaml")+".events"))
		if err != nil {
			tr = nil
		}
		out = append(out, Scenario{Name: e.Name(), Data: data, Transcript: tr})
	}
	return out
}
