package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/engine"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// loadProgram compiles PACK: a path of any form loadPack reads (project,
// YAML file of one or several documents, folder, states.inc.php, BGA game
// folder), or the name of a bundled pack. The BGA importer's warnings go to
// stderr.
func loadProgram(arg string, stderr io.Writer) (*engine.Program, error) {
	if _, err := os.Stat(arg); err == nil {
		p, warnings, err := loadPack(arg)
		if err != nil {
			return nil, err
		}
		for _, d := range warnings {
			fmt.Fprintln(stderr, d)
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

// simResult is one simulated match.
type simResult struct {
	Seed    uint64 `json:"seed"`
	Plies   int    `json:"plies"`
	Winners []int  `json:"winners,omitempty"` // 1-based seats
	Err     string `json:"error,omitempty"`
}

// simSummary is the outcome of `studio simulate`.
type simSummary struct {
	Pack       string      `json:"pack"`
	Matches    int         `json:"matches"`
	Seats      int         `json:"seats"`
	MeanPlies  float64     `json:"mean_plies"`
	StdPlies   float64     `json:"stddev_plies"`
	MinPlies   int         `json:"min_plies"`
	MaxPlies   int         `json:"max_plies"`
	Wins       []int       `json:"wins"` // per seat; a shared first place counts for each
	Draws      int         `json:"draws"`
	Errors     []simResult `json:"errors,omitempty"`
	Seconds    float64     `json:"seconds"`
	MatchesPer float64     `json:"matches_per_second"`
}

func init() {
	var (
		matches, seats, maxPlies, jobs int
		seed                           uint64
		bots                           string
		asJSON                         bool
	)
	simulate := &cobra.Command{
		Use:   "simulate PACK",
		Short: "Play matches of a pack with bots and summarize them",
		Long: `simulate plays N matches of PACK (a project, a YAML rule pack file or folder, a
BGA states.inc.php or game folder, or a bundled pack name) with bots.
Match i uses seed S+i for both the match's random source and the bots, so the seed
printed with an error reproduces it.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if bots != "random" {
				return fmt.Errorf("simulate: unknown bots %q (have: random)", bots)
			}
			p, err := loadProgram(args[0], cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			n := seatsFor(p, seats)
			var bar *progressbar.ProgressBar
			if isTerminal(os.Stderr) && !asJSON {
				bar = progressbar.NewOptions(matches, progressbar.OptionSetWriter(os.Stderr),
					progressbar.OptionSetDescription("simulating"), progressbar.OptionShowCount(), progressbar.OptionClearOnFinish(),
					progressbar.OptionThrottle(100*time.Millisecond))
			}
			results := make([]simResult, matches)
			start := time.Now()
			var wg sync.WaitGroup
			next := make(chan int)
			var mu sync.Mutex
			for w := 0; w < max(1, min(jobs, matches)); w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := range next {
						results[i] = simulateOne(p, n, seed+uint64(i), maxPlies)
						if bar != nil {
							mu.Lock()
							_ = bar.Add(1)
							mu.Unlock()
						}
					}
				}()
			}
			for i := 0; i < matches; i++ {
				next <- i
			}
			close(next)
			wg.Wait()
			if bar != nil {
				_ = bar.Finish()
			}
			sum := summarize(p.Pack.Name, n, results, time.Since(start))
			return printSummary(cmd.OutOrStdout(), sum, asJSON)
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
			p, err := loadProgram(args[0], cmd.ErrOrStderr())
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

func simulateOne(p *engine.Program, seats int, seed uint64, maxPlies int) simResult {
	r := simResult{Seed: seed}
	m, err := p.NewMatch(seats, engine.Options{Seed: seed, NoHistory: true})
	if err != nil {
		r.Err = err.Error()
		return r
	}
	r.Plies, err = m.Play(engine.NewRandomBot(seed), maxPlies)
	switch {
	case err != nil:
		r.Err = err.Error()
	case !m.Over():
		r.Err = fmt.Sprintf("not over after %d actions", r.Plies)
	default:
		for _, w := range m.Winners() {
			r.Winners = append(r.Winners, w+1)
		}
	}
	return r
}

func summarize(pack string, seats int, rs []simResult, el time.Duration) simSummary {
	s := simSummary{Pack: pack, Matches: len(rs), Seats: seats, Wins: make([]int, seats), Seconds: el.Seconds()}
	if len(rs) > 0 {
		s.MinPlies = math.MaxInt
	}
	var sum, sq float64
	for _, r := range rs {
		if r.Err != "" {
			s.Errors = append(s.Errors, r)
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
				s.Wins[w-1]++
			}
		}
	}
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
	fmt.Fprintf(w, "errors: %d\n", len(s.Errors))
	for _, e := range s.Errors {
		fmt.Fprintf(w, "  seed %d: %s\n", e.Seed, e.Err)
	}
	return nil
}
