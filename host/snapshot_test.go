package host

import (
	"bytes"
	"testing"
)

// A move is answered without building what the viewers see at the new
// step: their states are built at the first read of any, from the match as
// it was at that step even when it has moved on since, byte for byte what
// they would have been built at the step itself.
func TestViewsBuiltAtTheirFirstRead(t *testing.T) {
	ts := startServer(t, "hearts", "human,human,human,human", 1, "")
	m := ts.ms[0]
	st := ts.state(t, 1, ts.tokens[0][1])
	if code, body := ts.post(t, 1, ts.tokens[0][1], st.Step, st.Actions[0], 0); code != 200 {
		t.Fatalf("seat 1's move: %d %s", code, body)
	}
	at := m.snap.Load()
	if at.made.Load() {
		t.Error("the move's answer waited for the viewers' states of the new step")
	}
	m.mu.Lock()
	ref := m.snapshot() // built at the step, as a reference
	if _, err := ref.view(0); err != nil {
		m.mu.Unlock()
		t.Fatal(err)
	}
	moves, err := m.sess.Match().LegalAll() // the match moves on: seat 2 gives too
	if err != nil || len(moves) == 0 {
		m.mu.Unlock()
		t.Fatalf("%d moves after seat 1's, %v", len(moves), err)
	}
	if _, err := m.sess.Take(moves[0]); err != nil {
		m.mu.Unlock()
		t.Fatal(err)
	}
	m.toHead()
	err = m.commit()
	m.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if m.snap.Load().step == at.step {
		t.Fatal("the match did not move on")
	}
	for v := range at.viewers {
		got, err := at.view(v)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := ref.view(v)
		a, err := got.bytes()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := want.bytes()
		if !bytes.Equal(a, b) {
			t.Errorf("viewer %d's state of step %d built after the match moved on differs from the one built at the step:\n%.300s\nwant\n%.300s", v, at.step, a, b)
		}
	}
}
