package main

import (
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/internal/input"
)

// allocLimit is --alloc-limit, on every command: the bytes of new values one
// piece of rule code may make (engine.SetAllocLimit).
var allocLimit = &allocLimitFlag{text: input.FormatSize(int64(engine.DefaultAllocLimit))}

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
	n, err := input.ParseSize(s)
	if err != nil {
		return err
	}
	engine.SetAllocLimit(uint64(n))
	f.text = s
	return nil
}
