package project_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/project"
)

func Example() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	pack, err := graph.ReadMultiDoc([]byte(`format: 1
pack: demo
states:
  - {id: 1, name: gameSetup, type: manager, transitions: {"": 99}}
  - {id: 99, name: gameEnd, type: manager}
`), "demo.yaml")
	if err != nil {
		log.Fatal(err)
	}

	p, err := project.Create(filepath.Join(dir, "demo"+project.Extension))
	if err != nil {
		log.Fatal(err)
	}
	defer p.Close()
	if _, err := p.Save(pack, "first"); err != nil {
		log.Fatal(err)
	}
	pack.Title = "Demo"
	if _, err := p.Save(pack, "add a title"); err != nil {
		log.Fatal(err)
	}
	revs, _ := p.Revisions()
	for _, r := range revs {
		fmt.Println(r.ID, r.Message)
	}
	diff, _ := p.Diff(1, 2)
	fmt.Print(diff)
	// Output:
	// 1 first
	// 2 add a title
	// --- a/pack.yaml (revision 1)
	// +++ b/pack.yaml (revision 2)
	// @@ -1,2 +1,3 @@
	//  format: 1
	//  pack: demo
	// +title: Demo
}
