package engine

import "runtime"

// Yielding between plies. A playout never blocks: with every P busy (one
// core, or simulate's and a search's jobs on every core) nothing else runs
// on its P until the scheduler preempts it, about every 10 ms, and that
// includes the collector's mark worker. A cycle's marking (well under a
// millisecond of work for a playout's heap) then stays open for ~8 ms, and
// all that while every pointer the engine writes goes through the write
// barrier: a seed effects playout on one core ran ~20% slower at the
// default GOGC than with the collector off (bench/README.md, "The
// collector's mark phase"). So Play yields every yieldEvery plies, counted
// across the matches that share its buffers (a block's released matches, a
// search's forks): the worker, or any goroutine waiting (the window's, a
// hosted match's), runs then. A yield costs ~0.1 µs, ~0.2% of 64 plies of
// tic-tac-toe, the cheapest pack; it changes no result (nothing of a match
// depends on scheduling).

// yieldEvery is how many plies Play takes between two yields.
const yieldEvery = 64

// tookPly counts a ply Play took with pl and yields the processor every
// yieldEvery plies.
func (pl *playLog) tookPly() {
	pl.plies++
	if pl.plies%yieldEvery == 0 {
		pl.yields++
		runtime.Gosched()
	}
}
