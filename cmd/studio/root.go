package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// rootCmd is `studio`: with no argument it opens the window on the bundled example
// project; with a path it opens that project, or that pack in any form. Subcommands register
// themselves in init functions of their own files (cmd_*.go).
var rootCmd = &cobra.Command{
	Use:           "studio [PACK]",
	Short:         "Rule Studio: draw, check, preview and export board game rule packs",
	Args:          cobra.MaximumNArgs(1),
	SilenceUsage:  true,
	SilenceErrors: true,
	RunE: func(cmd *cobra.Command, args []string) error {
		path := ""
		if len(args) == 1 {
			path = args[0]
		}
		return runGUI(path)
	},
}

// exitStatus is an error that carries the process exit status, for commands (such
// as validate) whose failure is a result, not a crash.
type exitStatus struct {
	code int
	err  error
}

func (e *exitStatus) Error() string { return e.err.Error() }
func (e *exitStatus) Unwrap() error { return e.err }

// exitCode is the status the process exits with for err.
func exitCode(err error) int {
	var es *exitStatus
	if errors.As(err, &es) {
		return es.code
	}
	return 1
}
