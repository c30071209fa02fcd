package engine

import (
	"fmt"
	"slices"

	"go.starlark.net/starlark"
)

// Read sets: what a clause's condition read, so that settle re-evaluates it
// only when something it read has changed.
//
// Pure code sees the match only through a few accessors (m.obj, objects(),
// the wrappers, player and game variables, the state stack, boards and decks,
// the active player and multiactive set, the step). While a condition runs
// under track, each accessor notes the part it read and that part's version.
// Versions come from the match's write counter (Match.wseq): every write of a
// part stores a new number in it, inside the copied-on-write state, so a
// snapshot keeps the versions of its parts and no two different contents of
// one part ever share a version within a match, across restores and forks.
// A few small parts (active player, multiactive set, step) are their own
// version. Reads inside before() are of the past (Match.prev) and are checked
// against it.
//
// A condition is a pure function of what it read: if every part it read has
// the version it had, it gives the same answer, and settle reuses it. Most
// of the time the write log (writelog.go) tells so without asking each part:
// no write since the answer last held can have reached a part it read.
// Tests run with checkReads on re-evaluate every reused answer and fail on
// any difference (a read some accessor failed to note), and on an answer
// the log kept whose parts do not all have their versions (a write it
// missed).

// Kinds of part a pure piece of code can read.
const (
	rdObject  uint8 = iota // one object: its variables, tags and wrappers, whether it exists (id)
	rdMembers              // which objects exist and their tags (objects())
	rdFrames               // the state stack and its parameters
	rdPlayer               // one player's variables and score (id: the seat)
	rdGame                 // game variables
	rdBoard                // one board (id: its index)
	rdDeck                 // one deck (id: its index)
	rdActive               // the active player (version: the seat)
	rdMulti                // the multiactive set (version: the set)
	rdStep                 // the step number (version: the number)
)

// read is one part read, with its version when it was read.
type read struct {
	kind uint8
	past bool // read inside before(): a part of Match.prev
	id   int32
	ver  uint64
}

// checkReads makes every reused answer be computed again and compared (tests).
var checkReads = false

// bump returns a new version for part (kind, id) about to be written, and
// logs the write (writelog.go).
func (m *Match) bump(kind uint8, id int) uint64 {
	m.wseq++
	if sb := m.sbuf; sb != nil { // Match.logWrite, spelled out: bump stays inlined
		sb.log.wrote(kind, id)
	}
	return m.wseq
}

// note records a read while a condition runs under track.
func (m *Match) note(kind uint8, id int, ver uint64) {
	if m.rd != nil {
		m.add(read{kind: kind, past: m.cur != nil, id: int32(id), ver: ver})
	}
}

// notePresent records a read of the present made inside before(): one of a
// variable assigned since the step before began, which reads as it is now.
func (m *Match) notePresent(kind uint8, id int, ver uint64) {
	if m.rd != nil {
		m.add(read{kind: kind, id: int32(id), ver: ver})
	}
}

// add appends r to the running track's reads unless it is there already (a
// part read twice in one answer has one version: pure code changes
// nothing). An object's read is found by its stamp in rdSeen (a condition
// reads every object objects() lists, some twice); the few reads of other
// parts by looking.
func (m *Match) add(r read) {
	rs := *m.rd
	if r.kind == rdObject && r.id >= 0 {
		if !m.firstRead(&r, m.rdGen) {
			return
		}
	} else if slices.Contains(rs, r) {
		return
	}
	*m.rd = append(rs, r)
}

// firstRead reports whether object read r is not stamped with gen in
// rdSeen yet, and stamps it (add's look for an object already noted:
// small enough to be inlined where it is asked).
func (m *Match) firstRead(r *read, gen uint64) bool {
	i := 2 * int(r.id)
	if r.past {
		i++
	}
	if i >= len(m.rdSeen) {
		m.growSeen(i)
	}
	if m.rdSeen[i] == gen {
		return false
	}
	m.rdSeen[i] = gen
	return true
}

// growSeen makes rdSeen long enough for index i.
func (m *Match) growSeen(i int) {
	m.rdSeen = append(m.rdSeen, make([]uint64, i+1-len(m.rdSeen))...)
}

// noteActive records that code read who the active player is (as player or
// active_player, which conditions receive as the active seat).
func (m *Match) noteActive() {
	if m.rd != nil {
		m.note(rdActive, 0, uint64(m.st.active))
	}
}

// track runs f noting every read into *reads (emptied first), each part
// once, in the order first read. Tracking nests: an outer track sees nothing
// of an inner one, which only happens for code settle runs itself (the
// outer one may then note an object the inner one read twice: a repeat
// costs unchanged a look, no more).
func (m *Match) track(reads *[]read, f func() error) error {
	saved, gen := m.rd, m.rdGen
	*reads = (*reads)[:0]
	m.rd = reads
	m.rdGens++ // never 0, and never again: no stamp of another track matches
	m.rdGen = m.rdGens
	err := f()
	m.rd, m.rdGen = saved, gen
	return err
}

// unchanged reports whether every part in reads still has the version it was
// read at.
func (m *Match) unchanged(reads []read) bool {
	objs := m.st.objs
	for _, r := range reads {
		// The most common read, inline: a present object at index id-1.
		if i := int(r.id) - 1; r.kind == rdObject && !r.past && i >= 0 && i < len(objs) && objs[i].id == int(r.id) {
			if objs[i].ver != r.ver {
				return false
			}
			continue
		}
		// The next, an object read inside before(), at its index in the
		// past (a tenth of a seed effects game's reads: version's call
		// and objIndex's were two thirds of their look).
		if r.kind == rdObject && r.past && m.prev != nil {
			if ob := objAt(m.prev.objs, int(r.id)); ob != nil {
				if ob.ver != r.ver {
					return false
				}
				continue
			}
		}
		if m.version(r) != r.ver {
			return false
		}
	}
	return true
}

// version returns the current version of the part r read (in the past for a
// read inside before()).
func (m *Match) version(r read) uint64 {
	s := m.st
	if r.past {
		s = m.prev
	}
	switch r.kind {
	case rdObject:
		if i := objIndex(s.objs, int(r.id)); i >= 0 {
			return s.objs[i].ver
		}
		if r.past { // as m.obj inside before(): an object born since reads as it is now
			if i := objIndex(m.st.objs, int(r.id)); i >= 0 {
				return m.st.objs[i].ver
			}
		}
		return 0
	case rdMembers:
		return s.memberVer
	case rdFrames:
		return s.framesVer
	case rdPlayer:
		return s.pvers[r.id]
	case rdGame:
		return s.gvarsVer
	case rdBoard:
		return s.boards[r.id].ver
	case rdDeck:
		return s.decks[r.id].ver
	case rdActive:
		return uint64(s.active)
	case rdMulti:
		return s.multi
	case rdStep:
		return uint64(s.step)
	}
	panic("engine: unknown read kind")
}

// clauseMemo is what settle remembers of one clause of one owner: the answer
// its condition (and selector) last gave, and what they read.
type clauseMemo struct {
	cond    *hook // the clause's condition: an id may come back as another type after a restore
	reads   []read
	stamp         // what reads read, summarized, and where the answer last held (writelog.go)
	known   bool  // the answer below was computed (without error)
	holds   bool  // whenever/when: the condition holds
	targets []int // while: the objects it wraps (nil: its condition does not hold)
}

// memoOf returns the memo of clause slot (of n: while, whenever, then when
// clauses) of src, an object id or -1-i for the clauses of frame i.
func (m *Match) memoOf(src, slot, n int, cond *hook) *clauseMemo {
	list, i := &m.objMemos, src
	if src < 0 {
		list, i = &m.frameMemos, -1-src
	}
	for len(*list) <= i {
		*list = append(*list, nil)
	}
	ms := (*list)[i]
	if len(ms) != n {
		ms = make([]clauseMemo, n)
		(*list)[i] = ms
	}
	mm := &ms[slot]
	if mm.cond != cond {
		*mm = clauseMemo{cond: cond, reads: mm.reads[:0]}
	}
	return mm
}

// holds evaluates the condition of a whenever or when clause of src, or
// reuses its last answer when nothing it read has changed.
func (m *Match) holds(mm *clauseMemo, src int, self starlark.Value) (bool, error) {
	cond := mm.cond
	reuse := mm.known && m.stillHolds(mm)
	if reuse && checkReads && !m.unchanged(mm.reads) {
		return false, unloggedError(cond)
	}
	if reuse && !checkReads {
		m.reused++
		return mm.holds, nil
	}
	m.evals++
	old := mm.holds
	mm.known = false
	m.sb().log.held(&mm.stamp) // what it reads is read now
	err := m.track(&mm.reads, func() (err error) {
		if src < 0 { // a state's clause: self is its frame's parameters
			m.note(rdFrames, 0, m.st.framesVer)
		}
		mm.holds, err = m.truth(cond, m.st.active, self)
		return err
	})
	if err != nil {
		return false, err
	}
	mm.known = true
	mm.summarize(mm.reads)
	if reuse && mm.holds != old {
		return false, staleError(cond, fmt.Sprint(old), fmt.Sprint(mm.holds))
	}
	return mm.holds, nil
}

// whileTargets returns the objects a while clause of src wraps now: none
// while its condition does not hold, else its selector's objects (or src
// itself), reusing the last answer when nothing they read has changed.
func (m *Match) whileTargets(mm *clauseMemo, src int, cw *cwhile, self starlark.Value) ([]int, error) {
	reuse := mm.known && m.stillHolds(mm)
	if reuse && checkReads && !m.unchanged(mm.reads) {
		return nil, unloggedError(cw.cond)
	}
	if reuse && !checkReads {
		m.reused++
		return mm.targets, nil
	}
	m.evals++
	old := mm.targets
	mm.known = false
	m.sb().log.held(&mm.stamp) // what it reads is read now
	err := m.track(&mm.reads, func() (err error) {
		if src < 0 {
			m.note(rdFrames, 0, m.st.framesVer)
		}
		mm.targets, err = m.evalWhile(src, cw, self)
		return err
	})
	if err != nil {
		return nil, err
	}
	mm.known = true
	mm.summarize(mm.reads)
	if reuse && !slices.Equal(mm.targets, old) {
		return nil, staleError(cw.cond, fmt.Sprint(old), fmt.Sprint(mm.targets))
	}
	return mm.targets, nil
}

// evalWhile evaluates a while clause: nil when its condition does not hold,
// else the objects it wraps.
func (m *Match) evalWhile(src int, cw *cwhile, self starlark.Value) ([]int, error) {
	ok, err := m.truth(cw.cond, m.st.active, self)
	if err != nil || !ok {
		return nil, err
	}
	targets := []int{}
	if cw.selector != nil {
		sel, err := m.call(cw.selector, m.st.active, self)
		if err != nil {
			return nil, err
		}
		it, isIt := sel.(starlark.Iterable)
		if !isIt {
			return nil, &RunError{File: m.p.file, Pos: cw.selector.pos, What: cw.selector.what, Source: cw.path, Msg: "a selector must give objects, not " + sel.Type()}
		}
		iter := it.Iterate()
		var v starlark.Value
		for iter.Next(&v) {
			if o, isObj := v.(*objectValue); isObj {
				targets = append(targets, o.id)
			}
		}
		iter.Done()
	} else if src >= 0 {
		targets = append(targets, src)
	}
	return targets, nil
}

// staleError reports a reused answer that differs from the answer computed
// again (only with checkReads): some accessor failed to note a read.
func staleError(cond *hook, reused, now string) error {
	return fmt.Errorf("engine: %s: the reused answer %s differs from %s (a read was not noted)", cond.what, reused, now)
}

// unloggedError reports an answer the write log kept whose reads have
// another version (only with checkReads): some write was not logged.
func unloggedError(cond *hook) error {
	return fmt.Errorf("engine: %s: the write log kept an answer a part it read no longer has (a write was not logged)", cond.what)
}
