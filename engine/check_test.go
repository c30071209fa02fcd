package engine

import (
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

func TestCheckReportsCompileErrors(t *testing.T) {
	src := "format: 1\npack: code\nstates:\n  - id: 1\n    name: gameSetup\n    type: manager\n    action: stSetup\n    transitions: {\"\": 99}\n  - id: 99\n    name: gameEnd\n    type: manager\nscripts:\n  main: |\n    def stSetup():\n        next_state(\n"
	p, err := graph.Parse([]byte(src), "code.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// The script's error only: stSetup, which it would define, is not also
	// reported missing.
	want := []string{
		"code.yaml:15:19: error: script main: '(' was never closed",
	}
	got := Check(p)
	if len(got) != len(want) {
		t.Fatalf("got %d diagnostics %v, want %d", len(got), got, len(want))
	}
	for i := range want {
		if got[i].String() != want[i] || got[i].Rule != "code" {
			t.Errorf("diagnostic %d = %q (rule %q), want %q", i, got[i], got[i].Rule, want[i])
		}
	}
	p.Scripts, p.Actions = nil, nil
	if d := Check(p); len(d) != 0 {
		t.Errorf("a pack without code of its own gave %v", d)
	}
}

// TestBundledPacksCheckClean: every pack the studio ships, and the example
// project, pass every check of the code without a diagnostic.
func TestBundledPacksCheckClean(t *testing.T) {
	sources := map[string][]byte{assets.ExamplePackName: assets.ExamplePack}
	for _, name := range assets.Packs() {
		data, _ := assets.Pack(name)
		sources["packs/"+name+".yaml"] = data
	}
	for name, data := range sources {
		p, err := graph.ReadMultiDoc(data, name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for _, d := range Check(p) {
			t.Errorf("%s", d)
		}
	}
}

// TestCheckCodeWithoutActions: a pack's own Starlark is checked before its
// first action or script exists (issue 19, item 20); only a pack whose code
// fields all name functions (an imported states.inc.php's PHP methods) is
// left alone.
func TestCheckCodeWithoutActions(t *testing.T) {
	src := "format: 1\npack: bare\ntimeout: 'end_game())'\nstates:\n  - id: 1\n    name: gameSetup\n    type: manager\n    action: stGameSetup\n    transitions: {\"\": 99}\n  - id: 99\n    name: gameEnd\n    type: manager\n"
	p, err := graph.Parse([]byte(src), "bare.yaml")
	if err != nil {
		t.Fatal(err)
	}
	got := Check(p)
	if len(got) != 1 || got[0].Pos.Line != 3 || got[0].Rule != "code" {
		t.Fatalf("Check = %v, want one code error on line 3 (the timeout)", got)
	}
	p.Timeout = graph.Code{}
	if d := Check(p); len(d) != 0 {
		t.Errorf("a pack whose code names BGA methods only gave %v", d)
	}
}
