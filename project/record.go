package project

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Match is a recorded match: the pack revision it ran on, its seed, its seats
// and the actions taken. Replaying the moves on the same revision with the same
// seed and seats gives the same events (SEMANTICS.md, determinism).
type Match struct {
	ID       int64
	Revision int64
	Name     string
	Seed     int64
	Seats    []string // player names in seat order
	Moves    []Move
	Time     time.Time // when it was recorded (UTC)
}

// Move is one action of a recorded match.
type Move struct {
	Seat   int             `json:"seat"`           // 0-based seat of the acting player
	Action string          `json:"action"`         // action name
	Args   json.RawMessage `json:"args,omitempty"` // the action's arguments, as the engine encodes them
}

// AddMatch records m (its ID and Time are set by the project) and returns its
// id. The revision must exist.
func (p *Project) AddMatch(m Match) (int64, error) {
	seats, err := json.Marshal(orEmpty(m.Seats))
	if err != nil {
		return 0, p.wrap("add match", err)
	}
	moves, err := json.Marshal(orEmpty(m.Moves))
	if err != nil {
		return 0, p.wrap("add match", err)
	}
	var id int64
	err = p.update("add match", func(tx *sql.Tx) (bool, error) {
		res, err := tx.Exec("INSERT INTO match (revision, name, seed, seats, log, time) VALUES (?, ?, ?, ?, ?, ?)",
			m.Revision, m.Name, m.Seed, string(seats), string(moves), time.Now().UTC().Format(time.RFC3339Nano))
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

const matchColumns = "id, revision, name, seed, seats, log, time"

func scanMatch(scan func(...any) error) (Match, error) {
	var m Match
	var seats, moves, t string
	if err := scan(&m.ID, &m.Revision, &m.Name, &m.Seed, &seats, &moves, &t); err != nil {
		return Match{}, err
	}
	if err := json.Unmarshal([]byte(seats), &m.Seats); err != nil {
		return Match{}, fmt.Errorf("match %d seats: %w", m.ID, err)
	}
	if err := json.Unmarshal([]byte(moves), &m.Moves); err != nil {
		return Match{}, fmt.Errorf("match %d moves: %w", m.ID, err)
	}
	var err error
	m.Time, err = time.Parse(time.RFC3339Nano, t)
	return m, err
}

// Match returns the recorded match id.
func (p *Project) Match(id int64) (Match, error) {
	what := fmt.Sprintf("match %d", id)
	m, err := scanMatch(p.db.QueryRow("SELECT "+matchColumns+" FROM match WHERE id = ?", id).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return Match{}, p.wrap(what, ErrNotFound)
	}
	return m, p.wrap(what, err)
}

// Matches returns every recorded match, oldest first.
func (p *Project) Matches() ([]Match, error) {
	rows, err := p.db.Query("SELECT " + matchColumns + " FROM match ORDER BY id")
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

// DeleteMatch removes the recorded match id.
func (p *Project) DeleteMatch(id int64) error {
	return p.deleteRow("match", id)
}

// Breakpoint is a debugger breakpoint: stop when State is entered (or, with
// Clause, when that clause runs) and Condition holds.
type Breakpoint struct {
	ID        int64
	State     string // state id as written; "" for any state
	Clause    string // e.g. "object_types/creature/whenever/lord"; "" for entering the state
	Condition string // pure Starlark expression; "" for always
	Enabled   bool
}

// AddBreakpoint stores b (its ID is set by the project) and returns its id.
func (p *Project) AddBreakpoint(b Breakpoint) (int64, error) {
	var id int64
	err := p.update("add breakpoint", func(tx *sql.Tx) (bool, error) {
		res, err := tx.Exec("INSERT INTO breakpoint (state, clause, condition, enabled) VALUES (?, ?, ?, ?)",
			b.State, b.Clause, b.Condition, b.Enabled)
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
	return p.update(what, func(tx *sql.Tx) (bool, error) {
		res, err := tx.Exec("UPDATE breakpoint SET state = ?, clause = ?, condition = ?, enabled = ? WHERE id = ?",
			b.State, b.Clause, b.Condition, b.Enabled, b.ID)
		if err != nil {
			return false, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return false, ErrNotFound
		}
		return true, nil
	})
}

// Breakpoints returns every breakpoint, in the order they were added.
func (p *Project) Breakpoints() ([]Breakpoint, error) {
	rows, err := p.db.Query("SELECT id, state, clause, condition, enabled FROM breakpoint ORDER BY id")
	if err != nil {
		return nil, p.wrap("breakpoints", err)
	}
	defer rows.Close()
	var out []Breakpoint
	for rows.Next() {
		var b Breakpoint
		if err := rows.Scan(&b.ID, &b.State, &b.Clause, &b.Condition, &b.Enabled); err != nil {
			return nil, p.wrap("breakpoints", err)
		}
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
