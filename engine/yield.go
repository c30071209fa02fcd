package engine

import "runtime"

// Yielding between plies. A playout never blocks: with one P (one core, a
// one-CPU container, GOMAXPROCS=1) nothing else runs on it until the
// scheduler preempts the playout, about every 10 ms, and that includes the
// collector's mark worker. A cycle's marking (well under a millisecond of
// work for a playout's heap) then stays open for ~8 ms, and all that while
// every pointer the engine writes goes through the write barrier: a seed
// effects playout on one core ran ~20% slower at the default GOGC than with
// the collector off (bench/README.md, "The collector's mark phase"). So
// Play yields every yieldEvery plies, counted across the matches that share
// its buffers (a block's released matches, a search's forks): the worker,
// or any goroutine waiting, runs then. A yield costs ~0.1 µs, ~0.2% of 64
// plies of tic-tac-toe, the cheapest pack; it changes no result (nothing of
// a match depends on scheduling).
//
// Only with one P: with more, a P left idle runs the mark worker at once,
// and a yield wakes that idle P to take the playout's goroutine (a futex
// call, a move to another thread): simulate with one job on two cores spent
// 20% more CPU on tic-tac-toe yielding so. Every P busy with a job of its
// own, where a yield would help, is not told apart from that.

// yieldEvery is how many plies Play takes between two yields.
const yieldEvery = 64

// tookPly counts a ply Play took with pl and, when the process has one P,
// yields it every yieldEvery plies.
func (pl *playLog) tookPly() {
	pl.plies++
	if pl.plies%yieldEvery == 0 && runtime.GOMAXPROCS(0) == 1 {
		pl.yields++
		runtime.Gosched()
	}
}
