package main

import (
	"fmt"

	"github.com/rulestudio/studio/internal/input"
	"github.com/spf13/cobra"
)

// maxSize is --max-size: KIND=SIZE items separated by commas.
var maxSize string

func init() {
	rootCmd.PersistentFlags().StringVar(&maxSize, "max-size", "",
		"raise (or lower) the size of file the studio reads, as KIND=SIZE (pack=64MB; kinds: pack, scenario, record, part, bga, project; see docs/limits.md); several separated by commas)")
	rootCmd.PersistentPreRunE = setLimits
}

// setLimits sets the file size limits of this run: the defaults, then
// $RULESTUDIO_MAX_SIZE, then --max-size (the defaults first, so that a run
// in the same process as another, as in the tests, starts afresh).
func setLimits(*cobra.Command, []string) error {
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
