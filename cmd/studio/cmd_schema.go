package main

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/rulestudio/studio/graph"
)

func init() {
	rootCmd.AddCommand(schemaCmd())
}

// schemaCmd is `studio schema [-o FILE]`.
func schemaCmd() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "schema [-o FILE]",
		Short: "Write the JSON Schema of the YAML rule pack format",
		Long: `Schema writes the JSON Schema (draft 2020-12) of the rule pack format, generated
from the studio's own types. Exported YAML files start with
"# yaml-language-server: $schema=pack.schema.json", so an editor with a YAML
language server validates and completes a pack once the schema is written next
to it: studio schema -o pack.schema.json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			data, err := graph.Schema()
			if err != nil {
				return err
			}
			if out == "" {
				out = stdoutArg
			}
			return writeOutput(cmd, out, func(w io.Writer) error {
				_, err := w.Write(data)
				return err
			})
		},
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "file to write (default, or -: standard output)")
	return cmd
}
