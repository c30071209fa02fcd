package engine

import (
	"fmt"
	"github.com/rulestudio/studio/graph"

	"go.starlark.net/starlark"
)

// ctype is a compiled object type.
type ctype struct {
	t    *graph.ObjectType
	name string
	idx  int
	c    *cclauses
}

// cclauses are compiled clauses of an object type or a state.
type cclauses struct{}

func (c *cclauses) active() bool { return false }

func (c *compiler) clauses(cl *graph.Clauses, what string) *cclauses { return &cclauses{} }

type object struct {
	gen uint64
	id  int
}

type wrapInst struct{}

type objectValue struct {
	m  *Match
	id int
}

func (o *objectValue) String() string        { return fmt.Sprintf("object#%d", o.id) }
func (o *objectValue) Type() string          { return "object" }
func (o *objectValue) Freeze()               {}
func (o *objectValue) Truth() starlark.Bool  { return true }
func (o *objectValue) Hash() (uint32, error) { return uint32(o.id), nil }

func (m *Match) objValue(id int) starlark.Value { return &objectValue{m: m, id: id} }

func (m *Match) settle() error { return nil }

func biObjects(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	return starlark.NewList(nil), nil
}
func biCreate(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	return starlark.None, nil
}
func biDestroy(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	return starlark.None, nil
}
