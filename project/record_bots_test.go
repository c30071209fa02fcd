package project

import (
	"fmt"
	"path/filepath"
	"testing"
)

// TestMatchBotsSourceSchema5: a match recorded in a schema 5 file, before
// the bots' source was kept, reads without one, read-only and upgraded; a
// match added after the upgrade keeps its own, and one without keeps none.
func TestMatchBotsSourceSchema5(t *testing.T) {
	path := filepath.Join(t.TempDir(), "five"+Extension)
	p, err := create(path, 5)
	if err != nil {
		t.Fatal(err)
	}
	r := mustSave(t, p, sketch(t), "")
	p.Close()
	rawExec(t, path, fmt.Sprintf(`INSERT INTO match (revision, name, seed, seats, log, time, pack, pack_hash, bots, log_form)
		VALUES (%d, 'old', 3, '["ann",""]', '[{"player":1,"action":"go"}]', '2026-01-01T00:00:00Z', 'sketch', 'sha256:ab', '["","random"]', 2)`, r.ID))
	for _, readOnly := range []bool{true, false} {
		q, err := Open(path, Options{ReadOnly: readOnly})
		if err != nil {
			t.Fatal(err)
		}
		ms, err := q.Matches()
		if err != nil || len(ms) != 1 || ms[0].Record.BotsSource != nil || ms[0].Record.Seats[1].Bot != "random" {
			t.Fatalf("read-only %v: matches %+v %v", readOnly, ms, err)
		}
		if !readOnly {
			state := uint64(7)
			m := ms[0]
			m.Record.BotsSource = &state
			id, err := q.AddMatch(m)
			if err != nil {
				t.Fatal(err)
			}
			got, err := q.Match(id)
			if err != nil || got.Record.BotsSource == nil || *got.Record.BotsSource != 7 {
				t.Errorf("match added after the upgrade: %+v %v", got.Record, err)
			}
			m.Record.BotsSource = nil
			if id, err = q.AddMatch(m); err != nil {
				t.Fatal(err)
			}
			if got, err = q.Match(id); err != nil || got.Record.BotsSource != nil {
				t.Errorf("match without a bots' source: %+v %v", got.Record, err)
			}
		}
		q.Close()
	}
}
