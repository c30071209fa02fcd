package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

func init() {
	rootCmd.AddCommand(whyCmd())
}

// whyCmd is `studio why PACK|RECORD`.
func whyCmd() *cobra.Command {
	var (
		seed                   uint64
		players, step          int
		actions, bots, packArg string
		clause, value, move    string
		asJSON                 bool
		matchID                int64
	)
	cmd := &cobra.Command{
		Use:   "why PACK|RECORD [--seed S] [--actions FILE] [--bots B] [--step N] --clause PATH | --value OBJECT.NAME | --move JSON [--json]",
		Short: "Say why a clause did or did not fire, why a value is what it is, or why a move is refused",
		Long: `why plays a match as studio scene does (PACK, --seed, --players, --bots,
--actions) or replays a record (RECORD, or a project with --match ID), and at
--step N (default: the last step reached; counted as studio scene and the
debugger count, so step N's events carry "step": N-1 in the event log, which
counts the steps taken before them) answers one question:

--clause PATH    why the whenever or when clause at PATH (its path in the pack:
                 object_types/pain_altar/whenever/pain) did or did not fire in
                 step N: for each owner in scope (each object of its type),
                 whether its condition held, whether it fired, what before()
                 answered, and the condition's value broken down by
                 sub-expression, as the step's settle asked it.
--value OBJ.NAME why a property, variable, method or tag is what it is after
                 step N: its wrapper chain, each wrapper with what made its
                 while condition true (the objects and values it read), and for
                 a method the last calls made through its wrappers. OBJ is an
                 object's id (12) or a type (elf_lord: every object of it).
--move JSON      why the match refuses a move after step N (the move as
                 studio play reads it): the rule that bars it, where it is
                 written, and the designer's words (require) or what the
                 rule's code read.

--json writes the answer as data (engine.ClauseAsk list, engine.Chain list,
engine.Refusal).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			asked := 0
			for _, q := range []string{clause, value, move} {
				if q != "" {
					asked++
				}
			}
			if asked != 1 {
				return fmt.Errorf("why: ask one question: --clause PATH, --value OBJECT.NAME or --move JSON")
			}
			s, err := sceneSession(cmd, args[0], packArg, matchID, seed, players, bots, actions)
			if err != nil {
				return err
			}
			at := step
			if at < 0 {
				at = s.Head()
			}
			if at > s.Head() || clause != "" && at < 1 {
				return fmt.Errorf("--step %d: the match took steps 1 to %d", at, s.Head())
			}
			if err := s.JumpTo(at); err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			switch {
			case clause != "":
				asks, err := s.WhyClause(at, clause)
				if err != nil {
					return err
				}
				return answer(out, asJSON, asks, preview.ClauseLines(asks))
			case value != "":
				return whyValue(out, s, value, asJSON)
			}
			return whyMove(out, s, move, asJSON)
		},
	}
	f := cmd.Flags()
	f.Uint64Var(&seed, "seed", 1, "seed of the match and of its bots")
	f.IntVar(&players, "players", 0, "number of seats (default: the pack's minimum)")
	f.StringVar(&actions, "actions", "", `the people's moves, in order: a JSON file ("-": standard input)`)
	f.StringVar(&bots, "bots", "human", fmt.Sprintf(`each seat's bot or "human", comma-separated, or one for all (bots: %s)`, strings.Join(preview.BotNames(), ", ")))
	f.StringVar(&packArg, "pack", "", "RECORD's pack (default: the one the record names)")
	f.Int64Var(&matchID, "match", 0, "with a project: its recorded match to explain")
	f.IntVar(&step, "step", -1, "the step asked about (default: the last step reached)")
	f.StringVar(&clause, "clause", "", "a whenever or when clause's path: why it did or did not fire in the step")
	f.StringVar(&value, "value", "", "OBJECT.NAME (an id or a type): why it is what it is after the step")
	f.StringVar(&move, "move", "", "a move as JSON: why it is refused after the step")
	f.BoolVar(&asJSON, "json", false, "write the answer as JSON")
	return cmd
}

// whyValue answers --value OBJECT.NAME for the object (or every object of
// the type) at the cursor.
func whyValue(out io.Writer, s *preview.Session, value string, asJSON bool) error {
	obj, name, ok := strings.Cut(value, ".")
	if !ok || obj == "" || name == "" {
		return fmt.Errorf("--value %q: give OBJECT.NAME, an object's id or type and a property, variable, method or tag (12.power, elf_lord.power)", value)
	}
	var ids []int
	if id, err := strconv.Atoi(strings.TrimPrefix(obj, "#")); err == nil {
		ids = []int{id}
	} else {
		for _, o := range s.Match().Objects() {
			if o.Type == obj {
				ids = append(ids, o.ID)
			}
		}
		if len(ids) == 0 {
			return fmt.Errorf("--value %s: there is no object of type %s at this step", value, obj)
		}
	}
	var chains []engine.Chain
	var text strings.Builder
	for _, id := range ids {
		c, err := s.WhyValue(id, name)
		if err != nil {
			return fmt.Errorf("--value %s: %w", value, err)
		}
		chains = append(chains, c)
		label, _ := s.Match().ObjectType(id)
		for _, o := range s.Match().Objects() {
			if o.ID == id {
				label = o.Label
			}
		}
		fmt.Fprintf(&text, "%s %s", label, preview.ChainLines(c))
	}
	return answer(out, asJSON, chains, text.String())
}

// whyMove answers --move JSON at the cursor.
func whyMove(out io.Writer, s *preview.Session, move string, asJSON bool) error {
	var gm graph.Move
	if err := json.Unmarshal([]byte(move), &gm); err != nil {
		return fmt.Errorf("--move %s: %w", move, err)
	}
	r, refused, err := preview.WhyRefused(s.Match(), gm)
	if err != nil {
		return fmt.Errorf("--move %s: %w", move, err)
	}
	if !refused {
		if asJSON {
			_, err := fmt.Fprintln(out, "null")
			return err
		}
		_, err := fmt.Fprintln(out, "the match takes this move: nothing bars it")
		return err
	}
	return answer(out, asJSON, r, preview.RefusalLines(r))
}

// answer writes v as indented JSON, or text.
func answer(out io.Writer, asJSON bool, v any, text string) error {
	if asJSON {
		data, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(out, "%s\n", data)
		return err
	}
	_, err := io.WriteString(out, text)
	return err
}
