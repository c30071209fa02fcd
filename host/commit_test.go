package host

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/rulestudio/studio/graph"
)

// gatedStore is a DirStore whose saves wait to be let through.
type gatedStore struct {
	*DirStore
	entered chan struct{} // a save began
	release chan struct{} // let it go on
}

func (g *gatedStore) Save(i int, rec graph.Record) error {
	g.entered <- struct{}{}
	<-g.release
	return g.DirStore.Save(i, rec)
}

// The snapshot of a new step is made while its moves are stored, and shown
// only once they are: no page, and no update stream, learns of a move that
// a kill could still lose.
func TestStepShownOnlyOnceStored(t *testing.T) {
	d, err := NewDirStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	gs := &gatedStore{DirStore: d, entered: make(chan struct{}), release: make(chan struct{})}
	srv, err := New(Config{Pack: bundled(t, "tictactoe"), Source: "tictactoe", Seats: seatsOf("human,human"), Seed: 1, State: t.TempDir(), Store: gs})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer func() { hs.Close(); srv.Close() }()
	ts := &testServer{Server: srv, url: hs.URL, tokens: srv.state.Tokens}
	for range 3 {
		seat := ts.state(t, 1, ts.tokens[0][1]).Scene.Turn[0]
		st := ts.state(t, 1, ts.tokens[0][seat])
		posted := make(chan int)
		go func() {
			code, _ := ts.post(t, 1, ts.tokens[0][seat], st.Step, st.Actions[0], 0)
			posted <- code
		}()
		<-gs.entered
		time.Sleep(20 * time.Millisecond) // the new step's snapshot is made meanwhile
		if now := ts.state(t, 1, ts.tokens[0][0]); now.Step != st.Step {
			t.Errorf("while the move posted at step %d was stored, the spectator was shown step %d", st.Step, now.Step)
		}
		gs.release <- struct{}{}
		if code := <-posted; code != 200 {
			t.Fatalf("move: %d", code)
		}
		if now := ts.state(t, 1, ts.tokens[0][0]); now.Step == st.Step {
			t.Errorf("the move stored, the spectator is still shown step %d", now.Step)
		}
	}
}
