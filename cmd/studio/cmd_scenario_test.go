package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/editor"
	"github.com/rulestudio/studio/project"
)

// seedsProject imports the bundled seed-effects pack into a new project.
func seedsProject(t *testing.T) string {
	t.Helper()
	proj := filepath.Join(t.TempDir(), "seeds.rulestudio")
	if out, err := run(t, "import", "../../assets/packs/seeds.yaml", "-o", proj); err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	return proj
}

// TestScenarioCommands: scenario files added to a project are listed, run
// by `studio test PROJECT` (a failing one named by project and name, with
// its step and expression), blessed into the project and removed.
func TestScenarioCommands(t *testing.T) {
	proj := seedsProject(t)
	seeds, _ := filepath.Glob("../../assets/scenarios/seeds/*.yaml")
	if len(seeds) != 4 {
		t.Fatalf("bundled seeds scenarios: %v", seeds)
	}
	out, err := run(t, append([]string{"scenario", "add", proj}, seeds...)...)
	if err != nil || strings.Count(out, "stored ") != 4 {
		t.Fatalf("scenario add: %v\n%s", err, out)
	}
	out, err = run(t, "scenario", "list", proj)
	if err != nil || !strings.HasPrefix(out, "damage-to-life ") || strings.Count(out, "transcript\n") != 4 {
		t.Fatalf("scenario list: %v\n%s", err, out)
	}
	out, err = run(t, "test", proj)
	if err != nil || !strings.Contains(out, "ok   "+proj+"[elf-lord]\n") || !strings.HasSuffix(out, "4 scenarios, 0 failed\n") {
		t.Fatalf("test PROJECT: %v\n%s", err, out)
	}

	if out, err := run(t, "scenario", "add", proj, "../../preview/scenario/testdata/fails.yaml"); err != nil {
		t.Fatalf("add fails.yaml: %v\n%s", err, out)
	}
	out, err = run(t, "test", proj, "../../assets/scenarios/tictactoe/three-in-a-row.yaml")
	if err != errScenariosFailed {
		t.Errorf("err %v, want %v", err, errScenariosFailed)
	}
	for _, want := range []string{
		"FAIL " + proj + "[fails]:10: step 2: expect game.lord.power == 4: got False, where game.lord.power is 2\n",
		"FAIL ../../assets/scenarios/tictactoe/three-in-a-row.yaml:1: scenario: the scenario is for pack tictactoe, not seeds\n",
		"6 scenarios, 2 failed\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("test output lacks %q:\n%s", want, out)
		}
	}
	if out, err := run(t, "scenario", "rm", proj, "fails"); err != nil || out != "removed fails\n" {
		t.Fatalf("rm: %v %q", err, out)
	}
	if _, err := run(t, "scenario", "rm", proj, "fails"); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("rm twice: %v", err)
	}

	// Blessing stores the transcript in the project.
	p, err := project.Open(proj, project.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := p.Scenario("flying")
	want := string(s.Events)
	s.Events = nil
	if err := p.PutScenario(s); err != nil {
		t.Fatal(err)
	}
	p.Close()
	out, err = run(t, "test", proj, "--bless")
	if err != nil || !strings.Contains(out, "ok   "+proj+"[flying] (blessed in the project)\n") {
		t.Fatalf("--bless: %v\n%s", err, out)
	}
	out, err = run(t, "scenario", "show", proj, "flying", "--events")
	if err != nil || out != want || want == "" {
		t.Errorf("blessed transcript %q, want %q (%v)", out, want, err)
	}
}

// TestScenarioAddRefuses: a file that is not a scenario is not stored, and
// only projects keep scenarios.
func TestScenarioAddRefuses(t *testing.T) {
	proj := seedsProject(t)
	if _, err := run(t, "scenario", "add", proj, "../../assets/scenarios/seeds/flying.yaml", "../../assets/packs/seeds.yaml"); err == nil {
		t.Error("a pack added as a scenario")
	}
	if out, _ := run(t, "scenario", "list", proj); out != "" {
		t.Errorf("stored after a refused add:\n%s", out)
	}
	if _, err := run(t, "scenario", "list", "../../assets/packs/seeds.yaml"); err == nil || !strings.Contains(err.Error(), "not a project") {
		t.Errorf("list of a YAML pack: %v", err)
	}
}

// TestProjectFileKeepsScenarios: the editor's view of a project file
// (projectStore) reads, puts and deletes the scenarios the commands keep.
func TestProjectFileKeepsScenarios(t *testing.T) {
	proj := seedsProject(t)
	if _, err := run(t, "scenario", "add", proj, "../../assets/scenarios/seeds/flying.yaml"); err != nil {
		t.Fatal(err)
	}
	f, err := projectStore{}.Open(proj)
	if err != nil {
		t.Fatal(err)
	}
	store, ok := f.(editor.ScenarioStore)
	if !ok {
		t.Fatal("a project file is not an editor.ScenarioStore")
	}
	ss, err := store.Scenarios()
	if err != nil || len(ss) != 1 || ss[0].Name != "flying" || len(ss[0].Events) == 0 {
		t.Fatalf("scenarios %+v %v", ss, err)
	}
	if err := store.PutScenario(editor.StoredScenario{Name: "more", YAML: []byte("name: more\nsteps:\n  - expect: True\n")}); err != nil {
		t.Fatal(err)
	}
	if err := store.DeleteScenario("flying"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out, err := run(t, "scenario", "list", proj)
	if err != nil || !strings.HasPrefix(out, "more ") || strings.Count(out, "\n") != 1 {
		t.Errorf("after the editor's put and delete: %v\n%s", err, out)
	}
}
