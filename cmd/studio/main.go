// Command studio is Rule Studio: a desktop studio for board and card game state
// machines (GUI by default) and the same engine and store behind subcommands for
// headless work. Run `studio help` for the command line.
package main

import (
	"fmt"
	"os"

	_ "github.com/rulestudio/studio/internal/locale" // before Fyne initialises
)

func main() {
	if err := rootCmd.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "studio:", err)
		os.Exit(exitCode(err))
	}
}
