package main

import (
	"strings"
	"testing"
)

// TestUnknownCommandSaysSo: a word that is neither a command nor a file
// is taken for a mistyped command, not for a pack to open: a designer
// typing "studio valdiate pack.yaml" read "accepts at most 1 arg(s),
// received 2", and "studio new" read "stat new: no such file or
// directory".
func TestUnknownCommandSaysSo(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"valdiate", "pack.yaml"}, []string{`unknown command "valdiate"`, "validate", "studio help"}},
		{[]string{"new"}, []string{`"new" is neither a command nor a file`, "studio help"}},
		{[]string{"simulat"}, []string{`"simulat" is neither a command nor a file`, "simulate"}},
		{[]string{"no/such/pack.yaml"}, []string{"no/such/pack.yaml", "no such file"}},
	} {
		_, err := run(t, c.args...)
		if err == nil {
			t.Errorf("studio %s: no error", strings.Join(c.args, " "))
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("studio %s: %q does not say %q", strings.Join(c.args, " "), err, w)
			}
		}
	}
}
