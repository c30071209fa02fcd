package scene

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestBuildIsPure: building a scene twice gives the same JSON and leaves
// the match as it was (its step and events).
func TestBuildIsPure(t *testing.T) {
	s := played(t, bundled(t, "seeds"), 3, 25)
	m := s.Match()
	step, events := m.Step(), len(m.Events())
	var first []byte
	for i := 0; i < 3; i++ {
		sc, err := Build(s.Pack(), m, 2)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(sc)
		if first == nil {
			first = data
		} else if string(data) != string(first) {
			t.Fatalf("build %d differs from the first:\n%s\n%s", i+1, data, first)
		}
	}
	if m.Step() != step || len(m.Events()) != events {
		t.Errorf("building changed the match: step %d, %d events; was %d, %d", m.Step(), len(m.Events()), step, events)
	}
}

// TestBuildPlacesSeats: the viewer sits at the bottom and the others round
// the table to its left; the designer sees from seat 1's place.
func TestBuildPlacesSeats(t *testing.T) {
	s := played(t, bundled(t, "hearts"), 1, 10)
	for _, tt := range []struct {
		seat int
		want string
	}{
		{Designer, "1:bottom 2:left 3:top 4:right"},
		{1, "1:bottom 2:left 3:top 4:right"},
		{3, "3:bottom 4:left 1:top 2:right"},
	} {
		sc, err := Build(s.Pack(), s.Match(), tt.seat)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, a := range sc.Areas[1:] {
			got = append(got, strings.Join([]string{itoa(a.Seat), a.Side}, ":"))
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("seat %d: %s, want %s", tt.seat, strings.Join(got, " "), tt.want)
		}
	}
	if _, err := Build(s.Pack(), s.Match(), 5); err == nil || err.Error() != "scene: there is no seat 5 (the match has 4)" {
		t.Errorf("seat 5: %v", err)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
