package preview

import (
	"fmt"
	"testing"
	"time"
)

// TestInOrderWaits: results put out of order come out in order; a result a
// whole window ahead of the next one due waits until that one is put.
func TestInOrderWaits(t *testing.T) {
	var got []uint64
	o := newInOrder(2, func(i int, r Result) {
		if uint64(i) != r.Seed {
			t.Errorf("index %d with the result of seed %d", i, r.Seed)
		}
		got = append(got, r.Seed)
	})
	o.put(1, Result{Seed: 1})
	put2 := make(chan struct{})
	go func() { o.put(2, Result{Seed: 2}); close(put2) }()
	select {
	case <-put2:
		t.Fatal("the result of index 2 was taken with index 0 still due and a window of 2")
	case <-time.After(50 * time.Millisecond):
	}
	o.put(0, Result{Seed: 0})
	<-put2
	o.put(3, Result{Seed: 3})
	if fmt.Sprint(got) != "[0 1 2 3]" || o.maxHeld > 2 || o.nHeld != 0 {
		t.Errorf("handed on %v, held at most %d, %d left", got, o.maxHeld, o.nHeld)
	}
}

// TestPlayEach: Play hands Each the results in seed order with three jobs,
// the same results Simulate returns with one.
func TestPlayEach(t *testing.T) {
	p := program(t, "seeds")
	sim := Simulation{Matches: 40, Seed: 9, Seats: 2, Record: true, Source: "seeds", Jobs: 1}
	want, err := Simulate(p, sim)
	if err != nil {
		t.Fatal(err)
	}
	sim.Jobs = 3
	n := 0
	sim.Each = func(i int, r Result) {
		if i != n || describe(r) != describe(want[i]) {
			t.Errorf("call %d: index %d, %s; want %s", n, i, describe(r), describe(want[n]))
		}
		n++
	}
	if err := Play(p, sim); err != nil || n != len(want) {
		t.Fatalf("%d results, %v", n, err)
	}
}
