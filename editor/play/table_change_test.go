package play

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/scene"
)

// TestTableShowsAChangeForAMoment: in a Hearts match of four random bots,
// at the first step that changes a counter, the table stepped forward to
// it shows that counter's value before ("yes ← no"); the next step, which
// does not change it, shows it plain; and back at that step and forward
// again, once its moment has passed, the table is drawn plain.
func TestTableShowsAChangeForAMoment(t *testing.T) {
	test.NewTempApp(t)
	old := changeMoment
	changeMoment = time.Minute // the steps below come before it passes
	t.Cleanup(func() { changeMoment = old })
	q := &queue{}
	p := New()
	p.Do = q.do
	w := test.NewWindow(p.PlayPanel())
	w.Resize(fyne.NewSize(1200, 800))
	t.Cleanup(w.Close)
	seats := []graph.Seat{{Bot: "random"}, {Bot: "random"}, {Bot: "random"}, {Bot: "random"}}
	if err := p.Start(testpack.Bundled(t, "hearts"), preview.Config{Seed: 3, Seats: seats, MaxSteps: 200}); err != nil {
		t.Fatal(err)
	}
	p.ShowPlayTab(TableTab)
	q.settle(p)

	// The first step k at which a counter of the designer's scene changes.
	s := p.sess
	k, id, before, after := 0, "", "", ""
	var prev *scene.Scene
	for step := 0; step <= s.Head() && k == 0; step++ {
		if err := s.JumpTo(step); err != nil {
			t.Fatal(err)
		}
		sc, err := scene.Build(s.Pack(), s.Match(), scene.Designer)
		if err != nil {
			t.Fatal(err)
		}
		if prev != nil {
			for _, c := range counters(sc) {
				if was, ok := counters(prev)[c.ID]; ok && was.Value != c.Value && k == 0 {
					k, id, before, after = step, c.ID, was.Value, c.Value
				}
			}
		}
		prev = sc
	}
	if k == 0 {
		t.Fatal("no counter changes in the match")
	}
	jump := func(step int) {
		t.Helper()
		if err := s.JumpTo(step); err != nil {
			t.Fatal(err)
		}
		p.show()
		q.settle(p)
	}
	jump(k - 1)
	if c := shownCounter(t, p, id); c.Before != "" {
		t.Fatalf("at step %d %s reads %q ← %q before any step forward", k-1, id, c.Value, c.Before)
	}
	p.Forward()
	q.settle(p)
	if c := shownCounter(t, p, id); c.Value != after || c.Before != before {
		t.Errorf("after the step to %d, %s reads %q ← %q, want %q ← %q", k, id, c.Value, c.Before, after, before)
	}
	p.Forward()
	q.settle(p)
	if c := shownCounter(t, p, id); c.Before != "" {
		t.Errorf("after the next step %s still reads %q ← %q", id, c.Value, c.Before)
	}

	changeMoment = 50 * time.Millisecond
	jump(k - 1)
	p.Forward()
	time.Sleep(4 * changeMoment)
	q.settle(p)
	if c := shownCounter(t, p, id); c.Before != "" || p.table.scenes[0].Step != k {
		t.Errorf("after its moment %s still reads %q ← %q at step %d", id, c.Value, c.Before, p.table.scenes[0].Step)
	}
}

// counters returns the counters of sc by id.
func counters(sc *scene.Scene) map[string]scene.Counter {
	out := map[string]scene.Counter{}
	for _, a := range sc.Areas {
		for _, c := range a.Counters {
			out[c.ID] = c
		}
	}
	return out
}

// shownCounter returns the counter id of the designer's scene the table
// shows.
func shownCounter(t *testing.T, p *Panels, id string) scene.Counter {
	t.Helper()
	if len(p.table.scenes) != 1 {
		t.Fatalf("the table shows %d scenes", len(p.table.scenes))
	}
	c, ok := counters(p.table.scenes[0])[id]
	if !ok {
		t.Fatalf("no counter %s on the table", id)
	}
	return c
}
