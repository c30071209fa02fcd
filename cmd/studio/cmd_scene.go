package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/scene"
	"github.com/rulestudio/studio/preview/scene/picture"
)

func init() {
	rootCmd.AddCommand(sceneCmd())
}

// sceneCmd is `studio scene PACK|RECORD`.
func sceneCmd() *cobra.Command {
	var (
		seed                        uint64
		players, step               int
		actions, bots, seat, format string
		out, packArg                string
		matchID                     int64
	)
	cmd := &cobra.Command{
		Use:   "scene PACK|RECORD [--seed S] [--actions FILE] [--step N] [--seat N|all] [--format json|svg|png] [-o FILE]",
		Short: "Write the table as a seat sees it at a step: JSON, SVG or PNG",
		Long: `scene plays a match as studio play does (PACK, --seed, --players, --bots,
--actions) or replays a record (RECORD: a record file, *.json, or a project with
--match ID, as studio replay), and writes the table at --step N (default: the
last step reached) as the designer sees it (--seat designer, the default), as
seat N sees it (--seat N, from 1), or every view side by side (--seat all: the
designer's, then each seat's).

--format json writes the scene (an array of them with --seat all): areas round
the table, boards, card locations, objects by zone, counters, whose turn and the
last move; each card, object and cell with a stable "id", its "owner", and
"hidden": true where the seat sees only a card's back. --format svg and png draw
it. The pack's display hints say how cards and cells read (docs/pack-format.md).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := sceneSession(cmd, args[0], packArg, matchID, seed, players, bots, actions)
			if err != nil {
				return err
			}
			at := step
			if at < 0 {
				at = s.Head()
			}
			if at > s.Head() {
				return fmt.Errorf("--step %d: the match has %d steps", at, s.Head())
			}
			if err := s.JumpTo(at); err != nil {
				return err
			}
			seats, err := sceneSeats(seat, s.Match().Seats())
			if err != nil {
				return err
			}
			var scenes []*scene.Scene
			for _, n := range seats {
				sc, err := scene.Build(s.Pack(), s.Match(), n)
				if err != nil {
					return err
				}
				scenes = append(scenes, sc)
			}
			opt := imageOptions(s.Config().Source, func(err error) {
				fmt.Fprintln(cmd.ErrOrStderr(), "warning:", err)
			})
			write, err := sceneWriter(format, scenes, seat == "all", opt)
			if err != nil {
				return err
			}
			return writeOutput(cmd, out, write)
		},
	}
	f := cmd.Flags()
	f.Uint64Var(&seed, "seed", 1, "seed of the match and of its bots")
	f.IntVar(&players, "players", 0, "number of seats (default: the pack's minimum)")
	f.StringVar(&actions, "actions", "", `the people's moves, in order: a JSON file ("-": standard input)`)
	f.StringVar(&bots, "bots", "human", fmt.Sprintf(`each seat's bot or "human", comma-separated, or one for all (bots: %s)`, strings.Join(preview.BotNames(), ", ")))
	f.IntVar(&step, "step", -1, "the step to show (default: the last step reached)")
	f.StringVar(&seat, "seat", "designer", `whose view: "designer", a seat number from 1, or "all"`)
	f.StringVar(&format, "format", "json", "json, svg or png")
	f.StringVarP(&out, "output", "o", stdoutArg, `the file to write ("-": standard output)`)
	f.StringVar(&packArg, "pack", "", "RECORD's pack (default: the one the record names)")
	f.Int64Var(&matchID, "match", 0, "with a project: its recorded match to show")
	return cmd
}

// sceneSession replays a record (a *.json file, or a project's --match),
// or plays a match of the pack as studio play does.
func sceneSession(cmd *cobra.Command, arg, packArg string, matchID int64, seed uint64, players int, bots, actions string) (*preview.Session, error) {
	if strings.HasSuffix(strings.ToLower(arg), ".json") || matchID != 0 {
		rec, pack, source, err := loadRecord(arg, packArg, matchID, cmd.ErrOrStderr())
		if err != nil {
			return nil, err
		}
		s, err := preview.Replay(pack, *rec, source)
		if s == nil {
			return nil, err
		}
		if err != nil {
			fmt.Fprintf(cmd.ErrOrStderr(), "warning: %v; the scene is of the steps played before\n", err)
		}
		return s, nil
	}
	pack, source, err := loadPackArg(arg, cmd.ErrOrStderr())
	if err != nil {
		return nil, err
	}
	n := players
	if n <= 0 {
		n = 2
		if pl := pack.Players; pl != nil && pl.Min > 0 {
			n = pl.Min
		}
	}
	seats, err := parseSeats(bots, n)
	if err != nil {
		return nil, err
	}
	var moves []graph.Move
	if actions != "" {
		if moves, err = readMoves(actions); err != nil {
			return nil, err
		}
	}
	s, err := preview.New(pack, preview.Config{Seats: seats, Seed: seed, Source: source})
	if err != nil {
		return nil, err
	}
	if err := playMoves(s, moves); err != nil {
		return nil, failure(cmd, err)
	}
	return s, nil
}

// sceneSeats reads --seat: the designer (0), a seat from 1, or all of
// them, the designer first.
func sceneSeats(spec string, n int) ([]int, error) {
	switch spec {
	case "designer", "0":
		return []int{scene.Designer}, nil
	case "all":
		out := []int{scene.Designer}
		for s := 1; s <= n; s++ {
			out = append(out, s)
		}
		return out, nil
	}
	s, err := strconv.Atoi(spec)
	if err != nil || s < 1 || s > n {
		return nil, fmt.Errorf("--seat %q: give designer, all, or a seat from 1 to %d", spec, n)
	}
	return []int{s}, nil
}

// sceneWriter returns what writes the scenes in format: one JSON object
// (an array with several), or one picture of them side by side.
func sceneWriter(format string, scenes []*scene.Scene, array bool, opt picture.Options) (func(io.Writer) error, error) {
	switch format {
	case "json":
		return func(w io.Writer) error {
			var v any = scenes[0]
			if array {
				v = scenes
			}
			data, err := json.MarshalIndent(v, "", "  ")
			if err != nil {
				return err
			}
			_, err = w.Write(append(data, '\n'))
			return err
		}, nil
	case "svg":
		return func(w io.Writer) error { return picture.SVG(w, opt, scenes...) }, nil
	case "png":
		return func(w io.Writer) error { return picture.PNG(w, opt, scenes...) }, nil
	}
	return nil, fmt.Errorf("--format %q: give json, svg or png", format)
}
