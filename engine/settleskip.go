package engine

// Skipping a settle pass that would change nothing.
//
// Settle asks each clause again only when a part it read has a new version
// (reads.go), but it still visits every clause of every owner at every step
// to find that out, and builds the wrappers it wants again: a seed effects
// playout settles about 170 times a game, and in about three of four every
// answer is reused. A pass that fired nothing keeps its answers' memos
// (settled.memos). The next pass is skipped when:
//
//   - the owners it would visit are the same: which objects exist and their
//     types (memberVer; an object's fired when clauses change only by a pass
//     that fired, or by a restore, which forgets the last pass), and, where a
//     frame has clauses, the state stack (framesVer);
//   - the wrappers are those the last pass left (the same slice: wrappers are
//     never changed in place);
//   - no part any answer read can have been written since the pass began:
//     no write logged since then has a bit of the union of their summaries
//     (writelog.go), nor has the past moved over one.
//
// Then the pass would ask the same memos, reuse every answer, want the same
// wrappers and leave them as they are, and fire nothing: the full pass
// would change nothing. When a bit is shared, the pass runs in full, which
// is never wrong: its memos ask their reads one by one where they must.

// settleSkips lets settle skip a pass that would change nothing (tests turn
// it off to compare).
var settleSkips = true

// settled is what the last complete settle pass that fired nothing read.
type settled struct {
	ok           bool
	memberVer    uint64
	framesVer    uint64 // compared when a frame has clauses (frameClauses)
	frameClauses bool
	n            int           // the answers it asked for, counted as reused when skipped
	memos        []*clauseMemo // its answers' memos
	stamp                      // the union of its memos' summaries, and where it began
}

// settleIdle reports whether the settle pass about to run would change
// nothing (see above), counting its answers as reused. With checkReads
// every pass runs in full, and one the log finds idle fails if a part any
// of its answers read has another version: a write the log missed.
func (m *Match) settleIdle() (bool, error) {
	sb := m.sb()
	ls := &sb.last
	if !settleSkips || !ls.ok || ls.memberVer != m.st.memberVer || !sameSlice(m.st.wraps, sb.lastWraps) {
		return false, nil
	}
	if fc := m.frameClauses(); fc != ls.frameClauses || fc && ls.framesVer != m.st.framesVer {
		return false, nil
	}
	if !sb.log.unwritten(&ls.stamp) {
		return false, nil
	}
	if checkReads {
		for _, mm := range ls.memos {
			if !m.unchanged(mm.reads) {
				return false, unloggedError(mm.cond)
			}
		}
		return false, nil
	}
	m.reused += ls.n
	return true, nil
}

// frameClauses reports whether a frame of the state stack has clauses.
func (m *Match) frameClauses() bool {
	for i := range m.st.frames {
		if m.frameAt(i).st.clauses.active() {
			return true
		}
	}
	return false
}

// keepSettled records the pass that just completed firing nothing, whose
// answers' memos are ls.memos (each known to hold where the pass began),
// counting n answers.
func (m *Match) keepSettled(n int) {
	ls := &m.sb().last
	ls.ok, ls.n = true, n
	ls.sum, ls.past = wpart{}, wpart{}
	for _, mm := range ls.memos {
		ls.sum, ls.past = ls.sum.or(mm.sum), ls.past.or(mm.past)
	}
	ls.memberVer, ls.framesVer, ls.frameClauses = m.st.memberVer, m.st.framesVer, m.frameClauses()
}
