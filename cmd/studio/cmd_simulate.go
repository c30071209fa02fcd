package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/rulestudio/studio/graph/packfile"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/playtest"
	"github.com/spf13/cobra"
)

func init() {
	var (
		matches, seats, maxPlies, jobs int
		seed                           uint64
		bots, record                   string
		asJSON, lite                   bool
		sf                             simFlags
	)
	simulate := &cobra.Command{
		Use:   "simulate PACK",
		Short: "Play matches of a pack with bots and summarize them",
		Long: `simulate plays N matches of PACK (a project, a YAML rule pack file or folder, a
BGA states.inc.php or game folder, or a bundled pack name) with bots.
Match i uses seed S+i for both the match's random source and the bots, so the seed
printed with an error reproduces it (studio play PACK --seed S --bots random plays
it again). Identical errors are reported once, with the seeds of their matches; the
exit status is 1 when any match ended in an error.
It prints the length distribution, wins, draws, the first seat's win rate with a
95% Wilson interval, errors grouped by message, visits and branching per state,
uses per transition and action, firings per clause, and what was never used
(--json for tools; --report for an HTML page of charts; --lite for lengths and
outcomes only, without recording events, at the engine's full speed).
--shard i/n -o PART.json plays part i (from 0) of n of the seed range and writes a
result that studio merge adds up (see docs/playtesting.md).
With --record DIR each match's record is written to DIR/PACK-SEED.json, for
studio replay.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			batchGC()
			p, source, err := loadProgram(args[0], cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			sf.asJSON = asJSON
			if err := p.CheckSeats(seatsFor(p, seats)); err != nil {
				return err
			}
			c := playtest.Config{Program: p, Seats: seatsFor(p, seats), Seed: seed, Matches: matches,
				MaxPlies: maxPlies, Jobs: jobs, Bots: bots, Lite: lite, Record: record != "", Source: source}
			return runSimulate(cmd, c, sf, record)
		},
	}
	f := simulate.Flags()
	f.IntVar(&matches, "matches", 100, "number of matches")
	f.Uint64Var(&seed, "seed", 1, "seed of the first match (match i uses seed+i)")
	f.StringVar(&bots, "bots", "random", fmt.Sprintf("bots: one for every seat, or one per seat separated by commas (have: %s)", strings.Join(preview.BotNames(), ", ")))
	f.BoolVar(&asJSON, "json", false, "print the summary as JSON")
	f.IntVar(&seats, "players", 0, "number of seats (default: the pack's minimum)")
	f.IntVar(&maxPlies, "max-plies", 10000, "stop a match after this many actions (reported as an error)")
	f.IntVar(&jobs, "jobs", runtime.GOMAXPROCS(0), "matches played at once")
	f.StringVar(&record, "record", "", "write each match's record to this folder (PACK-SEED.json)")
	f.StringVar(&sf.shard, "shard", "", "play only part `i/n` (i from 0) of the seed range, for studio merge")
	f.StringVarP(&sf.out, "output", "o", "", "write the mergeable result as JSON to this file (-: standard output) instead of printing a report")
	f.BoolVar(&lite, "lite", false, "count only lengths, wins, draws and errors, without recording events (the engine's full speed)")
	f.StringVar(&sf.report, "report", "", "also write an HTML page of charts to this file")
	rootCmd.AddCommand(simulate)
}

// recordWriter writes each match's record to dir as PACK-SEED.json, each
// file whole or not at all, as playtest.Config.Each hands them on: in seed
// order, none kept once written. It makes dir at the first record. After a
// failure it writes no more and calls stop, so that the run ends early;
// err is the failure.
type recordWriter struct {
	dir, pack string
	stop      func()
	made      bool
	err       error
}

// write writes r's record, unless an earlier one failed.
func (rw *recordWriter) write(r preview.Result) {
	if rw.err != nil {
		return
	}
	if rw.err = rw.writeOne(r); rw.err != nil {
		rw.stop()
	}
}

func (rw *recordWriter) writeOne(r preview.Result) error {
	if !rw.made {
		if err := os.MkdirAll(rw.dir, 0o755); err != nil {
			return err
		}
		rw.made = true
	}
	rec := *r.Record
	rec.Source = recordSource(rw.dir, rec.Source)
	data, err := rec.Marshal()
	if err != nil {
		return fmt.Errorf("record of seed %d: %w", r.Seed, err)
	}
	path := filepath.Join(rw.dir, fmt.Sprintf("%s-%d.json", rw.pack, r.Seed))
	return packfile.WriteFile(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}
