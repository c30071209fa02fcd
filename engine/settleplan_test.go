package engine

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// withoutSettlePlans runs f with every settle pass that runs scanning the
// owners, and none skipped.
func withoutSettlePlans(f func()) {
	settlePlans = false
	defer func() { settlePlans = true }()
	withoutSettleSkips(f)
}

// TestSettlePlansAsScan: random matches of every pack with clauses (the
// seed effects, readsPack, the preview's) give the same decisions, views and
// event logs with settle passes following the last pass's plan as with
// every pass scanning the owners, and with every answer of a plan asked
// again and the plan checked against a scan.
func TestSettlePlansAsScan(t *testing.T) {
	seeds := uint64(16)
	if testing.Short() {
		seeds = 4
	}
	for _, c := range settlePacks(t) {
		if !c.p.clauses {
			continue
		}
		for seed := uint64(1); seed <= seeds; seed++ {
			for _, history := range []bool{false, true} {
				var scanned, checked string
				withoutSettlePlans(func() { scanned = playoutRecord(t, c.p, c.name, 2, seed, history) })
				withCheckedReads(func() { checked = playoutRecord(t, c.p, c.name, 2, seed, history) })
				got := playoutRecord(t, c.p, c.name, 2, seed, history)
				if got != scanned || got != checked {
					t.Errorf("following plans changed the match:\n     got %s\n scanned %s\n checked %s", got, scanned, checked)
				}
			}
		}
	}
}

// TestSettleFollowsPlans: most settle passes of a random seed effects match
// that are not skipped follow the last pass's plan, and the match asks,
// computes and reuses the same answers as when every pass scans.
func TestSettleFollowsPlans(t *testing.T) {
	p := bundled(t, "seeds")
	var evals, reused, passes int
	withoutSettlePlans(func() {
		m := newMatch(t, p, 2, Options{Seed: 3, NoHistory: true})
		if _, err := m.Play(NewRandomBot(3), 0); err != nil {
			t.Fatal(err)
		}
		evals, reused, passes = m.evals, m.reused, m.settlePasses
	})
	withoutSettleSkips(func() {
		m := newMatch(t, p, 2, Options{Seed: 3, NoHistory: true})
		if _, err := m.Play(NewRandomBot(3), 0); err != nil {
			t.Fatal(err)
		}
		if m.evals != evals || m.reused != reused || m.settlePasses != passes {
			t.Errorf("with plans %d answers computed, %d reused in %d passes; scanning %d, %d in %d", m.evals, m.reused, m.settlePasses, evals, reused, passes)
		}
		if planned := m.sbuf.planPasses; 10*planned < 8*m.settlePasses {
			t.Errorf("%d of %d passes followed a plan: want at least 80%%", planned, m.settlePasses)
		}
	})
}

// TestSettlePlanChecked: with checkReads, a pass following a plan that a
// scan would not ask (here: a when clause that fired, put back without the
// plan dropped) fails, and a scan after forgetSettle does not.
func TestSettlePlanChecked(t *testing.T) {
	m := seedsMatch(t)
	healer := card("healer", 0)
	run(t, m, healer+".zone = 'battlefield'") // its when clause fires at the next settle
	if err := m.settle(); err != nil {
		t.Fatal(err)
	}
	ob := m.objW(objID(t, m, healer))
	if ob.fired == 0 {
		t.Fatal("the healer's when clause did not fire")
	}
	if err := m.settle(); err != nil { // a scan: the fired clause left the plan
		t.Fatal(err)
	}
	ob = m.objW(ob.id)
	ob.fired = 0 // the clause is back: a scan asks it, the plan does not
	withCheckedReads(func() {
		if err := m.settle(); !errors.Is(err, errPlanStale) {
			t.Errorf("settle followed a stale plan: %v, want %v", err, errPlanStale)
		}
		m.forgetSettle()
		if err := m.settle(); err != nil {
			t.Errorf("settle after forgetSettle: %v", err)
		}
	})
}

// objID returns the id of the object src names in m.
func objID(t *testing.T, m *Match, src string) int {
	t.Helper()
	v, err := m.Eval(src)
	if err != nil {
		t.Fatal(err)
	}
	o, ok := v.(*objectValue)
	if !ok {
		t.Fatalf("%s is %s, not an object", src, v.Type())
	}
	return o.id
}

// TestWindowAsUnwritten: for stamps that last held where a window begins,
// the window misses a stamp exactly when the log finds it unwritten, over
// random logs, positions of the past and summaries (cuts included).
func TestWindowAsUnwritten(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	bits := func() wpart {
		var w wpart
		for range rng.IntN(3) {
			w = w.or(partBits(uint8(rng.IntN(int(rdStep)+1)), rng.IntN(80)))
		}
		return w
	}
	misses, hits := 0, 0
	for range 20000 {
		l := newWriteLog(nil)
		var positions []uint64
		for range rng.IntN(12) {
			positions = append(positions, l.now())
			switch rng.IntN(10) {
			case 0:
				l.cut()
			case 1:
				l.prevAt = positions[rng.IntN(len(positions))]
			default:
				l.wrote(uint8(rng.IntN(int(rdStep))), rng.IntN(80))
			}
		}
		positions = append(positions, l.now(), noPos)
		at, prevAt := positions[rng.IntN(len(positions))], positions[rng.IntN(len(positions))]
		st := stamp{sum: bits(), at: at, prevAt: prevAt}
		if rng.IntN(2) == 0 {
			st.past = bits()
		}
		l.prevAt = positions[rng.IntN(len(positions))]
		w := l.window(at, prevAt)
		got, want := w.misses(&st), l.unwritten(&st)
		if got != want {
			t.Fatalf("window from %d (past %d) misses %v, the log finds it unwritten %v: stamp %+v, log %+v", at, prevAt, got, want, st, l)
		}
		if got {
			misses++
		} else {
			hits++
		}
	}
	if misses < 1000 || hits < 1000 {
		t.Errorf("%d misses and %d hits: the cases are not both tried", misses, hits)
	}
}

// TestRederiveKeepsNoPlan: asking an owner's while clauses for their
// wrappers alone (a determinized fork's rederive) records no plan and so
// allocates nothing when the answers are reused.
func TestRederiveKeepsNoPlan(t *testing.T) {
	m := seedsMatch(t)
	id := objID(t, m, card("sky_drake", 0))
	ob := m.lookup(id)
	self := m.objValue(id)
	var want []wrapInst
	if _, err := m.wantWhile(want, nil, id, ob.typ.c, self); err != nil { // the answer made
		t.Fatal(err)
	}
	want = make([]wrapInst, 0, 8)
	if got := testing.AllocsPerRun(50, func() { want, _ = m.wantWhile(want[:0], nil, id, ob.typ.c, self) }); got != 0 {
		t.Errorf("wantWhile without a plan made %.0f allocations: want none", got)
	}
}
