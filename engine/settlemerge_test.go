package engine

import (
	"cmp"
	"slices"
	"testing"
)

// byPart orders reads for comparing two merges as sets.
func byPart(a, b read) int {
	if c := cmp.Compare(a.kind, b.kind); c != 0 {
		return c
	}
	if a.past != b.past {
		if a.past {
			return 1
		}
		return -1
	}
	if c := cmp.Compare(a.id, b.id); c != 0 {
		return c
	}
	return cmp.Compare(a.ver, b.ver)
}

// mergedByAdd is what keepSettled kept before mergeReads: every read of
// memos passed to add under a track of its own.
func mergedByAdd(m *Match, memos []*clauseMemo) []read {
	var out []read
	_ = m.track(&out, func() error {
		for _, mm := range memos {
			for _, r := range mm.reads {
				m.add(r)
			}
		}
		return nil
	})
	return out
}

// checkMerge fails unless mergeReads of memos holds the reads add kept,
// each once (in any order: unchanged asks about every one).
func checkMerge(t *testing.T, m *Match, memos []*clauseMemo, what string) {
	t.Helper()
	got := m.mergeReads(nil, memos)
	want := mergedByAdd(m, memos)
	slices.SortFunc(got, byPart)
	slices.SortFunc(want, byPart)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: merged %+v\nadd kept %+v", what, got, want)
	}
}

// TestMergeReadsAsAdd: the reads a pass that fired nothing keeps (merged
// in mergeReads' loop of its own, other parts kept first) are those add
// kept, each part once: for reads made up to reach every path (objects
// past and present, read again, beyond rdSeen or with no id, other parts
// read again between objects, in the past and with another version), and
// for the memos of every clause after every move of random matches of the
// seed effects and of readsPack.
func TestMergeReadsAsAdd(t *testing.T) {
	m := seedsMatch(t)
	obj := func(id int32, past bool, ver uint64) read { return read{kind: rdObject, id: id, past: past, ver: ver} }
	part := func(kind uint8, id int32, past bool, ver uint64) read {
		return read{kind: kind, id: id, past: past, ver: ver}
	}
	far := int32(len(m.rdSeen)/2 + 40) // beyond rdSeen: it grows
	memos := []*clauseMemo{
		{reads: []read{part(rdMembers, 0, false, 7), obj(1, false, 3), obj(2, false, 4), part(rdActive, 0, false, 1)}},
		{reads: []read{obj(2, false, 4), obj(1, true, 2), part(rdMembers, 0, false, 7), obj(far, false, 9)}},
		{},
		{reads: []read{part(rdMembers, 0, true, 5), obj(far, false, 9), obj(-1, false, 0), obj(far, true, 8), part(rdPlayer, 1, false, 6)}},
		{reads: []read{obj(-1, false, 0), part(rdPlayer, 1, false, 6), part(rdPlayer, 0, false, 6), part(rdActive, 0, false, 1), obj(1, false, 3)}},
		{reads: []read{part(rdGame, 0, false, 11), part(rdMembers, 0, false, 7), part(rdStep, 0, false, 4), obj(3, true, 1)}},
	}
	checkMerge(t, m, memos, "made-up reads")
	if got := m.mergeReads(nil, memos); len(got) != 14 {
		t.Errorf("made-up reads: %d merged, want 14 parts: %+v", len(got), got)
	}

	rp, err := Parse([]byte(readsPack), "reads.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []*Program{bundled(t, "seeds"), rp} {
		for seed := uint64(1); seed <= 3; seed++ {
			m := newMatch(t, p, 2, Options{Seed: seed, NoHistory: true})
			merged := 0
			for ply := 0; ply < 40 && !m.Over(); ply++ {
				if _, err := m.Play(NewRandomBot(seed), 1); err != nil {
					t.Fatal(err)
				}
				var memos []*clauseMemo
				for _, ms := range append(slices.Clone(m.objMemos), m.frameMemos...) {
					for i := range ms {
						if ms[i].known {
							memos = append(memos, &ms[i])
						}
					}
				}
				checkMerge(t, m, memos, p.Pack.Name)
				merged += len(memos)
			}
			if merged == 0 {
				t.Fatalf("%s seed %d: no memos merged", p.Pack.Name, seed)
			}
		}
	}
}
