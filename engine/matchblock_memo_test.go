package engine

import (
	"reflect"
	"runtime"
	"runtime/debug"
	"testing"
)

// playSeeds plays a seed effects match of seed to its end with a random bot
// and returns the match (not released), its plies and its hash.
func playSeeds(t *testing.T, p *Program, seed uint64) (*Match, int, uint64) {
	t.Helper()
	m := newMatch(t, p, 2, Options{Seed: seed, NoHistory: true})
	n, err := m.Play(NewRandomBot(seed), 0)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return m, n, m.Hash()
}

// TestNewMatchTakesReleasedMemos: a match made in a released one's block
// settles in its clause memos (emptied, so every answer is its own: it
// plays as a match of a fresh program does).
func TestNewMatchTakesReleasedMemos(t *testing.T) {
	// One P and no collection make the pool give back what was put (see
	// TestDeterminizedForkReusesReleasedBuffers).
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	p := bundled(t, "seeds")
	first, _, _ := playSeeds(t, p, 1)
	had := map[*clauseMemo]bool{}
	for _, ms := range append(append([][]clauseMemo(nil), first.objMemos...), first.frameMemos...) {
		if len(ms) > 0 {
			had[&ms[0]] = true
		}
	}
	if len(had) == 0 {
		t.Fatal("the first match made no clause memos")
	}
	first.Release()
	second, plies, hash := playSeeds(t, p, 2)
	kept := 0
	for _, ms := range append(append([][]clauseMemo(nil), second.objMemos...), second.frameMemos...) {
		if len(ms) > 0 && had[&ms[0]] {
			kept++
		}
	}
	if kept == 0 {
		t.Errorf("the second match made all its %d memo lists anew, none of the released match's", len(had))
	}
	_, freshPlies, freshHash := playSeeds(t, bundled(t, "seeds"), 2)
	if plies != freshPlies || hash != freshHash {
		t.Errorf("in a released block: %d plies, hash %x; in a fresh program: %d plies, hash %x", plies, hash, freshPlies, freshHash)
	}
	second.Release()
}

// TestNewMatchTakesReleasedSettleBufs: a match made in a released one's
// block settles in its settle buffers (emptied: its first pass is a full
// one, and it plays as a match of a fresh program does).
func TestNewMatchTakesReleasedSettleBufs(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1)) // see TestNewMatchTakesReleasedMemos
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	p := bundled(t, "seeds")
	first, _, _ := playSeeds(t, p, 3)
	sb := first.sbuf
	if sb == nil || cap(sb.last.plan) == 0 || cap(sb.log.parts) == 0 {
		t.Fatal("the first match's settle left no buffers")
	}
	first.Release()
	m := newMatch(t, p, 2, Options{Seed: 4, NoHistory: true})
	if m.sbuf != sb {
		t.Errorf("the second match settled in new buffers, not the released match's")
	}
	n, err := m.Play(NewRandomBot(4), 0)
	if err != nil {
		t.Fatal(err)
	}
	_, freshPlies, freshHash := playSeeds(t, bundled(t, "seeds"), 4)
	if n != freshPlies || m.Hash() != freshHash {
		t.Errorf("in a released block: %d plies, hash %x; in a fresh program: %d plies, hash %x", n, m.Hash(), freshPlies, freshHash)
	}
	m.Release()
}

// TestNewMatchTakesReleasedObjIndex: a match made in a released one's block
// marks its objects in the released index's arrays (marking every object
// again at its first loop: it plays as a match of a fresh program does).
func TestNewMatchTakesReleasedObjIndex(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1)) // see TestNewMatchTakesReleasedMemos
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	p := bundled(t, "seeds")
	first, _, _ := playSeeds(t, p, 5)
	ix := first.oix
	if ix == nil || len(ix.vars) == 0 || cap(ix.vars[0].at) == 0 {
		t.Fatal("the first match made no index of its objects")
	}
	at := &ix.vars[0].at[:1][0]
	first.Release()
	second, plies, hash := playSeeds(t, p, 6)
	if second.oix != ix || &second.oix.vars[0].at[:1][0] != at {
		t.Errorf("the second match made a new index of its objects, not in the released match's")
	}
	_, freshPlies, freshHash := playSeeds(t, bundled(t, "seeds"), 6)
	if plies != freshPlies || hash != freshHash {
		t.Errorf("in a released block: %d plies, hash %x; in a fresh program: %d plies, hash %x", plies, hash, freshPlies, freshHash)
	}
	second.Release()
}

// TestNewMatchTakesReleasedObjectsMemos: a match made in a released one's
// block keeps objects()'s answers, the reads' stamps and the dead stacks'
// spares in the released match's (emptied: no answer, no stamp, no stack of
// it is seen, and it plays as a match of a fresh program does).
func TestNewMatchTakesReleasedObjectsMemos(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1)) // see TestNewMatchTakesReleasedMemos
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	p := bundled(t, "seeds")
	first, _, _ := playSeeds(t, p, 7)
	ms, sp := first.objsMemo, first.spares
	if ms == nil || len(first.rdSeen) == 0 || sp == nil {
		t.Fatal("the first match made no objects() answers, no reads' stamps or no spares")
	}
	seen, stamps := &first.rdSeen[0], first.rdSeen
	first.Release()
	if !reflect.DeepEqual(*ms, objectsMemos{scratch: ms.scratch}) || len(ms.scratch) != 0 || ms.scratch[:1][0] != nil {
		t.Errorf("the released answers are kept: %+v", *ms)
	}
	for i, s := range stamps {
		if s != 0 {
			t.Fatalf("stamp %d is %d after the release, want none", i, s)
		}
	}
	if sp.boards != nil || len(sp.frameLists) != 0 || sp.tables != nil || sp.seats != nil {
		t.Errorf("the released spares are kept: %d stacks, %d boards, %d tables", len(sp.frameLists), len(sp.boards), len(sp.tables))
	}
	m := newMatch(t, p, 2, Options{Seed: 8, NoHistory: true})
	if m.objsMemo != ms || m.spares != sp || len(m.rdSeen) == 0 || &m.rdSeen[0] != seen {
		t.Fatalf("the second match starts with new memos, stamps or spares, not the released match's")
	}
	n, err := m.Play(NewRandomBot(8), 0)
	if err != nil {
		t.Fatal(err)
	}
	_, freshPlies, freshHash := playSeeds(t, bundled(t, "seeds"), 8)
	if n != freshPlies || m.Hash() != freshHash {
		t.Errorf("in a released block: %d plies, hash %x; in a fresh program: %d plies, hash %x", n, m.Hash(), freshPlies, freshHash)
	}
	m.Release()
}

// TestNewMatchMakesRoomForTheLastMatchsObjects: a match made in a released
// one's block makes its objects' list once, with room for as many objects
// as the released match had (append's doublings made six lists to hold the
// seed effects' 18), and plays as a match of a fresh program does.
func TestNewMatchMakesRoomForTheLastMatchsObjects(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1)) // see TestNewMatchTakesReleasedMemos
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	p := bundled(t, "seeds")
	first, _, _ := playSeeds(t, p, 9)
	n := len(first.st.objs)
	first.Release()
	m := newMatch(t, p, 2, Options{Seed: 10, NoHistory: true})
	if len(m.st.objs) != n || cap(m.st.objs) > n+n/4 {
		t.Errorf("after setup: %d objects in room for %d, want %d in about as much room", len(m.st.objs), cap(m.st.objs), n)
	}
	plies, err := m.Play(NewRandomBot(10), 0)
	if err != nil {
		t.Fatal(err)
	}
	_, freshPlies, freshHash := playSeeds(t, bundled(t, "seeds"), 10)
	if plies != freshPlies || m.Hash() != freshHash {
		t.Errorf("in a released block: %d plies, hash %x; in a fresh program: %d plies, hash %x", plies, m.Hash(), freshPlies, freshHash)
	}
	m.Release()
}
