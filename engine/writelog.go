package engine

// The write log: which parts the match wrote, so that settle asks "does this
// answer still hold?" by looking at the few writes since it last held, not
// at every part it read (a seed effects answer reads about 18 cards; a step
// writes a few parts).
//
// Every write that can change the version a read finds (Match.version) is
// logged as the bit it has in a summary of reads: an object by its id
// modulo 64, any other part by its kind alone (a player, board or deck
// whichever). A memo keeps the summary of what its answer read (a stamp)
// and the log's position where it last held; when no write logged since
// has a bit of the summary, no part it read has another version and the
// answer holds. When one has (the bit may be another part of the kind, or
// another id modulo 64), the reads are asked one by one (Match.unchanged),
// as before the log: a summary too wide costs time, never a wrong answer.
// What makes the log exact is that every write is in it: Match.bump takes
// the part it gives a new version, and the active player and multiactive
// set (their own versions) and destroy log themselves. The step is not
// logged (it moves at every step): an answer that read it is always asked
// part by part, and is stale at each step anyway.
//
// Reads inside before() are of the past (Match.prev), which is a snapshot
// of this line taken at a known position (snapshotPast), or not known.
// A part of the past it was then and the past it is now differ only if a
// write between the two snapshots' positions wrote it: the log answers for
// the past as for the present, between two positions instead of since one.
//
// A state put in wholesale (a restore, a search's next line) is not a
// write: forgetSettle cuts the log, so that every answer known before is
// asked part by part once more. The log is cut as well when it grows long;
// a match that is released starts it again. Tests run with checkReads ask
// every part of every answer the log kept and fail on a write it missed.

// wpart is the summary of some reads, or of some writes: a bit per object
// id modulo 64, and a bit per kind of other part (1<<kind).
type wpart struct {
	objs  uint64
	kinds uint32
}

// hits reports whether a write in w may have changed a part read in r.
func (w wpart) hits(r wpart) bool { return w.objs&r.objs != 0 || w.kinds&r.kinds != 0 }

// or returns the union of w and v.
func (w wpart) or(v wpart) wpart { return wpart{w.objs | v.objs, w.kinds | v.kinds} }

// partBits is the summary bit of a part.
func partBits(kind uint8, id int) wpart {
	if kind == rdObject {
		return wpart{objs: 1 << (uint(id) & 63)}
	}
	return wpart{kinds: 1 << kind}
}

// unlogged are the kinds of part whose writes are not logged: an answer
// that read one is asked part by part.
const unlogged = 1 << rdStep

// stamp is what an answer read, summarized, and where it last held.
type stamp struct {
	sum, past  wpart  // the summaries of the present parts read and of the past ones
	at, prevAt uint64 // the log's position where it last held, and its past's then
}

// summarize sets the summaries of st from reads. An object read in the
// past is in both: when it was born since, before() reads it as it is now
// (Match.version).
func (st *stamp) summarize(reads []read) {
	var sum, past wpart
	for i := range reads {
		r := &reads[i]
		if r.kind == rdObject {
			bit := uint64(1) << (uint32(r.id) & 63)
			sum.objs |= bit
			if r.past {
				past.objs |= bit
			}
		} else if r.past {
			past.kinds |= 1 << r.kind
		} else {
			sum.kinds |= 1 << r.kind
		}
	}
	st.sum, st.past = sum, past
}

// logCut is the longest the log grows before it is cut: a position is
// asked about again within a few steps, and a step writes few parts.
const logCut = 1 << 12

// noPos is a position not known.
const noPos = ^uint64(0)

// writeLog is the log of the match's writes.
type writeLog struct {
	parts []wpart
	base  uint64 // the position of parts[0]: those before were cut
	// The unions of the spans last asked about, for the present and the
	// past: the answers a pass asks about mostly last held at one position
	// (that of the pass before), and the past moved between the same two.
	pres, past spanUnion

	prevAt uint64    // the position of the snapshot Match.prev is, noPos when not known
	snaps  [4]snapAt // the last snapshots that may become the past (snapshotPast)
	nsnap  uint8     // snaps written, modulo 256
}

// spanUnion is the union of the writes from span[0] up to span[1].
type spanUnion struct {
	span  [2]uint64
	union wpart
}

// snapAt is a snapshot, by its generation, and the log's position when it
// was taken. The generation names it: every state has its own (gens), a
// recycled struct (statereuse.go) a new one; and a pointer here would keep
// a dropped past reachable, which the checked mode of its reuse forbids.
type snapAt struct {
	gen uint64 // 0: no snapshot
	at  uint64
}

// newWriteLog returns an empty log that keeps parts' array.
func newWriteLog(parts []wpart) writeLog {
	return writeLog{parts: parts[:0], pres: noSpan, past: noSpan, prevAt: noPos}
}

// noSpan is a span no question asks about.
var noSpan = spanUnion{span: [2]uint64{noPos, noPos}}

// now returns the position after the last write.
func (l *writeLog) now() uint64 { return l.base + uint64(len(l.parts)) }

// wrote logs a write of part (kind, id). Not inlined: the check that a
// log is kept (Match.logWrite) is, and so is bump, which writes ask for.
//
//go:noinline
func (l *writeLog) wrote(kind uint8, id int) {
	if len(l.parts) == logCut {
		l.cut()
	}
	l.parts = append(l.parts, partBits(kind, id))
}

// cut forgets every position up to now, and one more: an answer that last
// held at any of them is asked part by part again.
func (l *writeLog) cut() {
	l.base += uint64(len(l.parts)) + 1
	l.parts = l.parts[:0]
	l.pres, l.past, l.prevAt = noSpan, noSpan, noPos
}

// ask makes su the union of the writes from position from up to to,
// growing it when it is the same span's start; false when a part of the
// span was cut or is not known.
func (l *writeLog) ask(su *spanUnion, from, to uint64) bool {
	if from < l.base || to < from || to > l.now() {
		return false
	}
	if su.span[0] != from || su.span[1] > to {
		su.span, su.union = [2]uint64{from, from}, wpart{}
	}
	for _, w := range l.parts[su.span[1]-l.base : to-l.base] {
		su.union = su.union.or(w)
	}
	su.span[1] = to
	return true
}

// unwritten reports whether no part st summarizes can have been written
// since st last held: no write since st.at has a bit of st.sum, and none
// between the past's positions then and now a bit of st.past. False may be
// a write of another part with the same bit.
func (l *writeLog) unwritten(st *stamp) bool {
	if (st.sum.kinds|st.past.kinds)&unlogged != 0 {
		return false
	}
	if now := l.now(); st.at != now {
		su := &l.pres
		if (st.at != su.span[0] || su.span[1] != now) && !l.ask(su, st.at, now) {
			return false
		}
		if su.union.hits(st.sum) {
			return false
		}
	}
	if st.past != (wpart{}) && (st.prevAt != l.prevAt || l.prevAt == noPos) {
		if l.prevAt == noPos {
			return false // the past may have moved since without a position to say so
		}
		lo, hi := min(st.prevAt, l.prevAt), max(st.prevAt, l.prevAt)
		su := &l.past
		if (lo != su.span[0] || hi != su.span[1]) && !l.ask(su, lo, hi) {
			return false
		}
		if su.union.hits(st.past) {
			return false
		}
	}
	return true
}

// held stamps st as holding now.
func (l *writeLog) held(st *stamp) { st.at, st.prevAt = l.now(), l.prevAt }

// snapped notes snapshot s, taken now, as a past to be.
func (l *writeLog) snapped(s *mstate) {
	l.nsnap++
	l.snaps[l.nsnap%uint8(len(l.snaps))] = snapAt{gen: s.gen, at: l.now()}
}

// posOf returns the position snapshot s was taken at, noPos when it is not
// one of the last snapped since the last cut.
func (l *writeLog) posOf(s *mstate) uint64 {
	if s == nil || s.gen == 0 {
		return noPos
	}
	for i := range uint8(len(l.snaps)) { // the newest first: most often the one
		sn := &l.snaps[(l.nsnap-i)%uint8(len(l.snaps))]
		if sn.gen == s.gen && sn.at >= l.base {
			return sn.at
		}
	}
	return noPos
}

// logWrite logs a write of a part (kind, id) when the match settles
// (settleBufs made): no answer is known before.
func (m *Match) logWrite(kind uint8, id int) {
	if sb := m.sbuf; sb != nil {
		sb.log.wrote(kind, id)
	}
}

// snapshotPast is snapshot for a state that may become the past
// (Match.prev): its position is noted.
func (m *Match) snapshotPast() *mstate {
	s := m.snapshot()
	if sb := m.sbuf; sb != nil {
		sb.log.snapped(s)
	}
	return s
}

// setPrev makes s the past before() reads.
func (m *Match) setPrev(s *mstate) {
	if s != m.prev {
		m.prev = s
		if sb := m.sbuf; sb != nil {
			sb.log.prevAt = sb.log.posOf(s)
		}
	}
}

// stillHolds reports whether memo mm's known answer still holds: no part it
// read has another version. It then holds as of now.
func (m *Match) stillHolds(mm *clauseMemo) bool {
	l := &m.sbuf.log
	if !l.unwritten(&mm.stamp) && !m.unchanged(mm.reads) {
		return false
	}
	l.held(&mm.stamp)
	return true
}
