package engine

import "github.com/rulestudio/studio/graph"

// Load reads the rule pack in the YAML file at path and compiles it.
func Load(path string) (*Program, error) {
	p, err := graph.Load(path)
	if err != nil {
		return nil, err
	}
	return Compile(p)
}

// Parse reads a rule pack from YAML text (file names it in errors) and compiles
// it.
func Parse(data []byte, file string) (*Program, error) {
	p, err := graph.Parse(data, file)
	if err != nil {
		return nil, err
	}
	return Compile(p)
}
