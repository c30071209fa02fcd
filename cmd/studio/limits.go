package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/input"
	"github.com/spf13/cobra"
)

// maxSize is --max-size: KIND=SIZE items separated by commas; maxStates is
// --max-states (0: the environment's, else the default).
var (
	maxSize   string
	maxStates int
)

func init() {
	rootCmd.PersistentFlags().StringVar(&maxSize, "max-size", "",
		"raise (or lower) the size of file the studio reads, as KIND=SIZE (pack=64MB; kinds: pack, scenario, record, part, bga, project; see docs/limits.md); several separated by commas)")
	rootCmd.PersistentFlags().IntVar(&maxStates, "max-states", 0,
		fmt.Sprintf("the most states a pack read from a file may have (default %d; see docs/limits.md)", graph.DefaultMaxStates))
	rootCmd.PersistentPreRunE = setLimits
}

// setLimits sets the limits of this run: the defaults, then the
// environment ($RULESTUDIO_MAX_SIZE, $RULESTUDIO_MAX_STATES), then the flags
// (the defaults first, so that a run in the same process as another, as in
// the tests, starts afresh).
func setLimits(*cobra.Command, []string) error {
	graph.MaxStates = graph.DefaultMaxStates
	if v := os.Getenv(graph.EnvMaxStates); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return fmt.Errorf("%s=%q: want a whole number of states, more than zero", graph.EnvMaxStates, v)
		}
		graph.MaxStates = n
	}
	if maxStates < 0 {
		return fmt.Errorf("--max-states %d: want a whole number of states, more than zero", maxStates)
	}
	if maxStates > 0 {
		graph.MaxStates = maxStates
	}
	for _, k := range input.Kinds {
		k.SetLimit(k.Default)
	}
	if err := input.FromEnv(); err != nil {
		return err
	}
	if err := input.ParseLimits(maxSize); err != nil {
		return fmt.Errorf("--max-size: %w", err)
	}
	return nil
}
