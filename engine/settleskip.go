package engine

import "slices"

// Skipping a settle pass that would change nothing.
//
// Settle asks each clause again only when a part it read has a new version
// (reads.go), but it still visits every clause of every owner at every step
// to find that out, and builds the wrappers it wants again: a seed effects
// playout settles about 200 times a game, and in about three of four every
// answer is reused. A pass that fired nothing keeps what all its answers
// read, each part once (settled.reads). The next pass is skipped when:
//
//   - the owners it would visit are the same: which objects exist and their
//     types (memberVer; an object's fired when clauses change only by a pass
//     that fired, or by a restore, which forgets the last pass), and, where a
//     frame has clauses, the state stack (framesVer);
//   - the wrappers are those the last pass left (the same slice: wrappers are
//     never changed in place);
//   - every part in the reads still has its version (Match.unchanged).
//
// Then every answer would be reused, the same wrappers wanted and left as
// they are, and nothing would fire: the full pass would change nothing.

// settleSkips lets settle skip a pass that would change nothing (tests turn
// it off to compare).
var settleSkips = true

// settled is what the last complete settle pass that fired nothing read.
type settled struct {
	ok           bool
	memberVer    uint64
	framesVer    uint64 // compared when a frame has clauses (frameClauses)
	frameClauses bool
	n            int    // the answers it asked for, counted as reused when skipped
	reads        []read // what its answers read, each part once
	memos        []*clauseMemo
}

// settleIdle reports whether the settle pass about to run would change
// nothing (see above), counting its answers as reused.
func (m *Match) settleIdle() bool {
	sb := m.sb()
	ls := &sb.last
	if !settleSkips || checkReads || !ls.ok || ls.memberVer != m.st.memberVer || !sameSlice(m.st.wraps, sb.lastWraps) {
		return false
	}
	if fc := m.frameClauses(); fc != ls.frameClauses || fc && ls.framesVer != m.st.framesVer {
		return false
	}
	if !m.unchanged(ls.reads) {
		return false
	}
	m.reused += ls.n
	return true
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

// keepSettled records the pass that just completed firing nothing, from its
// answers' memos (ls.memos) and the state it read, counting n answers.
func (m *Match) keepSettled(n int) {
	ls := &m.sb().last
	ls.reads = m.mergeReads(ls.reads[:0], ls.memos)
	clear(ls.memos)
	ls.memos = ls.memos[:0]
	ls.ok, ls.n = true, n
	ls.memberVer, ls.framesVer, ls.frameClauses = m.st.memberVer, m.st.framesVer, m.frameClauses()
}

// mergeReads appends to dst the reads of memos, each part once, as add
// does under a track of its own. A seed effects pass that keeps what it
// read merges about 45 reads of 11 memos into 23, most of them objects':
// add's call for each read cost more than its look, here inline. The
// reads of other parts (about 3) are kept first and looked for among
// themselves only; the order is free (unchanged asks about every read).
func (m *Match) mergeReads(dst []read, memos []*clauseMemo) []read {
	m.rdGens++ // a stamp of its own, as track's: each object noted once
	gen, others := m.rdGens, 0
	for _, mm := range memos {
		for k := range mm.reads {
			r := &mm.reads[k]
			if r.kind == rdObject && r.id >= 0 {
				if !m.firstRead(r, gen) {
					continue
				}
			} else {
				if slices.Contains(dst[:others], *r) {
					continue
				}
				dst = append(dst, *r)
				last := len(dst) - 1
				dst[others], dst[last] = dst[last], dst[others]
				others++
				continue
			}
			dst = append(dst, *r)
		}
	}
	return dst
}
