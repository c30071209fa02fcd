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
}

// sb returns the match's settleBufs, made at the first call.
func (m *Match) sb() *settleBufs {
	if m.sbuf == nil {
		m.sbuf = new(settleBufs)
	}
	return m.sbuf
}

// forgetSettle makes the next settle pass run in full (settleskip.go): the
// state is another than the one the last pass saw.
func (m *Match) forgetSettle() {
	if m.sbuf != nil {
		m.sbuf.last.ok = false
	}
}
