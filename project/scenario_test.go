package project

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

const elfYAML = "name: elf lord\n# a comment the studio keeps\nseed: 5\nsteps:\n  - expect: True\n"

// TestScenarios puts, replaces, lists and deletes scenarios in a real
// project file, and reads them back after reopening it.
func TestScenarios(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game"+Extension)
	p, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if ss, err := p.Scenarios(); err != nil || len(ss) != 0 {
		t.Fatalf("a new project's scenarios: %v %v", ss, err)
	}
	put := func(s Scenario) {
		t.Helper()
		if err := p.PutScenario(s); err != nil {
			t.Fatal(err)
		}
	}
	put(Scenario{Name: "zebra", YAML: []byte("name: z\r\nsteps:\r\n  - expect: 1 == 1")})
	put(Scenario{Name: "elf-lord", YAML: []byte(elfYAML), Events: []byte("ev 1\n")})
	put(Scenario{Name: "empty-events", YAML: []byte(elfYAML), Events: []byte{}})
	put(Scenario{Name: "elf-lord", YAML: []byte(elfYAML), Events: []byte("ev 1\n")}) // unchanged: no new version
	put(Scenario{Name: "zebra", YAML: []byte("name: z\nsteps:\n  - expect: 2 == 2\n")})
	if err := p.DeleteScenario("empty-events"); err != nil {
		t.Fatal(err)
	}
	put(Scenario{Name: "gone", YAML: []byte(elfYAML)})
	if err := p.DeleteScenario("gone"); err != nil {
		t.Fatal(err)
	}
	if err := p.DeleteScenario("gone"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("deleting a deleted scenario: %v", err)
	}
	put(Scenario{Name: "empty-events", YAML: []byte(elfYAML), Events: []byte{}}) // back again
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}

	for _, readOnly := range []bool{false, true} {
		q, err := Open(path, Options{ReadOnly: readOnly})
		if err != nil {
			t.Fatal(err)
		}
		ss, err := q.Scenarios()
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, s := range ss {
			names = append(names, s.Name)
		}
		if got := strings.Join(names, " "); got != "elf-lord empty-events zebra" {
			t.Fatalf("read-only %v: scenarios %q", readOnly, got)
		}
		if string(ss[0].YAML) != elfYAML || string(ss[0].Events) != "ev 1\n" || ss[0].Time.IsZero() {
			t.Errorf("elf-lord read back as %+v", ss[0])
		}
		if ss[1].Events == nil || len(ss[1].Events) != 0 {
			t.Errorf("an empty transcript read back as %#v", ss[1].Events)
		}
		if string(ss[2].YAML) != "name: z\nsteps:\n  - expect: 2 == 2\n" || ss[2].Events != nil {
			t.Errorf("zebra read back as %q, events %#v", ss[2].YAML, ss[2].Events)
		}
		if s, err := q.Scenario("zebra"); err != nil || string(s.YAML) != string(ss[2].YAML) {
			t.Errorf("Scenario(zebra) = %q, %v", s.YAML, err)
		}
		if _, err := q.Scenario("gone"); !errors.Is(err, ErrNotFound) {
			t.Errorf("Scenario(gone): %v", err)
		}
		h, err := q.ScenarioHistory("zebra")
		if err != nil || len(h) != 2 || string(h[0].YAML) != "name: z\nsteps:\n  - expect: 1 == 1\n" {
			t.Errorf("zebra's history: %d versions, %v", len(h), err)
		}
		if h, _ := q.ScenarioHistory("elf-lord"); len(h) != 1 {
			t.Errorf("an unchanged put made a version: %d", len(h))
		}
		if h, _ := q.ScenarioHistory("gone"); len(h) != 2 || h[1].YAML != nil {
			t.Errorf("gone's history: %+v", h)
		}
		if readOnly {
			if err := q.PutScenario(Scenario{Name: "x", YAML: []byte(elfYAML)}); !errors.Is(err, ErrReadOnly) {
				t.Errorf("put read-only: %v", err)
			}
		}
		q.Close()
	}
}

func TestPutScenarioRefuses(t *testing.T) {
	p := mustCreate(t)
	for _, c := range []struct{ name, yaml, want string }{
		{"", elfYAML, "a scenario needs a name"},
		{"a/b", elfYAML, "no slashes"},
		{" a", elfYAML, "no spaces"},
		{"bad", "steps: [", "yaml:"},
	} {
		err := p.PutScenario(Scenario{Name: c.name, YAML: []byte(c.yaml)})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("put %q: %v, want %q", c.name, err, c.want)
		}
	}
	if ss, _ := p.Scenarios(); len(ss) != 0 {
		t.Errorf("refused scenarios stored: %v", ss)
	}
}

// TestMigrateScenarios: a schema 1 file has no scenarios read-only, and
// upgraded it keeps them, with its pack and matches as they were.
func TestMigrateScenarios(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old"+Extension)
	copyFile(t, schema1File, path)
	ro, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if ss, err := ro.Scenarios(); err != nil || ss != nil {
		t.Fatalf("schema 1, read-only: scenarios %v %v", ss, err)
	}
	ro.Close()
	p, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.PutScenario(Scenario{Name: "after", YAML: []byte(elfYAML)}); err != nil {
		t.Fatal(err)
	}
	p.Close()
	q, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	if v, _ := q.Version(); v != SchemaVersion {
		t.Errorf("version %d after the upgrade", v)
	}
	if ss, err := q.Scenarios(); err != nil || len(ss) != 1 || ss[0].Name != "after" {
		t.Errorf("scenarios after the upgrade: %v %v", ss, err)
	}
	if ms, err := q.Matches(); err != nil || len(ms) != 1 {
		t.Errorf("matches after the upgrade: %v %v", ms, err)
	}
}
