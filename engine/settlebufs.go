package engine

// settleBufs are settle's buffers and what its last pass left, which a
// match of a pack with clauses fills at its first settle: a fork or a
// step back's copy that never settles carries a pointer, not them (a step
// back allocates a Match; its size is part of what a step back costs).
type settleBufs struct {
	last                settled    // the last settle pass that fired nothing (settleskip.go)
	wantBuf             []wrapInst // the wrappers the running pass wants, reused
	lastWant, lastWraps []wrapInst // what the last settle wanted, and the wrappers it left
	wtOf                []wrapInst // the wrappers wtBits describes
	wtBits              []uint64   // a bit per object id some wrapper of wtOf is on (wrapsTarget)
	firesBuf            []fired    // the clauses the running pass fires, reused
	log                 writeLog   // the parts written (writelog.go)
	planPasses          int        // the passes that followed a plan (tests)
}

// sb returns the match's settleBufs, made at the first call.
func (m *Match) sb() *settleBufs {
	if m.sbuf == nil {
		m.sbuf = &settleBufs{log: newWriteLog(nil)}
	}
	return m.sbuf
}

// release returns sb as a new match's first settle finds it (as new: no
// last pass, no wrappers), keeping the arrays its passes fill from empty
// (Match.Release gives it to the next match of the block).
func (sb *settleBufs) release() *settleBufs {
	clear(sb.wantBuf[:cap(sb.wantBuf)]) // the released match's values go
	clear(sb.lastWant[:cap(sb.lastWant)])
	clear(sb.firesBuf[:cap(sb.firesBuf)])
	clear(sb.last.plan[:cap(sb.last.plan)])
	clear(sb.wtBits) // no object is wrapped: as a nil wtBits answers
	*sb = settleBufs{
		last:     settled{plan: sb.last.plan[:0]},
		wantBuf:  sb.wantBuf[:0],
		lastWant: sb.lastWant[:0], // empty compares as nil (sameKeys)
		wtBits:   sb.wtBits,
		firesBuf: sb.firesBuf[:0],
		log:      newWriteLog(sb.log.parts), // positions start again: no answer is known
	}
	return sb
}

// forgetSettle makes the next settle pass run in full (settleskip.go), and
// every answer known be asked part by part (writelog.go): the state is
// another than the one the last pass saw, put in without a write logged.
func (m *Match) forgetSettle() {
	if m.sbuf != nil {
		m.sbuf.last.ok, m.sbuf.last.planned = false, false
		m.sbuf.log.cut()
	}
}
