package preview

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
)

// rootStats searches d with b.Jobs trees at once and returns, for each of
// d.Moves, its visits and its seat's reward sum over all the trees (0 for a
// move no tree tried). Each job j > 0 runs on a goroutine of its own; the
// jobs' sources and forks are made first, in job order, on the calling
// goroutine, so that what each job does depends on the seed alone.
func (b *MCTS) rootStats(d *Decision) ([]int, []float64) {
	c := b.C
	if c == 0 {
		c = defaultC
	}
	jobs := max(1, b.Jobs)
	for len(b.trees) < jobs {
		b.trees = append(b.trees, new(tree))
	}
	b.trees = b.trees[:jobs]
	s := newSearch(d, b.Budget)
	searches := []*search{s}
	if jobs > 1 {
		searches = make([]*search, jobs)
		per, extra := s.b.Playouts/jobs, s.b.Playouts%jobs
		for j := range searches {
			js := *s
			js.rand = rand.New(newSplitmix(d.Rand.Uint64()))
			js.base = d.m.Fork()
			js.b.Playouts = per
			if j < extra {
				js.b.Playouts++
			}
			searches[j] = &js
		}
	}
	var wg sync.WaitGroup
	for j := 1; j < jobs; j++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			searches[j].grow(b.trees[j], c)
		}()
	}
	searches[0].grow(b.trees[0], c)
	wg.Wait()
	visits, sums := make([]int, len(d.Moves)), make([]float64, len(d.Moves))
	for _, t := range b.trees {
		for i, key := range s.keys {
			if k := t.child(0, key); k >= 0 {
				visits[i] += t.nodes[k].visits
				sums[i] += t.sum(k)[d.Seat]
			}
		}
	}
	return visits, sums
}

// grow empties t and runs s's iterations on it.
func (s *search) grow(t *tree, c float64) {
	t.reset(s.d.m.Seats(), s.d.Moves)
	r := make([]float64, s.d.m.Seats())
	for it := 0; s.more(it); it++ {
		clear(r)
		s.iterate(t, c, r)
	}
}

// OnJobs returns spec with ":jobs=N" added when it names MCTS without
// saying its jobs, and jobs > 1; any other spec as it is. The window plays
// one decision at a time and gives its MCTS seats the cores so; the spec
// made, kept in the match's seats and record, replays the same moves on
// any machine.
func OnJobs(spec string, jobs int) string {
	name, params, _ := strings.Cut(spec, ":")
	if name != "mcts" || jobs <= 1 || strings.Contains(":"+params, ":jobs=") {
		return spec
	}
	if params == "" {
		return fmt.Sprintf("mcts:jobs=%d", min(jobs, maxJobs))
	}
	return fmt.Sprintf("%s:jobs=%d", spec, min(jobs, maxJobs))
}
