package engine

import (
	"errors"
	"slices"

	"go.starlark.net/starlark"
)

// Settle passes by the writes.
//
// A settle pass that cannot be skipped (settleskip.go) mostly asks again the
// very clauses the pass before asked, of the very owners, and finds one or
// two answers changed: a seed effects pass asks about eleven clauses and
// computes two. Visiting every object to find its clauses and memos, asking
// the write log about each memo and building the wanted wrappers again cost
// more than the two answers. So a complete pass keeps its plan: the clauses
// it asked, in the order it asked them, each with its memo. The next pass
// follows the plan instead of the objects when the owners are the same
// (sameOwners: which objects exist and their types, the frames where one
// has clauses; a when clause that fired, which leaves its owner's clauses,
// makes the pass after it scan) and the wrappers are those the last pass
// left: then the scan would ask the same memos in the same order. Each memo is asked against the union of the writes since
// the last pass began (a window): one whose summary the window misses holds
// as it is, and the rest are asked as the scan asks them (Match.holds,
// whileTargets: part by part, and computed again when stale). The wrappers
// wanted are built again only when a while clause's targets changed;
// otherwise they are the last pass's. Fires are made in plan order, which
// is the scan's, so they fire in the same order.
//
// With checkReads, every memo of the plan is asked as the scan asks it
// (computed again and compared), and the pass fails if the plan is not what
// a scan would ask now.

// settlePlans lets settle follow the last pass's plan (tests turn it off to
// compare).
var settlePlans = true

// Kinds of clause in a plan.
const (
	planWhile uint8 = iota
	planWhenever
	planWhen
)

// planEntry is one clause answer a settle pass asked for.
type planEntry struct {
	mm   *clauseMemo
	cw   *cwhile   // a while clause
	tr   *ctrigger // a whenever or when clause
	src  int       // its owner: an object id, or -1-i for the clauses of frame i
	ci   int32     // its index among its kind's clauses of the owner
	ord  int32     // a trigger's place in the fire order among its owner's (whenevers first)
	kind uint8
}

// sameOwners reports whether the scan would visit now the owners, clauses
// and memos it visited when ls was recorded.
func (m *Match) sameOwners(ls *settled) bool {
	if ls.memberVer != m.st.memberVer {
		return false
	}
	fc := m.frameClauses()
	return fc == ls.frameClauses && (!fc || ls.framesVer == m.st.framesVer)
}

// window is the union of the writes since a position of the log and of
// those between two positions of the past: what may have changed since a
// settle pass began, for every memo that last held where it began. A union
// not known (a part of the log was cut, or the past's position is not
// known) has every bit (and a memo that read nothing is not missed while
// the writes since at are not known, as the log answers), and every union
// has the kinds whose writes are not logged: a memo that read one is never
// missed.
type window struct {
	at, prevAt uint64 // where the pass began: the log's position and its past's
	pres       wpart  // the writes since at
	past       wpart  // the writes between prevAt and the past's position now
	ok         bool   // the writes since at are known
}

// allBits is a summary that every summary with a bit hits.
var allBits = wpart{objs: ^uint64(0), kinds: ^uint32(0)}

// window returns the window of the writes since at (and, for the past,
// since prevAt).
func (l *writeLog) window(at, prevAt uint64) window {
	w := window{at: at, prevAt: prevAt, pres: allBits, past: allBits}
	if now := l.now(); at == now {
		w.pres, w.ok = wpart{kinds: unlogged}, true
	} else if l.ask(&l.pres, at, now) {
		w.pres, w.ok = l.pres.union.or(wpart{kinds: unlogged}), true
	}
	if prevAt == l.prevAt && prevAt != noPos {
		w.past = wpart{kinds: unlogged}
	} else if lo, hi := min(prevAt, l.prevAt), max(prevAt, l.prevAt); l.prevAt != noPos && l.ask(&l.past, lo, hi) {
		w.past = l.past.union.or(wpart{kinds: unlogged})
	}
	return w
}

// misses reports whether no write of w can have reached a part st
// summarizes, which last held where w begins: writeLog.unwritten's answer,
// without its look-ups. False may be a write of another part with the same
// bit, or a stamp of another position.
func (w *window) misses(st *stamp) bool {
	return w.ok && st.at == w.at && st.prevAt == w.prevAt &&
		st.sum.objs&w.pres.objs|st.past.objs&w.past.objs == 0 &&
		st.sum.kinds&w.pres.kinds|st.past.kinds&w.past.kinds == 0
}

// planPass asks the clauses of the last pass's plan (see above), the last
// pass having begun at from, appending the clauses that fire to fires. It
// returns the wrappers wanted when a while clause's targets changed (else
// wantNew is false: they are sb.lastWant).
func (m *Match) planPass(sb *settleBufs, from stamp, fires []fired) (_ []fired, want []wrapInst, wantNew bool, err error) {
	plan := sb.last.plan
	if checkReads {
		if err := m.checkPlan(plan); err != nil {
			return fires, nil, false, err
		}
	}
	l := &sb.log
	w := l.window(from.at, from.prevAt)
	now, prevAt := l.now(), l.prevAt
	top := len(m.st.frames) - 1
	selfSrc, self := 0, starlark.Value(nil) // the self of the owner last asked (made when needed)
	for i := range plan {
		e := &plan[i]
		mm := e.mm
		if mm.known && !checkReads && w.misses(&mm.stamp) {
			mm.at, mm.prevAt = now, prevAt
			m.reused++
			if e.kind != planWhile && mm.holds {
				if self == nil || selfSrc != e.src {
					selfSrc, self = e.src, m.ownerSelf(e.src)
				}
				fires = append(fires, m.firedOf(e, self, top))
			}
			continue
		}
		if checkReads && mm.known && w.misses(&mm.stamp) && !m.unchanged(mm.reads) {
			return fires, nil, false, unloggedError(mm.cond)
		}
		if self == nil || selfSrc != e.src {
			selfSrc, self = e.src, m.ownerSelf(e.src)
		}
		if e.kind == planWhile {
			old := mm.targets
			targets, err := m.whileTargets(mm, e.src, e.cw, self)
			if err != nil {
				return fires, nil, false, err
			}
			wantNew = wantNew || !slices.Equal(old, targets)
			continue
		}
		ok, err := m.holds(mm, e.src, self)
		if err != nil {
			return fires, nil, false, err
		}
		if ok {
			fires = append(fires, m.firedOf(e, self, top))
		}
	}
	if wantNew {
		want = sb.wantBuf[:0]
		for i := range plan {
			if e := &plan[i]; e.kind == planWhile {
				want = appendWanted(want, e.src, int(e.ci), e.cw, e.mm.targets)
			}
		}
	}
	return fires, want, wantNew, nil
}

// ownerSelf is what the clauses of owner src see as self: the object, or
// the parameters of frame -1-src.
func (m *Match) ownerSelf(src int) starlark.Value {
	if src >= 0 {
		return m.objValue(src)
	}
	f := m.frameAt(-1 - src)
	return &paramsValue{m: m, st: f.st, values: f.params}
}

// appendWanted appends to want the wrappers while clause cw (the ci-th of
// owner src) calls for on targets: in target order, each target's names in
// the clause's order.
func appendWanted(want []wrapInst, src, ci int, cw *cwhile, targets []int) []wrapInst {
	for _, t := range targets {
		for _, name := range cw.w.Target {
			want = append(want, wrapInst{src: src, clause: ci, target: t, name: name, cw: cw})
		}
	}
	return want
}

// checkPlan fails when plan is not the memos a scan of the owners would
// ask now, in its order (with checkReads: a change of owners that
// sameOwners missed).
func (m *Match) checkPlan(plan []planEntry) error {
	i := 0
	next := func(src int, cc *cclauses, ob *object) bool {
		visit := func(kind uint8, ci, slot int, cond *hook) bool {
			if i >= len(plan) {
				return false
			}
			e := &plan[i]
			i++
			return e.kind == kind && e.src == src && int(e.ci) == ci && e.mm.cond == cond && e.mm == m.memoAt(src, slot)
		}
		nw, nwe := len(cc.while), len(cc.while)+len(cc.whenever)
		for ci, cw := range cc.while {
			if cw.cond != nil && !visit(planWhile, ci, ci, cw.cond) {
				return false
			}
		}
		for ci, tr := range cc.whenever {
			if !visit(planWhenever, ci, nw+ci, tr.cond) {
				return false
			}
		}
		for ci, tr := range cc.when {
			if (ob == nil || ob.fired&(1<<ci) == 0) && !visit(planWhen, ci, nwe+ci, tr.cond) {
				return false
			}
		}
		return true
	}
	same := true
	for fi := range m.st.frames {
		if f := m.frameAt(fi); same && f.st.clauses.active() {
			same = next(-1-fi, f.st.clauses, nil)
		}
	}
	for _, ob := range m.st.objs {
		if same && ob.typ.c.active() {
			same = next(ob.id, ob.typ.c, ob)
		}
	}
	if !same || i != len(plan) {
		return errPlanStale
	}
	return nil
}

// errPlanStale is checkPlan's failure.
var errPlanStale = errors.New("engine: settle followed a plan of clauses a scan of the owners would not ask (a change of owners was not seen)")

// memoAt returns the memo of clause slot of src as memoOf finds it, without
// making one (nil: none).
func (m *Match) memoAt(src, slot int) *clauseMemo {
	list, i := m.objMemos, src
	if src < 0 {
		list, i = m.frameMemos, -1-src
	}
	if i >= len(list) || slot >= len(list[i]) {
		return nil
	}
	return &list[i][slot]
}
