package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

func init() { rootCmd.AddCommand(findCmd()) }

// findFlags are `studio find`'s flags.
type findFlags struct {
	breakpoint, until, bots, out string
	seed                         uint64
	players, maxPositions        int
	budget                       time.Duration
}

// findCmd is `studio find PACK`.
func findCmd() *cobra.Command {
	var ff findFlags
	cmd := &cobra.Command{
		Use:   "find PACK --breakpoint JSON | --until EXPR",
		Short: "Find a match that reaches a breakpoint, the shortest found, and write its record",
		Long: `find looks for a match of PACK (a project, a YAML rule pack file or folder, a BGA
states.inc.php or game folder, or a bundled pack name) that reaches a breakpoint, given
as docs/records.md writes one ('{"kind": "enter", "state": "gameEnd"}'), or with
--until EXPR a condition that becomes true ('--until "game.turns == 5"').

Where the space is small the search is exact: breadth first over the positions the
match of --seed can reach, positions reached twice merged, so the match found is one
of the shortest. When the next depth would hold more than --max-positions positions,
it plays random matches instead (--bots, each from its own seed: seed+i), in rounds
cut at a length that doubles, taking a move that reaches the breakpoint at once,
until a round finds one; its shortest is the match found. The same flags find the
same match unless --budget runs out first. A condition is looked at where the match
waits for a move. Ctrl-C stops the search and says what it searched.

It says how many moves the match found takes, at which step the breakpoint holds
and what it saw, and how long it searched and how much; -o writes the match's record
(for studio replay, or to open in the studio's debugger), else its moves are printed
one a line (as play --actions reads them). On a terminal a progress line shows the
search. The exit status is 1 when no match was found.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runFind(cmd, args[0], ff) },
	}
	f := cmd.Flags()
	f.StringVar(&ff.breakpoint, "breakpoint", "", `the breakpoint to reach, as JSON ({"kind": "enter", "state": "gameEnd"})`)
	f.StringVar(&ff.until, "until", "", "a condition to make true (a condition breakpoint)")
	f.StringVar(&ff.bots, "bots", "random", fmt.Sprintf("the random matches' bots: one for every seat, or one per seat separated by commas (have: %s)", strings.Join(preview.BotNames(), ", ")))
	f.Uint64Var(&ff.seed, "seed", 1, "seed of the exact search's match; random match i uses seed+i")
	f.IntVar(&ff.players, "players", 0, "number of seats (default: the pack's minimum)")
	f.DurationVar(&ff.budget, "budget", 30*time.Second, "how long to search at most")
	f.IntVar(&ff.maxPositions, "max-positions", 200_000, "the most positions the exact search keeps before it plays random matches")
	f.StringVarP(&ff.out, "output", "o", "", "write the match's record to this file (-: standard output)")
	return cmd
}

// findBreakpoint reads --breakpoint or --until (one of them).
func findBreakpoint(ff findFlags) (graph.Breakpoint, error) {
	var b graph.Breakpoint
	switch {
	case (ff.breakpoint == "") == (ff.until == ""):
		return b, fmt.Errorf("give the breakpoint to reach: --breakpoint JSON or --until EXPR (one of them)")
	case ff.until != "":
		b = graph.Breakpoint{Kind: graph.BreakCondition, Condition: ff.until}
	default:
		dec := json.NewDecoder(strings.NewReader(ff.breakpoint))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&b); err != nil {
			return b, fmt.Errorf("--breakpoint: %w (as docs/records.md writes one: {\"kind\": \"enter\", \"state\": \"gameEnd\"})", err)
		}
	}
	b.Enabled = true
	if err := b.Check(); err != nil {
		return b, fmt.Errorf("breakpoint %s: %w", b, err)
	}
	return b, nil
}

func runFind(cmd *cobra.Command, packArg string, ff findFlags) error {
	bp, err := findBreakpoint(ff)
	if err != nil {
		return err
	}
	pack, source, err := loadPackArg(packArg, cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	cfg := preview.FindConfig{Breakpoint: bp, Seats: ff.players, Bots: strings.Split(ff.bots, ","), Seed: ff.seed,
		Budget: ff.budget, MaxPositions: ff.maxPositions, Source: source}
	if ff.out != "" && ff.out != stdoutArg {
		cfg.Source = recordSource(filepath.Dir(ff.out), source)
	}
	var bar *progressbar.ProgressBar
	if isTerminal(os.Stderr) {
		bar = progressbar.NewOptions(-1, progressbar.OptionSetWriter(os.Stderr), progressbar.OptionSetDescription("searching"),
			progressbar.OptionSpinnerType(14), progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(100*time.Millisecond))
		cfg.Progress = func(p preview.FindProgress) {
			bar.Describe(progressLine(p))
			_ = bar.Set(p.Positions + p.Matches)
		}
	}
	// Ctrl-C stops the search and says what it searched.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	found, err := preview.Find(ctx, pack, cfg)
	if bar != nil {
		_ = bar.Finish()
	}
	msg := messages(cmd, ff.out)
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(msg, "interrupted: "+searched(found))
		return &exitStatus{code: 1, err: errors.New("find: interrupted")}
	}
	if err != nil {
		return err
	}
	if found.Record == nil {
		fmt.Fprintln(msg, notFound(found, bp, ff.seed))
		return &exitStatus{code: 1, err: fmt.Errorf("no match found")}
	}
	fmt.Fprintln(msg, foundLine(found, ff.seed))
	if ff.out == "" {
		return writeMoves(cmd.OutOrStdout(), found.Record.Moves)
	}
	data, err := found.Record.Marshal()
	if err != nil {
		return err
	}
	return writeOutput(cmd, ff.out, func(w io.Writer) error { _, err := w.Write(data); return err })
}

// progressLine says how far a search is, for the progress bar.
func progressLine(p preview.FindProgress) string {
	if p.Phase == preview.PhaseExact {
		return fmt.Sprintf("exact search, depth %d: %d positions", p.Depth, p.Positions)
	}
	return fmt.Sprintf("random matches of up to %d moves: %d played", p.Depth, p.Matches)
}

// searched says how much a search did and how long it took, and the
// errors of the pack's code it met.
func searched(f preview.Found) string {
	s := fmt.Sprintf("searched %d positions and %d matches in %s", f.Positions, f.Matches, f.Elapsed.Round(time.Millisecond))
	if f.Failures > 0 {
		s += fmt.Sprintf("\nthe pack's code failed on %d moves, each a dead end of the search (the first: %v)", f.Failures, f.Failure)
	}
	return s
}

func foundLine(f preview.Found, seed uint64) string {
	how := fmt.Sprintf("by the exact search: no match of seed %d reaches it in fewer", seed)
	if f.Phase == preview.PhasePlayouts {
		how = fmt.Sprintf("by a random match of seed %d", f.Record.Seed)
	}
	return fmt.Sprintf("found in %d moves (%s), at step %d: %s\n%s", len(f.Record.Moves), how, f.Step, f.Hit.Why, searched(f))
}

func notFound(f preview.Found, bp graph.Breakpoint, seed uint64) string {
	if f.Exhausted {
		return fmt.Sprintf("no match of seed %d reaches %s: the exact search reached every position (%d)\n%s", seed, bp, f.Positions, searched(f))
	}
	return fmt.Sprintf("no match found reaching %s within the budget\n%s", bp, searched(f))
}

// writeMoves writes moves one a line in their JSON form.
func writeMoves(w io.Writer, moves []graph.Move) error {
	var b bytes.Buffer
	for _, mv := range moves {
		data, err := json.Marshal(mv)
		if err != nil {
			return err
		}
		b.Write(data)
		b.WriteByte('\n')
	}
	_, err := w.Write(b.Bytes())
	return err
}
