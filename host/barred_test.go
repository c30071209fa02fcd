package host

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// TestStateSaysWhatIsBarred: a seat that has moves is told, in the
// designer's words, which of its state's actions it cannot take now and
// by which rule (a precondition's require), as the window and studio play
// tell the designer; the seat waiting for the other is told nothing.
func TestStateSaysWhatIsBarred(t *testing.T) {
	data, _ := assets.Pack("tictactoe")
	src := strings.Replace(string(data), "possibleactions: [mark]", "possibleactions: [mark, resign]", 1)
	src = strings.Replace(src, "actions:\n", `actions:
  resign:
    precondition: require(len(board.empty()) < 5, "no one resigns before the board is half full")
    body: |
      next_state("mark")
`, 1)
	p, err := graph.Parse([]byte(src), "resign.yaml")
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Config{Pack: p, Source: "resign.yaml", Seats: seatsOf("human,human"), Seed: 1, Matches: 1, State: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	ts := &testServer{Server: srv, url: hs.URL, tokens: srv.state.Tokens}

	st := ts.state(t, 1, ts.tokens[0][1])
	if len(st.Barred) != 1 {
		t.Fatalf("seat 1, deciding, is told %+v, want resign barred", st.Barred)
	}
	b := st.Barred[0]
	if b.Action != "resign" || b.Said != "no one resigns before the board is half full" || b.Rule != "the precondition of resign" || b.Line == 0 {
		t.Errorf("barred %+v", b)
	}
	if other := ts.state(t, 1, ts.tokens[0][2]); len(other.Barred) != 0 {
		t.Errorf("seat 2, waiting, is told %+v", other.Barred)
	}
}
