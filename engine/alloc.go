package engine

import (
	"fmt"
	"sync/atomic"

	"go.starlark.net/starlark"
)

// Memory of rule code: Starlark bounds the steps code takes, not the memory
// it makes, and one step can make gigabytes (list(range(10**9)), [0] * n, a
// string doubled in a loop). The engine counts, before they are made, the
// bytes of the values each builtin and operation would make whose size its
// arguments decide (alloc_size.go), against Options.AllocLimit per piece of
// code, as Starlark counts steps against Options.Budget: an estimate from
// the values' lengths, the same on every machine, never a measure of the Go
// heap (which would make a match's result depend on the machine and the
// garbage collector). Direct code charges in its own operations; code
// Starlark interprets reaches the charging builtins through a rewrite of
// its syntax tree (alloc_guard.go).
//
// What is not counted: values that grow by one element per step (append, a
// comprehension's list, a dict's new key), which the step budget bounds to
// Budget elements, and values the engine makes (moves, events, snapshots),
// which the match's own limits bound.

// DefaultAllocLimit is Options.AllocLimit's default: 256 MiB of values made
// by one piece of code. A game's rules make a few kilobytes a step; a
// table of a million numbers is 16 MiB; several matches run at once in
// simulate and the window.
const DefaultAllocLimit = 256 << 20

// allocLimit is the limit of matches whose Options.AllocLimit is 0 (see
// SetAllocLimit), 0 for DefaultAllocLimit.
var allocLimit atomic.Uint64

// SetAllocLimit sets, for the whole process, the allocation limit of the
// matches started with Options.AllocLimit 0 and of the pack scripts'
// top-level code run when a pack compiles: the command line's
// --alloc-limit, which reaches every match a command or the window plays.
// 0 puts DefaultAllocLimit back. A match's result may depend on its limit
// (code that fails under one succeeds under a larger one): replay a record
// with the limit it was played with.
func SetAllocLimit(bytes uint64) { allocLimit.Store(bytes) }

// processAllocLimit is the limit SetAllocLimit set, or DefaultAllocLimit.
func processAllocLimit() uint64 {
	if n := allocLimit.Load(); n != 0 {
		return n
	}
	return DefaultAllocLimit
}

// allocator counts the bytes of values the running code has made.
type allocator struct {
	used, max uint64 // bytes made so far, and the most the running code may make
}

// charge counts n more bytes, or fails without counting them when they
// are more than the running code may still make.
func (a *allocator) charge(n uint64) error {
	if n <= a.max-a.used {
		a.used += n
		return nil
	}
	return &AllocError{Limit: a.max}
}

// left is what the running code may still make.
func (a *allocator) left() uint64 { return a.max - a.used }

// AllocError is the error of code that would make more bytes of values
// than Options.AllocLimit allows; a *RunError's Err chain reaches it
// (errors.As).
type AllocError struct {
	Limit uint64 // the limit, in bytes
}

// Error says what failed and the limit, as "too many steps" does.
func (e *AllocError) Error() string {
	return fmt.Sprintf("too much memory (more than %s bytes of new values: a value too large, or one that grows in a loop?)", commas(int(min(e.Limit, 1<<62))))
}

// allocKey is the thread local holding the allocator of a thread that runs
// no match (a script's top level, run when the pack compiles).
const allocKey = "alloc"

// allocOf is the allocator code on th charges, nil for none.
func allocOf(th *starlark.Thread) *allocator {
	if m := matchOf(th); m != nil {
		return &m.mem
	}
	a, _ := th.Local(allocKey).(*allocator)
	return a
}

// choiceBytes is what one value of a domain costs legal: a move's share of
// the list of legal moves (a Move and its arguments), or a precondition's
// call when the value is refused.
const choiceBytes = 64

// choose counts one more value of the domain d that legal tries: a domain
// of a billion values (range(10**9) is lazy, so the domain's code makes
// nothing) would list a billion moves. More than Options.AllocLimit /
// choiceBytes values in one listing of the legal moves is a run error at
// the domain's place.
func (m *Match) choose(d *hook) error {
	if m.choices++; m.choices > m.opts.AllocLimit/choiceBytes {
		return m.tooManyChoices(d)
	}
	return nil
}

func (m *Match) tooManyChoices(d *hook) error {
	return &RunError{File: m.p.file, Pos: d.pos, What: d.what, Source: d.path, Err: &AllocError{Limit: m.opts.AllocLimit},
		Msg: fmt.Sprintf("too much memory (the domains give more than %s choices of arguments, each a legal move to list or a precondition to ask: a domain too large?)", commas(int(min(m.opts.AllocLimit/choiceBytes, 1<<62))))}
}
