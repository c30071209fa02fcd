package engine

// Skipping a settle pass that would change nothing.
//
// Settle asks each clause again only when a part it read has a new version
// (reads.go), but it still visits every clause of every owner at every step
// to find that out, and builds the wrappers it wants again: a seed effects
// playout settles about 170 times a game, and in about three of four every
// answer is reused. A pass that fired nothing keeps its answers' memos
// (those of settled.plan). The next pass is skipped when:
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

// settled is what the last complete settle pass read.
type settled struct {
	ok           bool // it fired nothing: the next pass may be idle
	planned      bool // its plan is what a scan asks while the owners are the same (settleplan.go)
	memberVer    uint64
	framesVer    uint64 // compared when a frame has clauses (frameClauses)
	frameClauses bool
	n            int         // the answers it asked for, counted as reused when skipped
	plan         []planEntry // the clauses it asked, in order, with their memos
	stamp                    // the union of its memos' summaries (when ok), and where it began
}

// settleIdle reports whether the settle pass about to run would change
// nothing (see above), counting its answers as reused. With checkReads
// every pass runs in full, and one the log finds idle fails if a part any
// of its answers read has another version: a write the log missed.
func (m *Match) settleIdle() (bool, error) {
	sb := m.sb()
	ls := &sb.last
	if !settleSkips || !ls.ok || !sameSlice(m.st.wraps, sb.lastWraps) || !m.sameOwners(ls) {
		return false, nil
	}
	if !sb.log.unwritten(&ls.stamp) {
		return false, nil
	}
	if checkReads {
		for i := range ls.plan {
			if mm := ls.plan[i].mm; !m.unchanged(mm.reads) {
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
// answers' memos are those of ls.plan (each known to hold where the pass
// began), counting n answers.
func (m *Match) keepSettled(n int) {
	ls := &m.sb().last
	ls.ok, ls.n = true, n
	ls.sum, ls.past = wpart{}, wpart{}
	for i := range ls.plan {
		mm := ls.plan[i].mm
		ls.sum, ls.past = ls.sum.or(mm.sum), ls.past.or(mm.past)
	}
}
