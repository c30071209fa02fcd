package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/rulestudio/studio/internal/input"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/packfile"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/project"
	"github.com/spf13/cobra"
)

func init() {
	rootCmd.AddCommand(playCmd(), replayCmd(), matchesCmd())
}

// playCmd is `studio play PACK`.
func playCmd() *cobra.Command {
	var (
		seed                            uint64
		players                         int
		actions, bots, record, saveName string
		events                          bool
		seat                            int
	)
	cmd := &cobra.Command{
		Use:   "play PACK",
		Short: "Play a match from a file of moves, with bots, and print its event log and views",
		Long: `play starts a match of PACK (a project, a YAML rule pack file or folder, a
BGA states.inc.php or game folder, or a bundled pack name) and plays it: bots play their seats, and
the people's moves come, in order, from --actions FILE (moves in their JSON form:
an array, one a line, or a record; "-" reads standard input). It stops at the end
of the match, or where a person must act and the file has no more moves. Then it
prints the event log (with --events, one JSON object a line) and what each seat
sees, one JSON object a line. With --seat N, the log and the view are seat N's
alone: the events it may see, a card it does not see as "a card", never a
card's id.

A move is {"player": 1, "action": "mark", "args": {"cell": [0, 0]}} (see
docs/records.md). A refused move, or an error of the pack's code, prints what was
played up to it and exits with status 1, naming the move and why.

--bots gives each seat a bot or "human", separated by commas ("human,random"), or
one name for every seat. --record FILE writes the match's record (for studio
replay); --save NAME stores it in the project PACK.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			pack, source, err := loadPackArg(args[0], cmd.ErrOrStderr())
			if err != nil {
				return err
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
				return err
			}
			if err := checkSeat(cmd, seat, events, n); err != nil {
				return err
			}
			var moves []graph.Move
			if actions != "" {
				if moves, err = readMoves(actions); err != nil {
					return err
				}
			}
			s, err := preview.New(pack, preview.Config{Seats: seats, Seed: seed, Source: source})
			if err != nil {
				return err
			}
			playErr := playMoves(s, moves)
			out := cmd.OutOrStdout()
			if events {
				if err := writeSeatLog(out, s, seat-1); err != nil {
					return err
				}
			}
			if err := writeViews(out, s, seat-1); err != nil && playErr == nil {
				playErr = err
			}
			if err := saveRecord(s, record, saveName, args[0]); err != nil {
				return err
			}
			return failure(cmd, playErr)
		},
	}
	f := cmd.Flags()
	f.Uint64Var(&seed, "seed", 1, "seed of the match and of its bots")
	f.IntVar(&players, "players", 0, "number of seats (default: the pack's minimum)")
	f.StringVar(&actions, "actions", "", `the people's moves, in order: a JSON file ("-": standard input)`)
	f.StringVar(&bots, "bots", "human", fmt.Sprintf(`each seat's bot or "human", comma-separated, or one for all (bots: %s)`, strings.Join(preview.BotNames(), ", ")))
	f.BoolVar(&events, "events", false, "print the event log, one JSON object a line, before the views")
	f.IntVar(&seat, "seat", 0, "with --events: print the log and the view as this seat (1-based) sees them")
	f.StringVar(&record, "record", "", "write the match's record to this file")
	f.StringVar(&saveName, "save", "", "store the match's record in the project PACK under this name")
	return cmd
}

// parseSeats reads --bots for n seats: one name for all, or one per seat;
// "human" (or nothing) is a person.
func parseSeats(spec string, n int) ([]graph.Seat, error) {
	names := strings.Split(spec, ",")
	if len(names) == 1 {
		for len(names) < n {
			names = append(names, names[0])
		}
	}
	if len(names) != n {
		return nil, fmt.Errorf("--bots names %d seats; the match has %d (give one per seat, or one for all)", len(names), n)
	}
	seats := make([]graph.Seat, n)
	for i, name := range names {
		name = strings.TrimSpace(name)
		if name == "human" || name == "" {
			continue
		}
		if _, err := preview.NewBot(name); err != nil {
			return nil, fmt.Errorf("--bots: seat %d: %w", i+1, err)
		}
		seats[i].Bot = name
	}
	return seats, nil
}

// readMoves reads a file of moves in any of their forms ("-": standard input).
func readMoves(path string) ([]graph.Move, error) {
	var data []byte
	var err error
	if path == "-" {
		data, err = readStdin(input.Record)
	} else {
		data, err = input.Read(path, input.Record)
	}
	if err != nil {
		return nil, err
	}
	return graph.ReadMoves(data, path)
}

// playMoves plays the match: bots as they decide, the people's moves in
// order where a person must act. It stops where a person must act and no
// move is left, at the end, or at the first move refused or error.
func playMoves(s *preview.Session, moves []graph.Move) error {
	next := 0
	for {
		st, err := s.Continue()
		if err != nil {
			return err
		}
		switch st.Reason {
		case preview.NeedsPerson:
			if next == len(moves) {
				return nil
			}
			if _, err := s.TakeText(moves[next]); err != nil {
				return &preview.MoveError{N: next + 1, Move: moves[next], Err: err}
			}
			next++
		case preview.Ended:
			if next < len(moves) {
				return fmt.Errorf("the match ended before move %d %s (%d moves not played)", next+1, moves[next], len(moves)-next)
			}
			return nil
		case preview.Failed:
			return afterMove(s, st.Err)
		default:
			return fmt.Errorf("stopped at step %d: %s", st.Step, st.Reason)
		}
	}
}

// afterMove names the last move taken before err, whoever took it.
func afterMove(s *preview.Session, err error) error {
	moves := s.Record().Moves
	if len(moves) == 0 {
		return err
	}
	return fmt.Errorf("after move %d %s: %w", len(moves), moves[len(moves)-1], err)
}

// writeLog writes the event log up to the newest step, and the failing
// step's events when the match stopped on an error, one JSON object a line.
func writeLog(w io.Writer, s *preview.Session) error {
	if err := s.JumpTo(s.Head()); err != nil {
		return err
	}
	if err := engine.WriteEvents(w, s.Log()); err != nil {
		return err
	}
	return engine.WriteEvents(w, s.FailedEvents())
}

// checkSeat refuses a --seat the match has not, or without --events.
func checkSeat(cmd *cobra.Command, seat int, events bool, seats int) error {
	if !cmd.Flags().Changed("seat") {
		return nil
	}
	if !events {
		return errors.New("--seat needs --events: it chooses whose event log is printed")
	}
	if seat < 1 || seat > seats {
		return fmt.Errorf("--seat %d: the match has %d seats (1 to %d)", seat, seats, seats)
	}
	return nil
}

// writeSeatLog is writeLog as seat (0-based; -1: the designer) sees it.
func writeSeatLog(w io.Writer, s *preview.Session, seat int) error {
	if seat < 0 {
		return writeLog(w, s)
	}
	if err := s.JumpTo(s.Head()); err != nil {
		return err
	}
	if err := engine.WriteEvents(w, s.LogFor(seat)); err != nil {
		return err
	}
	return engine.WriteEvents(w, s.FailedEventsFor(seat))
}

// writeViews writes what each seat sees at the newest step (only is not -1:
// that seat's alone), one JSON object a line.
func writeViews(w io.Writer, s *preview.Session, only int) error {
	if err := s.JumpTo(s.Head()); err != nil {
		return err
	}
	m := s.Match()
	for seat := 0; seat < m.Seats(); seat++ {
		if only >= 0 && seat != only {
			continue
		}
		v, err := m.View(seat)
		if err != nil {
			return err
		}
		data, err := json.Marshal(v)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(w, "%s\n", data); err != nil {
			return err
		}
	}
	return nil
}

// saveRecord writes the session's record to a file, and stores it in the
// project at projectPath under name.
func saveRecord(s *preview.Session, file, name, projectPath string) error {
	rec := s.Record()
	if file != "" {
		rec := rec
		rec.Source = recordSource(filepath.Dir(file), rec.Source)
		data, err := rec.Marshal()
		if err != nil {
			return err
		}
		if err := packfile.WriteFile(file, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
			return err
		}
	}
	if name == "" {
		return nil
	}
	if packfile.Detect(projectPath) != packfile.Project {
		return fmt.Errorf("--save: %s is not a project", projectPath)
	}
	proj, err := project.Open(projectPath, project.Options{})
	if err != nil {
		return err
	}
	defer proj.Close()
	if _, err := saveMatch(proj, name, rec); err != nil {
		return err
	}
	return proj.Close()
}

// failure turns the error that stopped a match into exit status 1, with the
// Starlark backtrace on standard error when there is one.
func failure(cmd *cobra.Command, err error) error {
	if err == nil {
		return nil
	}
	var re *engine.RunError
	if errors.As(err, &re) && re.Backtrace != "" {
		fmt.Fprintln(cmd.ErrOrStderr(), re.Backtrace)
	}
	var ie *engine.IllegalError
	if errors.As(err, &ie) && ie.Refusal.Why != nil {
		// A rule without words of its own: what it read that made it false.
		r := ie.Refusal
		fmt.Fprintf(cmd.ErrOrStderr(), "%s, at %s:%d:%d, read:\n", r.Rule, r.File, r.Line, r.Column)
		for _, line := range strings.SplitAfter(r.Why.Lines(), "\n") {
			if line != "" {
				fmt.Fprint(cmd.ErrOrStderr(), "  "+line)
			}
		}
	}
	return &exitStatus{code: 1, err: err}
}

// replayCmd is `studio replay RECORD`.
func replayCmd() *cobra.Command {
	var packArg string
	var matchID int64
	cmd := &cobra.Command{
		Use:   "replay RECORD | PROJECT --match ID",
		Short: "Play a recorded match again and print its event log",
		Long: `replay plays the moves of a match record again, in order, and prints the event
log, one JSON object a line: the same log, byte for byte, as when the match was
played (studio play --events, studio simulate --record). RECORD is a record file;
its pack is the one it names (a bundled pack, or a file in the record's own
folder: a record never makes replay read a file elsewhere), or --pack PACK. With a project and --match ID, the project's recorded match ID is
replayed on the revision it was played on (studio matches lists them).

A pack other than the one the record was made with (its content hash) is warned
about and replayed all the same. A refused move or an error of the pack's code
exits with status 1, naming the move and why.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rec, pack, source, err := loadRecord(args[0], packArg, matchID, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			if hash, _ := graph.PackHash(pack); hash != rec.PackHash && rec.PackHash != "" {
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s is not the pack the record was played on (%s, not %s); replaying it all the same\n", source, hash, rec.PackHash)
			}
			s, err := preview.Replay(pack, *rec, source)
			if s == nil {
				return err
			}
			if err == nil && s.Err() != nil {
				err = afterMove(s, s.Err())
			}
			if werr := writeLog(cmd.OutOrStdout(), s); werr != nil {
				return werr
			}
			return failure(cmd, err)
		},
	}
	cmd.Flags().StringVar(&packArg, "pack", "", "the pack to replay on (default: the one the record names)")
	cmd.Flags().Int64Var(&matchID, "match", 0, "the project's recorded match to replay")
	return cmd
}

// loadRecord reads a record and its pack: from a record file (the pack
// from packArg, else the record's Source), or a project's match id (the
// pack of its revision).
func loadRecord(path, packArg string, id int64, stderr io.Writer) (*graph.Record, *graph.Pack, string, error) {
	if packfile.Detect(path) == packfile.Project {
		if id == 0 {
			return nil, nil, "", fmt.Errorf("%s is a project: give --match ID (studio matches %s lists them)", path, path)
		}
		proj, err := project.Open(path, project.Options{ReadOnly: true})
		if err != nil {
			return nil, nil, "", err
		}
		defer proj.Close()
		m, err := proj.Match(id)
		if err != nil {
			return nil, nil, "", err
		}
		pack, err := proj.PackAt(m.Revision)
		if err != nil {
			return nil, nil, "", err
		}
		pack.Source = path
		return &m.Record, pack, path, nil
	}
	data, err := input.Read(path, input.Record)
	if err != nil {
		return nil, nil, "", err
	}
	rec, err := graph.ReadRecord(data, path)
	if err != nil {
		return nil, nil, "", err
	}
	if packArg != "" {
		pack, source, err := loadPackArg(packArg, stderr)
		return rec, pack, source, err
	}
	if rec.Source == "" {
		return nil, nil, "", fmt.Errorf("%s names no pack: give --pack PACK", path)
	}
	pack, source, err := loadRecordSource(path, rec.Source, stderr)
	return rec, pack, source, err
}

// matchesCmd is `studio matches PROJECT`.
func matchesCmd() *cobra.Command {
	var export int64
	var out string
	cmd := &cobra.Command{
		Use:   "matches PROJECT [--export ID -o FILE]",
		Short: "List a project's recorded matches, or write one as a record file",
		Long: `matches lists the matches recorded in PROJECT (studio play --save): id, name,
pack, seed, seats, moves, revision and when. With --export ID -o FILE it writes
match ID as a record file (for studio replay, or to share).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			proj, err := project.Open(args[0], project.Options{ReadOnly: true})
			if err != nil {
				return err
			}
			defer proj.Close()
			if export != 0 {
				if out == "" {
					return errors.New("matches --export: -o FILE is required")
				}
				m, err := proj.Match(export)
				if err != nil {
					return err
				}
				m.Record.Source = recordSource(filepath.Dir(out), absPath(args[0]))
				data, err := m.Record.Marshal()
				if err != nil {
					return err
				}
				return writeOutput(cmd, out, func(w io.Writer) error { _, err := w.Write(data); return err })
			}
			ms, err := proj.Matches()
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			for _, m := range ms {
				var bots []string
				for _, s := range m.Record.Seats {
					bots = append(bots, map[bool]string{true: s.Bot, false: "human"}[s.Bot != ""])
				}
				fmt.Fprintf(w, "%d\t%s\t%s seed %s\t%s\t%d moves\trevision %d\t%s\n", m.ID, m.Name, m.Record.Pack,
					strconv.FormatUint(m.Record.Seed, 10), strings.Join(bots, ","), len(m.Record.Moves), m.Revision, m.Time.Format("2006-01-02 15:04"))
			}
			return nil
		},
	}
	cmd.Flags().Int64Var(&export, "export", 0, "the match to write as a record file")
	cmd.Flags().StringVarP(&out, "output", "o", "", "the record file to write (-: standard output)")
	return cmd
}

// readStdin reads standard input, at most kind's limit.
func readStdin(kind *input.Kind) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(os.Stdin, kind.Limit()+1))
	if err == nil && int64(len(data)) > kind.Limit() {
		return nil, fmt.Errorf("standard input: %w", &input.TooBigError{Kind: kind})
	}
	return data, err
}
