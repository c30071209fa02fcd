package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/engine"
)

// allocLimit is --alloc-limit, on every command: the bytes of new values one
// piece of rule code may make (engine.SetAllocLimit).
var allocLimit = &allocLimitFlag{text: formatSize(engine.DefaultAllocLimit)}

func init() {
	rootCmd.PersistentFlags().Var(allocLimit, "alloc-limit",
		"the memory one piece of rule code may take in new values before it fails with \"too much memory\" (see docs/limits.md)")
}

// allocLimitFlag sets the engine's limit as the flag is parsed, so that
// every match the command (or the window) plays has it.
type allocLimitFlag struct{ text string }

func (f *allocLimitFlag) String() string { return f.text }
func (f *allocLimitFlag) Type() string   { return "size" }

func (f *allocLimitFlag) Set(s string) error {
	n, err := parseSize(s)
	if err != nil {
		return err
	}
	engine.SetAllocLimit(n)
	f.text = s
	return nil
}

// sizeUnits are the units a size may have, binary as the file limits'.
var sizeUnits = []struct {
	suffix string
	bytes  uint64
}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}}

// parseSize reads a number of bytes, or one followed by KB, MB or GB (2^10,
// 2^20, 2^30 bytes).
func parseSize(s string) (uint64, error) {
	t, mult := strings.ToUpper(strings.TrimSpace(s)), uint64(1)
	for _, u := range sizeUnits {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.bytes
			break
		}
	}
	n, err := strconv.ParseUint(t, 10, 64)
	if err != nil || n == 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("size %q: want a number of bytes more than zero, or one with KB, MB or GB (512MB)", s)
	}
	return n * mult, nil
}

// formatSize writes n bytes in the largest unit that divides it.
func formatSize(n uint64) string {
	for _, u := range sizeUnits {
		if n%u.bytes == 0 {
			return strconv.FormatUint(n/u.bytes, 10) + u.suffix
		}
	}
	return strconv.FormatUint(n, 10) + "B"
}
