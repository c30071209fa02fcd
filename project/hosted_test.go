package project

import (
	"errors"
	"reflect"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// A hosted match (studio serve) is stored when it starts and its moves
// grow with each one accepted: UpdateMatch writes them, and the bots'
// source, in one transaction; what it stored reads back whole.
func TestUpdateMatchGrowsItsMoves(t *testing.T) {
	p := mustCreate(t)
	r := mustSave(t, p, sketch(t), "")
	rec := graph.Record{Format: graph.RecordFormat, Pack: "sketch", PackHash: "sha256:ab", Seed: 7,
		Seats: []graph.Seat{{}, {Bot: "random"}}, Moves: []graph.Move{}}
	id, err := p.AddMatch(Match{Revision: r.ID, Name: "hosted", Record: rec})
	if err != nil {
		t.Fatal(err)
	}
	src := uint64(99)
	rec.Moves = append(rec.Moves, graph.Move{Player: 1, Action: "pass"}, graph.Move{Player: 2, Action: "playCard", Args: []byte(`{"card":{"object":3}}`)})
	rec.BotsSource = &src
	if err := p.UpdateMatch(id, rec); err != nil {
		t.Fatal(err)
	}
	got, err := p.Match(id)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Record, rec) || got.Name != "hosted" || got.Revision != r.ID {
		t.Fatalf("match %+v, want record %+v", got, rec)
	}
	if err := p.UpdateMatch(id+1, rec); !errors.Is(err, ErrNotFound) {
		t.Fatalf("updating a match that is not there: %v, want ErrNotFound", err)
	}
}
