package place

import (
	"testing"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/graph"
)

// TestTitle: a heading names a state by its id and name, the other
// elements by their kind and name, and a state the pack lacks (or no pack)
// by the id alone.
func TestTitle(t *testing.T) {
	p := testpack.Bundled(t, "seeds")
	for _, c := range []struct {
		pack *graph.Pack
		t    Target
		want string
	}{
		{p, Target{Kind: graph.StateRef, Name: "2", Field: "description"}, "state 2 · playerTurn"},
		{p, Target{Kind: graph.StateRef, Name: "12345"}, "12345"},
		{nil, Target{Kind: graph.StateRef, Name: "2"}, "2"},
		{p, Target{Kind: graph.ObjectTypeRef, Name: "healer"}, "object type healer"},
		{p, Target{Kind: graph.ActionRef, Name: "pass"}, "action pass"},
		{p, Target{Kind: graph.ScriptRef, Name: "main"}, "script main"},
		{p, Target{Kind: graph.PackRef, Field: "progression"}, ""},
	} {
		if got := Title(c.pack, c.t); got != c.want {
			t.Errorf("Title(%+v) = %q, want %q", c.t, got, c.want)
		}
	}
}
