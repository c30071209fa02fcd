package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/rulestudio/studio/preview"
	"github.com/spf13/cobra"
)

func init() {
	var (
		opts preview.LeakOptions
		out  string
	)
	leaks := &cobra.Command{
		Use:   "leaks PACK",
		Short: "Check that no seat sees what the pack hides from it",
		Long: `leaks plays matches of PACK with random bots (match i on seed S+i) and, at every
decision and for every seat, deals again several times the cards the seat cannot
see: the seat must see the same view (args, variables, tags, objects), the same
legal moves, the same notifications and the same lines in its event log in
every copy once the bots' move is taken (and before it, at a match's first
decision). An outcome the rules announce (a comparison's or a branch's result
written by a body: a guess's hit, a comparison's loser; the way the rules took,
which the log shows) is not a leak; a card's face reaching what another seat
receives, a while clause granting a tag from hidden cards, or a line of the
event log changing with hidden cards on the same way, is. See docs/model.md,
"Checking that nothing leaks".

The first leak ends the check with exit status 1: the seat, the step, the field
and the rule that wrote it (file:line:col), and the match's record up to that
step, written to --record (default: PACK-leak-SEED.json in the current folder),
which studio replay, or Play > Open Saved Match…, opens at that step.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			pack, source, err := loadPackArg(args[0], cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			opts.Source = source
			rep, err := preview.CheckLeaks(cmd.Context(), pack, opts)
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			if rep.Leak == nil {
				fmt.Fprintf(w, "no leak: %d matches, %d decisions, %d copies dealt again (%d set aside by an announced outcome)\n",
					rep.Matches, rep.Decisions, rep.Copies, rep.Announced)
				return nil
			}
			l := rep.Leak
			file := out
			if file == "" {
				file = pack.Name + "-leak-" + strconv.FormatUint(l.Seed, 10) + ".json"
			}
			rec := l.Record
			rec.Source = recordSource(filepath.Dir(file), rec.Source)
			data, err := rec.Marshal()
			if err == nil {
				err = os.WriteFile(file, data, 0o644)
			}
			if err != nil {
				return fmt.Errorf("leaks: write the record: %w", err)
			}
			return &exitStatus{code: 1, err: fmt.Errorf("%s\nthe match up to that step: %s", l, file)}
		},
	}
	f := leaks.Flags()
	f.IntVar(&opts.Matches, "matches", 20, "number of matches")
	f.Uint64Var(&opts.Seed, "seed", 1, "seed of the first match (match i uses seed+i)")
	f.IntVar(&opts.Players, "players", 0, "number of seats (default: the pack's minimum)")
	f.IntVar(&opts.Redeals, "redeals", 3, "copies dealt again per seat and decision")
	f.StringVar(&out, "record", "", "where to write the record of the match with the leak (default PACK-leak-SEED.json)")
	rootCmd.AddCommand(leaks)
}
