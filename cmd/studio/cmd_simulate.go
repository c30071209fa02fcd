package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/rulestudio/studio/graph/packfile"
	"github.com/rulestudio/studio/preview"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// simSummary is the outcome of `studio simulate`.
type simSummary struct {
	Pack       string     `json:"pack"`
	Matches    int        `json:"matches"`
	Seats      int        `json:"seats"`
	MeanPlies  float64    `json:"mean_plies"`
	StdPlies   float64    `json:"stddev_plies"`
	MinPlies   int        `json:"min_plies"`
	MaxPlies   int        `json:"max_plies"`
	Wins       []int      `json:"wins"` // per seat; a shared first place counts for each
	Draws      int        `json:"draws"`
	Failed     int        `json:"failed"` // matches that ended in an error
	Errors     []simError `json:"errors,omitempty"`
	Seconds    float64    `json:"seconds"`
	MatchesPer float64    `json:"matches_per_second"`
}

// simError is one error and the seeds of the matches that ended in it.
type simError struct {
	Error string   `json:"error"`
	Seeds []uint64 `json:"seeds"`
}

func init() {
	var (
		matches, seats, maxPlies, jobs int
		seed                           uint64
		bots, record                   string
		asJSON                         bool
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
With --record DIR each match's record is written to DIR/PACK-SEED.json, for
studio replay.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, source, err := loadProgram(args[0], cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			n := seatsFor(p, seats)
			var bar *progressbar.ProgressBar
			var mu sync.Mutex
			sim := preview.Simulation{Matches: matches, Seed: seed, Seats: n, Bots: strings.Split(bots, ","),
				MaxPlies: maxPlies, Jobs: jobs, Record: record != "", Source: source}
			if isTerminal(os.Stderr) && !asJSON {
				bar = progressbar.NewOptions(matches, progressbar.OptionSetWriter(os.Stderr),
					progressbar.OptionSetDescription("simulating"), progressbar.OptionShowCount(), progressbar.OptionClearOnFinish(),
					progressbar.OptionThrottle(100*time.Millisecond))
				sim.Progress = func() {
					mu.Lock()
					_ = bar.Add(1)
					mu.Unlock()
				}
			}
			start := time.Now()
			results, err := preview.Simulate(p, sim)
			if err != nil {
				return fmt.Errorf("simulate: %w", err)
			}
			el := time.Since(start)
			if bar != nil {
				_ = bar.Finish()
			}
			if record != "" {
				if err := writeRecords(record, p.Pack.Name, results); err != nil {
					return err
				}
			}
			sum := summarize(p.Pack.Name, n, results, el)
			if err := printSummary(cmd.OutOrStdout(), sum, asJSON); err != nil {
				return err
			}
			if sum.Failed > 0 {
				return &exitStatus{code: 1, err: fmt.Errorf("%d of %d matches ended in an error", sum.Failed, sum.Matches)}
			}
			return nil
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
	rootCmd.AddCommand(simulate)
}

// writeRecords writes each match's record to dir as PACK-SEED.json, each
// file whole or not at all.
func writeRecords(dir, pack string, results []preview.Result) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, r := range results {
		data, err := r.Record.Marshal()
		if err != nil {
			return fmt.Errorf("record of seed %d: %w", r.Seed, err)
		}
		path := filepath.Join(dir, fmt.Sprintf("%s-%d.json", pack, r.Seed))
		if err := packfile.WriteFile(path, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
			return err
		}
	}
	return nil
}

func summarize(pack string, seats int, rs []preview.Result, el time.Duration) simSummary {
	s := simSummary{Pack: pack, Matches: len(rs), Seats: seats, Wins: make([]int, seats), Seconds: el.Seconds()}
	if len(rs) > 0 {
		s.MinPlies = math.MaxInt
	}
	errs := map[string]*simError{}
	var sum, sq float64
	for _, r := range rs {
		if r.Err != nil {
			s.Failed++
			e := errs[r.Err.Error()]
			if e == nil {
				e = &simError{Error: r.Err.Error()}
				errs[e.Error] = e
			}
			e.Seeds = append(e.Seeds, r.Seed)
		}
		x := float64(r.Plies)
		sum += x
		sq += x * x
		s.MinPlies = min(s.MinPlies, r.Plies)
		s.MaxPlies = max(s.MaxPlies, r.Plies)
		if len(r.Winners) == seats && seats > 1 {
			s.Draws++
		} else {
			for _, w := range r.Winners {
				s.Wins[w]++
			}
		}
	}
	// The most frequent error first; equal counts by their first seed.
	for _, e := range errs {
		s.Errors = append(s.Errors, *e)
	}
	sort.Slice(s.Errors, func(i, j int) bool {
		a, b := s.Errors[i], s.Errors[j]
		if len(a.Seeds) != len(b.Seeds) {
			return len(a.Seeds) > len(b.Seeds)
		}
		return a.Seeds[0] < b.Seeds[0]
	})
	if n := float64(len(rs)); n > 0 {
		s.MeanPlies = sum / n
		s.StdPlies = math.Sqrt(max(0, sq/n-s.MeanPlies*s.MeanPlies))
		s.MatchesPer = n / max(el.Seconds(), 1e-9)
	}
	return s
}

func printSummary(w io.Writer, s simSummary, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(s)
	}
	fmt.Fprintf(w, "pack %s, %d seats\n", s.Pack, s.Seats)
	fmt.Fprintf(w, "matches: %d in %.2fs (%.0f/s)\n", s.Matches, s.Seconds, s.MatchesPer)
	fmt.Fprintf(w, "length: mean %.2f actions, stddev %.2f, min %d, max %d\n", s.MeanPlies, s.StdPlies, s.MinPlies, s.MaxPlies)
	for i, n := range s.Wins {
		fmt.Fprintf(w, "wins seat %d: %d (%.1f%%)\n", i+1, n, 100*float64(n)/float64(max(s.Matches, 1)))
	}
	fmt.Fprintf(w, "draws: %d\n", s.Draws)
	fmt.Fprintf(w, "errors: %d\n", s.Failed)
	for _, e := range s.Errors {
		matches := "matches"
		if len(e.Seeds) == 1 {
			matches = "match"
		}
		fmt.Fprintf(w, "  %d %s: %s\n    seeds: %s\n", len(e.Seeds), matches, e.Error, seedList(e.Seeds))
	}
	return nil
}

// seedList writes seeds in order, runs of consecutive seeds as "a-b", at
// most 20 items.
func seedList(seeds []uint64) string {
	var parts []string
	for i := 0; i < len(seeds); {
		j := i
		for j+1 < len(seeds) && seeds[j+1] == seeds[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", seeds[i], seeds[j]))
		} else {
			parts = append(parts, fmt.Sprint(seeds[i]))
		}
		i = j + 1
	}
	if len(parts) > 20 {
		return strings.Join(parts[:20], ", ") + fmt.Sprintf(", ... (%d more)", len(parts)-20)
	}
	return strings.Join(parts, ", ")
}
