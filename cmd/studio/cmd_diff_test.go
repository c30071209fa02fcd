package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/project"
)

// editedSeeds returns the bundled seed pack and a copy with one edit of each
// kind: a transition renamed, a clause's body changed, a state added, an
// action removed, a variable's initial value changed and a list of decks added.
func editedSeeds(t *testing.T) (before, after *graph.Pack) {
	t.Helper()
	data, ok := assets.Pack("seeds")
	if !ok {
		t.Fatal("no bundled pack seeds")
	}
	before, err := graph.Parse(data, "seeds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	after = before.Clone()
	next := after.State(graph.NumID(3))
	for i := range next.Transitions {
		if next.Transitions[i].Name == "nextTurn" {
			next.Transitions[i].Name = "turnOver"
		}
	}
	after.ObjectTypes.Lookup("pain_altar").Whenever[0].Body = graph.Code{Src: "for c in damaged():\n    c.controller.life -= 4\n"}
	after.Decks = graph.Names{"deck"}
	after.States = append(after.States, &graph.State{ID: graph.NumID(21), Name: "upkeep", Type: graph.Game, Description: "Upkeep"})
	var kept graph.Actions
	for _, a := range after.Actions {
		if a.Name != "pass" {
			kept = append(kept, a)
		}
	}
	after.Actions = kept
	for _, v := range after.ObjectTypes.Lookup("healer").Variables {
		if v.Name == "base_toughness" {
			v.Value = &graph.Value{Kind: graph.IntValue, Int: 3}
		}
	}
	return before, after
}

// TestDiffByMeaning: studio diff PROJECT 1 2 names each piece changed by its
// path, with the code's unified diff under a changed clause body (golden);
// --json gives graph.Diff's changes; two pack files compare the same way;
// --text is the YAML diff of before.
func TestDiffByMeaning(t *testing.T) {
	before, after := editedSeeds(t)
	dir := t.TempDir()
	proj := filepath.Join(dir, "seeds.rulestudio")
	p, err := project.CreateFrom(proj, before, "seeds")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Save(after, "edits"); err != nil {
		t.Fatal(err)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}

	out, err := run(t, "diff", proj, "1", "2")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "diff-seeds.txt", out)

	out, err = run(t, "diff", "--json", proj, "1", "2")
	if err != nil {
		t.Fatal(err)
	}
	var got []graph.Change
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	want, err := graph.Diff(before, after)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) || len(got) != 7 {
		t.Errorf("--json:\n%s", out)
	}

	a, b := filepath.Join(dir, "a.yaml"), filepath.Join(dir, "b.yaml")
	for path, pack := range map[string]*graph.Pack{a: before, b: after} {
		data, err := graph.Marshal(pack)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, err := run(t, "diff", a, b)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "diff-seeds.txt", files)

	text, err := run(t, "diff", "--text", proj, "1", "2")
	if err != nil || !strings.HasPrefix(text, "--- a/") || !strings.Contains(text, "\n-      - name: pass\n") && !strings.Contains(text, "\n-  pass:\n") {
		t.Errorf("--text: %v\n%s", err, text)
	}
	if text, err := run(t, "diff", "--text", a, b); err != nil || !strings.HasPrefix(text, "--- "+a+"\n+++ "+b+"\n") {
		t.Errorf("--text on files: %v\n%s", err, text)
	}
	if out, err := run(t, "diff", a, a); err != nil || out != "" {
		t.Errorf("a pack against itself: %v\n%q", err, out)
	}
	if out, err := run(t, "diff", "--json", a, a); err != nil || out != "[]\n" {
		t.Errorf("--json of a pack against itself: %v\n%q", err, out)
	}
}
