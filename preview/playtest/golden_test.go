package playtest

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/engine"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// goldenRuns is what TestStatsGolden plays of each bundled pack: matches,
// and an action limit low enough that some of the seed-effects pack's
// matches stop as errors.
var goldenRuns = map[string]struct{ matches, maxPlies int }{
	"tictactoe": {300, 0}, "connectfour": {60, 0}, "reversi": {20, 0}, "hearts": {2, 0}, "seeds": {30, 48},
	"testdata/errors.yaml": {40, 0},
}

// TestStatsGolden: seeded runs of every bundled pack and of
// testdata/errors.yaml (errors of the pack's code, trigger loops), full and lite, give
// byte for byte the report (JSON and text, time aside) in
// testdata/stats.golden (go test -run TestStatsGolden -update rewrites
// it). Every change to how the engine records events or how Run counts
// them must keep it.
func TestStatsGolden(t *testing.T) {
	var out bytes.Buffer
	for _, pack := range append(assets.Packs(), "testdata/errors.yaml") {
		g, ok := goldenRuns[pack]
		if !ok {
			t.Fatalf("pack %s has no run in goldenRuns", pack)
		}
		var p *engine.Program
		if strings.HasSuffix(pack, ".yaml") {
			p = fromFile(t, pack)
		} else {
			p = bundled(t, pack)
		}
		seats := 2
		if pl := p.Pack.Players; pl != nil && pl.Min > 0 {
			seats = pl.Min
		}
		for _, lite := range []bool{false, true} {
			s := run(t, Config{Program: p, Seats: seats, Seed: 7, Matches: g.matches, MaxPlies: g.maxPlies, Jobs: 2, Bots: "random", Lite: lite})
			s.Seconds = 0
			r := Summarize(s)
			data, err := json.MarshalIndent(r, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&out, "== %s lite=%v\n%s\n", pack, lite, data)
			if err := r.WriteText(&out); err != nil {
				t.Fatal(err)
			}
		}
	}
	golden := filepath.Join("testdata", "stats.golden")
	if *update {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		got, wl := bytes.Split(out.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
		for i := range got {
			if i >= len(wl) || !bytes.Equal(got[i], wl[i]) {
				t.Fatalf("line %d of %s differs:\n got %s\nwant %s", i+1, golden, got[i], wl[min(i, len(wl)-1)])
			}
		}
		t.Fatalf("%s has %d lines, the runs gave %d", golden, len(wl), len(got))
	}
}
