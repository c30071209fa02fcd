package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/pflag"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/impact"
	"github.com/rulestudio/studio/preview/scenario"
	"github.com/rulestudio/studio/project"
)

// impactFlags are `studio diff --impact`'s flags: whether to measure the
// impact, and the matches to play on both revisions.
type impactFlags struct {
	on                    bool
	matches, seats, plies int
	jobs                  int
	seed                  uint64
	bots                  string
}

// add declares the flags on f.
func (i *impactFlags) add(f *pflag.FlagSet) {
	f.BoolVar(&i.on, "impact", false, "also replay the project's recorded matches and scenarios on both revisions and play --matches matches on both")
	f.IntVar(&i.matches, "matches", 200, "with --impact: matches played on both revisions, the same seeds and bots (0: none)")
	f.Uint64Var(&i.seed, "seed", 1, "with --impact: seed of the first match (match i uses seed+i on both)")
	f.StringVar(&i.bots, "bots", "random", fmt.Sprintf("with --impact: bots, one for every seat or one per seat separated by commas (have: %s)", strings.Join(preview.BotNames(), ", ")))
	f.IntVar(&i.seats, "players", 0, "with --impact: number of seats (default: the first revision's minimum)")
	f.IntVar(&i.plies, "max-plies", 10000, "with --impact: stop a match after this many actions (reported as an error)")
	f.IntVar(&i.jobs, "jobs", runtime.GOMAXPROCS(0), "with --impact: matches played at once")
}

// impactOf measures what changed from revision ra to rb of proj (impact.Run),
// with a progress bar on a terminal's standard error; Ctrl-C stops it.
func impactOf(proj *project.Project, path string, ra, rb int64, a, b *graph.Pack, f impactFlags, quiet bool) (*impact.Report, error) {
	c := impact.Config{Before: a, After: b, BeforeName: fmt.Sprintf("revision %d", ra), AfterName: fmt.Sprintf("revision %d", rb),
		Matches: f.matches, Seed: f.seed, Seats: f.seats, Bots: f.bots, MaxPlies: f.plies, Jobs: f.jobs}
	ms, err := proj.Matches()
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		c.Recorded = append(c.Recorded, impact.Recorded{ID: m.ID, Name: m.Name, Record: m.Record})
	}
	ss, err := proj.Scenarios()
	if err != nil {
		return nil, err
	}
	for _, s := range ss {
		c.Scenarios = append(c.Scenarios, impact.Scenario{Name: s.Name, Path: scenario.StoredPath(path, s.Name), YAML: s.YAML})
	}
	if isTerminal(os.Stderr) && !quiet {
		bar := progressbar.NewOptions(len(c.Recorded)+len(c.Scenarios)+2*c.Matches, progressbar.OptionSetWriter(os.Stderr),
			progressbar.OptionSetDescription("impact"), progressbar.OptionShowCount(), progressbar.OptionClearOnFinish(),
			progressbar.OptionThrottle(100*time.Millisecond))
		defer bar.Finish()
		c.Progress = func(done, _ int) { _ = bar.Set(done) }
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	c.Context = ctx
	return impact.Run(c)
}

// writeImpact writes the changes from a to b and their impact: as text, the
// changes then the report; as JSON, one object {"changes": [...], "impact":
// {...}}.
func writeImpact(w io.Writer, a, b *graph.Pack, r *impact.Report, asJSON bool) error {
	if !asJSON {
		if err := writeChanges(w, a, b, false); err != nil {
			return err
		}
		return r.WriteText(w)
	}
	changes, err := graph.Diff(a, b)
	if err != nil {
		return err
	}
	if changes == nil {
		changes = []graph.Change{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Changes []graph.Change `json:"changes"`
		Impact  *impact.Report `json:"impact"`
	}{changes, r})
}
