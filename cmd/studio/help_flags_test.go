package main

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestFlagHelpNamesTheirValues walks every command's flags: a word in
// backquotes in a flag's usage is what `--help` prints as the flag's value
// (pflag's UnquoteUsage), so `studio merge` there printed
// "--shard studio merge" where the value is i/n.
func TestFlagHelpNamesTheirValues(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		check := func(f *pflag.Flag) {
			name, _ := pflag.UnquoteUsage(f)
			if strings.ContainsAny(name, " \"") {
				t.Errorf("studio %s --%s: --help names its value %q", c.Name(), f.Name, name)
			}
		}
		c.LocalFlags().VisitAll(check)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(rootCmd)
}

// TestEveryCommandExplainsItself: `studio COMMAND --help` is part of the
// docs a designer reads (README.md says `studio help COMMAND` explains each
// command), so every command of the studio's own has more than its one-line
// summary (validate had only that).
func TestEveryCommandExplainsItself(t *testing.T) {
	for _, c := range rootCmd.Commands() {
		if c.Name() == "help" || c.Name() == "completion" {
			continue // cobra's own
		}
		if strings.TrimSpace(c.Long) == "" {
			t.Errorf("studio %s --help gives only its summary", c.Name())
		}
	}
}
