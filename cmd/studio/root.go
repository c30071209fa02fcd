package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"
)

// rootCmd is `studio`: with no argument it opens the window on the bundled example
// project; with a path it opens that project, or that pack in any form. Subcommands register
// themselves in init functions of their own files (cmd_*.go).
var rootCmd = &cobra.Command{
	Use:                        "studio [PACK]",
	Short:                      "Rule Studio: draw, check, preview and export board game rule packs",
	SuggestionsMinimumDistance: 2, // cobra's own default, set only where it suggests itself
	Args: func(cmd *cobra.Command, args []string) error {
		if len(args) > 1 { // "studio valdiate pack.yaml": a command mistyped
			return fmt.Errorf("unknown command %q%s", args[0], suggest(cmd, args[0]))
		}
		return nil
	},
	SilenceUsage:  true,
	SilenceErrors: true,
	RunE: func(cmd *cobra.Command, args []string) error {
		path := ""
		if len(args) == 1 {
			path = args[0]
			if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) && !strings.ContainsAny(path, `./\`) {
				return fmt.Errorf("%q is neither a command nor a file%s", path, suggest(cmd, path))
			}
		}
		return runGUI(path)
	},
}

// suggest is what follows an unknown command's error: the commands it may
// have meant, and where they are all listed.
func suggest(cmd *cobra.Command, word string) string {
	s := ` ("studio help" lists the commands)`
	if near := cmd.SuggestionsFor(word); len(near) > 0 {
		s = ": did you mean " + strings.Join(near, " or ") + "?" + s
	}
	return s
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
