// Package testenv says, for tests, whether this machine promises the tools the
// real-part tests need (php for the importer's oracle, Xvfb, xdotool and
// ImageMagick's import for the window test).
//
// scripts/test, which first runs scripts/deps to install those tools, sets
// RULESTUDIO_STRICT=1: a test whose tool is missing or broken then fails. On a
// developer's machine without the variable (a plain go test ./...), the same
// test skips with a message saying what is missing.
package testenv

import (
	"fmt"
	"os"
	"testing"
)

// EnvStrict is the environment variable scripts/test sets to 1.
const EnvStrict = "RULESTUDIO_STRICT"

// Strict reports whether the tools scripts/deps installs are promised
// ($RULESTUDIO_STRICT is "1").
func Strict() bool { return os.Getenv(EnvStrict) == "1" }

// Unavailable stops tb because something it needs is missing or broken: a
// failure when [Strict], a skip otherwise. The message should say what is
// missing and what installs it.
func Unavailable(tb testing.TB, format string, args ...any) {
	tb.Helper()
	msg := fmt.Sprintf(format, args...)
	if Strict() {
		tb.Fatalf("%s (%s=1: scripts/deps should have installed it)", msg, EnvStrict)
	}
	tb.Skipf("%s: skipping (set %s=1 to make this a failure)", msg, EnvStrict)
}
