package graph_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// TestCloneIsDeepAndEqual: a clone of every bundled pack and of the sketch marshals
// to the same YAML, is DeepEqual to its original, and shares no pointer, slice
// array or map with it.
func TestCloneIsDeepAndEqual(t *testing.T) {
	packs := map[string]*graph.Pack{}
	for _, name := range assets.Packs() {
		data, _ := assets.Pack(name)
		p, err := graph.Parse(data, name+".yaml")
		if err != nil {
			t.Fatal(err)
		}
		packs[name] = p
	}
	sketch, err := graph.Load("testdata/sketch.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sketch.Editor = &graph.Editor{Positions: map[string]graph.Point{"1": {X: 1, Y: 2}}}
	packs["sketch"] = sketch
	for name, p := range packs {
		c := p.Clone()
		if !reflect.DeepEqual(p, c) {
			t.Errorf("%s: clone differs from its original", name)
		}
		a, _ := graph.Marshal(p)
		b, _ := graph.Marshal(c)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: clone marshals differently", name)
		}
		orig := references(reflect.ValueOf(p), map[uintptr]bool{})
		for addr := range references(reflect.ValueOf(c), map[uintptr]bool{}) {
			if orig[addr] {
				t.Errorf("%s: clone shares memory at %#x with its original", name, addr)
				break
			}
		}
	}
}

// TestCloneEditsStayApart: changing a clone's state, transition, clause code and
// editor position leaves the original as it was.
func TestCloneEditsStayApart(t *testing.T) {
	data, _ := assets.Pack("seeds")
	p, err := graph.Parse(data, "seeds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	before, _ := graph.Marshal(p)
	c := p.Clone()
	c.States[0].Name = "renamed"
	for _, s := range c.States {
		if len(s.Transitions) > 0 {
			s.Transitions[0].Name = "changed"
			break
		}
	}
	for _, ot := range c.ObjectTypes {
		if len(ot.Whenever) > 0 {
			ot.Whenever[0].Body.Src = "pass"
			break
		}
	}
	c.Editor = &graph.Editor{Positions: map[string]graph.Point{"2": {X: 9}}}
	after, _ := graph.Marshal(p)
	if !bytes.Equal(before, after) {
		t.Fatal("editing the clone changed the original")
	}
	if (*graph.Pack)(nil).Clone() != nil {
		t.Fatal("Clone of nil is not nil")
	}
}

// references collects the addresses of every pointer target, non-empty slice
// array and map reachable from v.
func references(v reflect.Value, seen map[uintptr]bool) map[uintptr]bool {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] {
			return seen
		}
		seen[v.Pointer()] = true
		references(v.Elem(), seen)
	case reflect.Slice:
		if v.Cap() > 0 {
			seen[uintptr(v.UnsafePointer())] = true
		}
		for i := 0; i < v.Len(); i++ {
			references(v.Index(i), seen)
		}
	case reflect.Map:
		if v.IsNil() {
			return seen
		}
		seen[uintptr(v.UnsafePointer())] = true
		iter := v.MapRange()
		for iter.Next() {
			references(iter.Value(), seen)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			references(v.Field(i), seen)
		}
	}
	return seen
}
