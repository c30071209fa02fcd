package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/spf13/cobra"
)

// loadPackArg reads PACK: a path of any form loadPack reads (project, YAML
// file of one or several documents, folder, states.inc.php, BGA game
// folder), or the name of a bundled pack. The BGA importer's warnings go to
// stderr. source is what records keep to find it again: the absolute path,
// or the bundled pack's name.
func loadPackArg(arg string, stderr io.Writer) (pack *graph.Pack, source string, err error) {
	if _, err := os.Stat(arg); err == nil {
		p, warnings, err := loadPack(arg)
		if err != nil {
			return nil, "", err
		}
		for _, d := range warnings {
			fmt.Fprintln(stderr, d)
		}
		abs, err := filepath.Abs(arg)
		if err != nil {
			abs = arg
		}
		return p, abs, nil
	}
	if data, ok := assets.Pack(arg); ok {
		p, err := graph.Parse(data, arg+".yaml")
		return p, arg, err
	}
	return nil, "", fmt.Errorf("%s: no such file, and no bundled pack of that name (bundled: %v)", arg, assets.Packs())
}

// loadProgram compiles PACK (see loadPackArg).
func loadProgram(arg string, stderr io.Writer) (*engine.Program, string, error) {
	p, source, err := loadPackArg(arg, stderr)
	if err != nil {
		return nil, "", err
	}
	prog, err := engine.Compile(p)
	return prog, source, err
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
	var seats int
	var seed uint64
	var depth int
	perft := &cobra.Command{
		Use:   "perft PACK",
		Short: "Count the nodes of a pack's legal-action tree",
		Long: `perft counts the nodes of the legal-action tree from the start of a match of PACK
(a project, a YAML rule pack file or folder, a BGA states.inc.php or game folder, or
a bundled pack name) with a fixed
seed, printing "depth N: M" for each depth up to D. A ply is one player's action; where several players decide,
each player's action is a ply; a finished match has no children.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			batchGC()
			p, _, err := loadProgram(args[0], cmd.ErrOrStderr())
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
	rootCmd.AddCommand(perft)
}
