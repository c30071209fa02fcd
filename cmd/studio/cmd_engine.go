package main

import (
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/preview/playtest"
	"github.com/spf13/cobra"
)

// loadProgram compiles PACK: a path of any form loadPack reads (project,
// YAML file of one or several documents, folder, states.inc.php), or the
// name of a bundled pack.
func loadProgram(arg string) (*engine.Program, error) {
	if _, err := os.Stat(arg); err == nil {
		p, err := loadPack(arg)
		if err != nil {
			return nil, err
		}
		return engine.Compile(p)
	}
	if data, ok := assets.Pack(arg); ok {
		return engine.Parse(data, arg+".yaml")
	}
	return nil, fmt.Errorf("%s: no such file, and no bundled pack of that name (bundled: %v)", arg, assets.Packs())
}

func seatsFor(p *engine.Program, n int) int {
	if n > 0 {
		return n
	}
	if pl := p.Pack.Players; pl != nil && pl.Min > 0 {
		return pl.Min
	}
	return 2
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func init() {
	var (
		matches, seats, maxPlies, jobs int
		seed                           uint64
		bots                           string
		asJSON                         bool
		sf                             simFlags
		lite                           bool
	)
	simulate := &cobra.Command{
		Use:   "simulate PACK",
		Short: "Play matches of a pack with bots and summarize them",
		Long: `simulate plays N matches of PACK (a project, a YAML rule pack file or folder, or
a bundled pack name) with bots.
Match i uses seed S+i for both the match's random source and the bots, so the seed
printed with an error reproduces it. It prints the length distribution, wins, draws,
the first seat's win rate with a 95% Wilson interval, errors grouped by message, visits
and branching per state, uses per transition and action, firings per clause, and what
was never used (--json for tools; --report for an HTML page of charts; --lite for
lengths and outcomes only, without recording events, at the engine's full speed).
--shard i/n -o PART.json plays part i (from 0) of n of the seed range and writes a
result that ` + "`studio merge`" + ` adds up (see docs/playtesting.md).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			sf.asJSON = asJSON
			if bots != "random" {
				return fmt.Errorf("simulate: unknown bots %q (have: random)", bots)
			}
			p, err := loadProgram(args[0])
			if err != nil {
				return err
			}
			c := playtest.Config{Program: p, Seats: seatsFor(p, seats), Seed: seed, Matches: matches,
				MaxPlies: maxPlies, Jobs: jobs, Bots: bots, NewBot: randomBot, Lite: lite}
			return runSimulate(cmd, c, sf)
		},
	}
	f := simulate.Flags()
	f.IntVar(&matches, "matches", 100, "number of matches")
	f.Uint64Var(&seed, "seed", 1, "seed of the first match (match i uses seed+i)")
	f.StringVar(&bots, "bots", "random", "bots for every seat: random")
	f.BoolVar(&asJSON, "json", false, "print the summary as JSON")
	f.IntVar(&seats, "players", 0, "number of seats (default: the pack's minimum)")
	f.IntVar(&maxPlies, "max-plies", 10000, "stop a match after this many actions (reported as an error)")
	f.IntVar(&jobs, "jobs", runtime.GOMAXPROCS(0), "matches played at once")
	f.StringVar(&sf.shard, "shard", "", "play only part i/n (i from 0) of the seed range, for `studio merge`")
	f.StringVarP(&sf.out, "output", "o", "", "write the mergeable result as JSON to this file instead of printing a report")
	f.BoolVar(&lite, "lite", false, "count only lengths, wins, draws and errors, without recording events (the engine's full speed)")
	f.StringVar(&sf.report, "report", "", "also write an HTML page of charts to this file")

	var depth int
	perft := &cobra.Command{
		Use:   "perft PACK",
		Short: "Count the nodes of a pack's legal-action tree",
		Long: `perft counts the nodes of the legal-action tree from the start of a match of PACK
(a project, a YAML rule pack file or folder, or a bundled pack name) with a fixed
seed, printing "depth N: M" for each depth up to D. A ply is one player's action; where several players decide,
each player's action is a ply; a finished match has no children.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := loadProgram(args[0])
			if err != nil {
				return err
			}
			m, err := p.NewMatch(seatsFor(p, seats), engine.Options{Seed: seed, NoHistory: true})
			if err != nil {
				return err
			}
			start := time.Now()
			counts, err := m.Perft(depth)
			if err != nil {
				return err
			}
			el := time.Since(start)
			var total uint64
			for i, c := range counts {
				fmt.Fprintf(cmd.OutOrStdout(), "depth %d: %d\n", i+1, c)
				total += c
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "%d nodes in %v (%.0f nodes/s)\n", total, el.Round(time.Millisecond), float64(total)/el.Seconds())
			return nil
		},
	}
	pf := perft.Flags()
	pf.IntVar(&depth, "depth", 5, "depth D")
	pf.Uint64Var(&seed, "seed", 1, "seed of the match")
	pf.IntVar(&seats, "players", 0, "number of seats (default: the pack's minimum)")
	rootCmd.AddCommand(simulate, perft)
}
