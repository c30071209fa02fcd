package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

func init() {
	var f simFlags
	merge := &cobra.Command{
		Use:   "merge PART.json...",
		Short: "Combine the parts of a sharded simulate run and print its report",
		Long: `merge reads the results that ` + "`studio simulate ... --shard i/n -o PART.json`" + ` wrote
and prints what one simulate run over all their seeds prints (the time line is the
sum of the parts' times). The parts must be of the same pack (by hash), seats, bots
and --max-plies, on disjoint seeds; parts missing from the range show in the
"matches" line's seed ranges. As simulate, it exits 1 when any match ended in an
error (simulate -o does not: a part's errors are for merge to report).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			total, err := readStats(args[0])
			if err != nil {
				return err
			}
			for _, path := range args[1:] {
				s, err := readStats(path)
				if err != nil {
					return err
				}
				if err := total.Merge(s); err != nil {
					return fmt.Errorf("%s: %w", path, err)
				}
			}
			if err := printReport(cmd.OutOrStdout(), total, f); err != nil {
				return err
			}
			return failedMatches(total)
		},
	}
	merge.Flags().BoolVar(&f.asJSON, "json", false, "print the report as JSON")
	merge.Flags().StringVar(&f.report, "report", "", "also write an HTML page of charts to this file")
	rootCmd.AddCommand(merge)
}
