package main

import (
	"os"
	"runtime/debug"
)

// batchGCPercent is the collector's target in the commands that play many
// matches in a row (simulate, perft): their live heap is a few megabytes
// while a playout makes garbage fast, so at Go's default of 100 the
// collector took a quarter to a third of the time (the seed effects'
// profile). At 400 it runs a quarter as often for about 10 MB more
// resident memory (bench/README.md "The collector in batch commands").
const batchGCPercent = 400

// batchGC sets the collector's target of a command that plays many
// matches, unless the user set one with GOGC (runtime/debug.SetGCPercent).
func batchGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(batchGCPercent)
	}
}
