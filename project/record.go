package project

import (
	"cmp"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/rulestudio/studio/graph"
)

// Match is a recorded match kept in the project: the revision of the pack
// it was played on, a name for people, when it was stored, and its record
// (graph.Record: pack name and hash, seed, seats and bots, clocks, moves,
// the bots' source after them).
// Replaying the moves on that revision with the same seed and seats gives
// the same events (SEMANTICS.md, determinism).
type Match struct {
	ID       int64
	Revision int64
	Name     string
	Time     time.Time // when it was stored (UTC)
	Record   graph.Record
}

// legacyMove is a move as schemas 1 to 3 stored it (log_form 1).
type legacyMove struct {
	Seat   int             `json:"seat"` // 0-based
	Action string          `json:"action"`
	Args   json.RawMessage `json:"args,omitempty"`
}

// AddMatch stores m (its ID and Time are set by the project; the record's
// Source is not kept: the revision is the pack) and returns its id. The
// revision must exist.
func (p *Project) AddMatch(m Match) (int64, error) {
	r := m.Record
	names, bots := make([]string, len(r.Seats)), make([]string, len(r.Seats))
	for i, s := range r.Seats {
		names[i], bots[i] = s.Name, s.Bot
	}
	var cols [3][]byte
	for i, v := range []any{names, bots, orEmpty(r.Moves)} {
		data, err := json.Marshal(v)
		if err != nil {
			return 0, p.wrap("add match", err)
		}
		cols[i] = data
	}
	var id int64
	err := p.update("add match", func(tx *sql.Tx) (bool, error) {
		res, err := tx.Exec("INSERT INTO match (revision, name, seed, seats, log, time, pack, pack_hash, bots, clock, log_form, bots_source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 2, ?)",
			m.Revision, m.Name, int64(r.Seed), string(cols[0]), string(cols[2]), time.Now().UTC().Format(time.RFC3339Nano),
			r.Pack, r.PackHash, string(cols[1]), r.ClockMS, botsSource(r.BotsSource))
		if err != nil {
			return false, err
		}
		id, err = res.LastInsertId()
		return err == nil, err
	})
	return id, err
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// botsSource is a record's bots' source as the bots_source column holds
// it: the state's bits as an int64 (as seed), or NULL.
func botsSource(state *uint64) any {
	if state == nil {
		return nil
	}
	return int64(*state)
}

// matchColumns are the columns scanMatch reads: those of schema 6, or their
// defaults in a file of an older schema opened read-only (not upgraded).
func (p *Project) matchColumns() string {
	cols := "id, revision, name, seed, seats, log, time, pack, pack_hash, bots, clock, log_form"
	if p.version < 4 {
		cols = "id, revision, name, seed, seats, log, time, '', '', '[]', 0, 1"
	}
	if p.version < 6 {
		return cols + ", NULL"
	}
	return cols + ", bots_source"
}

func scanMatch(scan func(...any) error) (Match, error) {
	var m Match
	var seed int64
	var seats, log, t, bots string
	var form int
	var source sql.NullInt64
	r := &m.Record
	if err := scan(&m.ID, &m.Revision, &m.Name, &seed, &seats, &log, &t, &r.Pack, &r.PackHash, &bots, &r.ClockMS, &form, &source); err != nil {
		return Match{}, err
	}
	r.Format, r.Seed = graph.RecordFormat, uint64(seed)
	if source.Valid {
		state := uint64(source.Int64)
		r.BotsSource = &state
	}
	var names, botNames []string
	if err := json.Unmarshal([]byte(seats), &names); err != nil {
		return Match{}, fmt.Errorf("match %d seats: %w", m.ID, err)
	}
	if err := json.Unmarshal([]byte(bots), &botNames); err != nil {
		return Match{}, fmt.Errorf("match %d bots: %w", m.ID, err)
	}
	r.Seats = make([]graph.Seat, len(names))
	for i, n := range names {
		r.Seats[i].Name = n
		if i < len(botNames) {
			r.Seats[i].Bot = botNames[i]
		}
	}
	moves, err := readLog(log, form)
	if err != nil {
		return Match{}, fmt.Errorf("match %d moves: %w", m.ID, err)
	}
	r.Moves = moves
	m.Time, err = time.Parse(time.RFC3339Nano, t)
	return m, err
}

// readLog reads a match's moves in the form log_form says.
func readLog(log string, form int) ([]graph.Move, error) {
	switch form {
	case 2:
		var moves []graph.Move
		err := json.Unmarshal([]byte(log), &moves)
		return moves, err
	case 1:
		var old []legacyMove
		if err := json.Unmarshal([]byte(log), &old); err != nil {
			return nil, err
		}
		moves := make([]graph.Move, len(old))
		for i, o := range old {
			moves[i] = graph.Move{Player: o.Seat + 1, Action: o.Action, Args: o.Args}
		}
		return moves, nil
	}
	return nil, fmt.Errorf("moves stored in form %d, newer than this studio reads", form)
}

// Match returns the recorded match id.
func (p *Project) Match(id int64) (Match, error) {
	what := fmt.Sprintf("match %d", id)
	m, err := scanMatch(p.db.QueryRow("SELECT "+p.matchColumns()+" FROM match WHERE id = ?", id).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return Match{}, p.wrap(what, ErrNotFound)
	}
	return m, p.wrap(what, err)
}

// Matches returns every recorded match, oldest first.
func (p *Project) Matches() ([]Match, error) {
	rows, err := p.db.Query("SELECT " + p.matchColumns() + " FROM match ORDER BY id")
	if err != nil {
		return nil, p.wrap("matches", err)
	}
	defer rows.Close()
	var out []Match
	for rows.Next() {
		m, err := scanMatch(rows.Scan)
		if err != nil {
			return nil, p.wrap("matches", err)
		}
		out = append(out, m)
	}
	return out, p.wrap("matches", rows.Err())
}

// UpdateMatch replaces the moves and the bots' source of recorded match id
// with rec's, in one transaction (a hosted match, `studio serve`, grows
// by one move at a time and each is stored before it is acknowledged).
// The match's revision, name, seed and seats stay; a match that is not
// there is ErrNotFound.
func (p *Project) UpdateMatch(id int64, rec graph.Record) error {
	what := fmt.Sprintf("update match %d", id)
	moves, err := json.Marshal(orEmpty(rec.Moves))
	if err != nil {
		return p.wrap(what, err)
	}
	return p.update(what, func(tx *sql.Tx) (bool, error) {
		res, err := tx.Exec("UPDATE match SET log = ?, log_form = 2, bots_source = ? WHERE id = ?", string(moves), botsSource(rec.BotsSource), id)
		if err != nil {
			return false, err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return false, cmp.Or(err, ErrNotFound)
		}
		return true, nil
	})
}

// DeleteMatch removes the recorded match id.
func (p *Project) DeleteMatch(id int64) error {
	return p.deleteRow("match", id)
}

// Breakpoint is a debugger breakpoint kept in the project: its id and the
// breakpoint (graph.Breakpoint: kind, state, clause, target, condition, n,
// enabled).
type Breakpoint struct {
	ID int64
	graph.Breakpoint
}

// AddBreakpoint stores b (its ID is set by the project) and returns its id.
// A breakpoint its kind does not allow (graph.Breakpoint.Check) is refused.
func (p *Project) AddBreakpoint(b Breakpoint) (int64, error) {
	if err := b.Check(); err != nil {
		return 0, p.wrap("add breakpoint", err)
	}
	var id int64
	err := p.update("add breakpoint", func(tx *sql.Tx) (bool, error) {
		res, err := tx.Exec("INSERT INTO breakpoint (kind, state, clause, target, condition, n, enabled) VALUES (?, ?, ?, ?, ?, ?, ?)",
			string(b.Kind), b.State, b.Clause, b.Target, b.Condition, b.N, b.Enabled)
		if err != nil {
			return false, err
		}
		id, err = res.LastInsertId()
		return err == nil, err
	})
	return id, err
}

// UpdateBreakpoint replaces breakpoint b.ID with b.
func (p *Project) UpdateBreakpoint(b Breakpoint) error {
	what := fmt.Sprintf("breakpoint %d", b.ID)
	if err := b.Check(); err != nil {
		return p.wrap(what, err)
	}
	return p.update(what, func(tx *sql.Tx) (bool, error) {
		res, err := tx.Exec("UPDATE breakpoint SET kind = ?, state = ?, clause = ?, target = ?, condition = ?, n = ?, enabled = ? WHERE id = ?",
			string(b.Kind), b.State, b.Clause, b.Target, b.Condition, b.N, b.Enabled, b.ID)
		if err != nil {
			return false, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return false, ErrNotFound
		}
		return true, nil
	})
}

// Breakpoints returns every breakpoint, in the order they were added. (A
// file of schema 2 or 3 opened read-only gives its breakpoints as entering
// a state or a clause firing, as migration 4 makes them.)
func (p *Project) Breakpoints() ([]Breakpoint, error) {
	cols := "id, kind, state, clause, target, condition, n, enabled"
	if p.version < 4 {
		cols = "id, CASE WHEN clause != '' THEN 'clause' ELSE 'enter' END, state, clause, '', condition, 0, enabled"
	}
	rows, err := p.db.Query("SELECT " + cols + " FROM breakpoint ORDER BY id")
	if err != nil {
		return nil, p.wrap("breakpoints", err)
	}
	defer rows.Close()
	var out []Breakpoint
	for rows.Next() {
		var b Breakpoint
		var kind string
		if err := rows.Scan(&b.ID, &kind, &b.State, &b.Clause, &b.Target, &b.Condition, &b.N, &b.Enabled); err != nil {
			return nil, p.wrap("breakpoints", err)
		}
		b.Kind = graph.BreakKind(kind)
		out = append(out, b)
	}
	return out, p.wrap("breakpoints", rows.Err())
}

// DeleteBreakpoint removes breakpoint id.
func (p *Project) DeleteBreakpoint(id int64) error {
	return p.deleteRow("breakpoint", id)
}

// deleteRow deletes row id of table (a constant of this package).
func (p *Project) deleteRow(table string, id int64) error {
	return p.update(fmt.Sprintf("delete %s %d", table, id), func(tx *sql.Tx) (bool, error) {
		res, err := tx.Exec("DELETE FROM "+table+" WHERE id = ?", id)
		if err != nil {
			return false, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return false, ErrNotFound
		}
		return true, nil
	})
}
