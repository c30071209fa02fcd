package scenario

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse: Parse never panics, and a scenario it accepts has steps of
// exactly one kind each.
func FuzzParse(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*.yaml")
	more, _ := filepath.Glob("../../assets/scenarios/*/*.yaml")
	for _, p := range append(paths, more...) {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data, "f.yaml")
		if err != nil {
			return
		}
		for i, st := range s.Steps {
			n := 0
			for _, set := range []bool{st.Move != nil, st.Exec != "", st.Expect != ""} {
				if set {
					n++
				}
			}
			if n != 1 {
				t.Errorf("step %d has %d kinds: %+v", i+1, n, st)
			}
		}
	})
}
