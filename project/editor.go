package project

import (
	"bytes"
	"database/sql"
	"errors"
	"time"

	"github.com/rulestudio/studio/graph"
)

// execer is what *sql.DB and *sql.Tx have in common for writing.
type execer interface {
	queryer
	Exec(query string, args ...any) (sql.Result, error)
}

// SaveLayout replaces the editor's node positions (by state id as written) in
// one transaction. Positions are not revisioned: moving a box is not an edit of
// the rules. Equal positions write nothing.
func (p *Project) SaveLayout(positions map[string]graph.Point) error {
	return p.update("save layout", func(tx *sql.Tx) (bool, error) { return writeLayout(tx, positions) })
}

// writeLayout replaces the layout table's rows when they differ from positions
// and reports whether it wrote.
func writeLayout(tx execer, positions map[string]graph.Point) (bool, error) {
	cur, err := readLayout(tx)
	if err != nil {
		return false, err
	}
	if len(cur) == len(positions) {
		same := true
		for k, v := range positions {
			if c, ok := cur[k]; !ok || c != v {
				same = false
				break
			}
		}
		if same {
			return false, nil
		}
	}
	if _, err := tx.Exec("DELETE FROM layout"); err != nil {
		return false, err
	}
	for k, v := range positions {
		if _, err := tx.Exec("INSERT INTO layout (state, x, y) VALUES (?, ?, ?)", k, v.X, v.Y); err != nil {
			return false, err
		}
	}
	return true, nil
}

func readLayout(q queryer) (map[string]graph.Point, error) {
	rows, err := q.Query("SELECT state, x, y FROM layout")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]graph.Point{}
	for rows.Next() {
		var k string
		var pt graph.Point
		if err := rows.Scan(&k, &pt.X, &pt.Y); err != nil {
			return nil, err
		}
		out[k] = pt
	}
	return out, rows.Err()
}

// Layout returns the editor's node positions by state id; empty when the editor
// has not placed any.
func (p *Project) Layout() (map[string]graph.Point, error) {
	m, err := readLayout(p.db)
	if err != nil {
		return nil, p.wrap("layout", err)
	}
	return m, nil
}

// SaveTabs replaces the list of the editor's open tabs.
func (p *Project) SaveTabs(tabs []string) error {
	return p.update("save tabs", func(tx *sql.Tx) (bool, error) {
		if _, err := tx.Exec("DELETE FROM tab"); err != nil {
			return false, err
		}
		for i, t := range tabs {
			if _, err := tx.Exec("INSERT INTO tab (seq, name) VALUES (?, ?)", i, t); err != nil {
				return false, err
			}
		}
		return true, nil
	})
}

// Tabs returns the editor's open tabs, in order.
func (p *Project) Tabs() ([]string, error) {
	rows, err := p.db.Query("SELECT name FROM tab ORDER BY seq")
	if err != nil {
		return nil, p.wrap("tabs", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, p.wrap("tabs", err)
		}
		out = append(out, s)
	}
	return out, p.wrap("tabs", rows.Err())
}

// Autosave keeps pack (editor positions included) as the project's autosaved
// state, replacing the previous one, in one transaction; no revision is made.
// The editor calls it after a few seconds of idle following an edit. An
// unchanged autosave writes nothing.
func (p *Project) Autosave(pack *graph.Pack) error {
	var buf bytes.Buffer
	if err := graph.WriteMultiDoc(&buf, pack); err != nil {
		return p.wrap("autosave", err)
	}
	return p.update("autosave", func(tx *sql.Tx) (bool, error) {
		var cur []byte
		err := tx.QueryRow("SELECT yaml FROM autosave WHERE id = 1").Scan(&cur)
		if err == nil && bytes.Equal(cur, buf.Bytes()) {
			return false, nil
		}
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return false, err
		}
		base, err := latestRevision(tx)
		if err != nil {
			return false, err
		}
		var b any
		if base != 0 {
			b = base
		}
		_, err = tx.Exec("INSERT OR REPLACE INTO autosave (id, time, base, yaml) VALUES (1, ?, ?, ?)",
			time.Now().UTC().Format(time.RFC3339Nano), b, buf.Bytes())
		return err == nil, err
	})
}

// Recover returns the autosaved pack, and true, when the studio stopped after an
// autosave and before the next save: the editor offers it to the designer, who
// saves it or calls [Project.DiscardAutosave].
func (p *Project) Recover() (*graph.Pack, bool, error) {
	var data []byte
	err := p.db.QueryRow("SELECT yaml FROM autosave WHERE id = 1").Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, p.wrap("recover autosave", err)
	}
	pack, err := graph.ReadMultiDoc(data, p.path+" (autosave)")
	if err != nil {
		return nil, false, p.wrap("recover autosave", err)
	}
	pack.Source = p.path
	return pack, true, nil
}

// DiscardAutosave forgets the autosaved state.
func (p *Project) DiscardAutosave() error {
	return p.update("discard autosave", func(tx *sql.Tx) (bool, error) {
		res, err := tx.Exec("DELETE FROM autosave")
		if err != nil {
			return false, err
		}
		n, _ := res.RowsAffected()
		return n > 0, nil
	})
}

// update runs f in one write transaction, committing only when f reports that
// it wrote.
func (p *Project) update(what string, f func(tx *sql.Tx) (bool, error)) error {
	if p.readOnly {
		return p.wrap(what, ErrReadOnly)
	}
	tx, err := p.db.Begin()
	if err != nil {
		return p.wrap(what, err)
	}
	defer tx.Rollback()
	wrote, err := f(tx)
	if err != nil {
		return p.wrap(what, err)
	}
	if !wrote {
		return nil
	}
	return p.wrap(what, tx.Commit())
}
