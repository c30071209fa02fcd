package project

import (
	"database/sql"
	"slices"
)

// SaveWatches replaces the debugger's watched expressions (Starlark, as
// typed) with exprs, in their order. They are not revisioned: watching an
// expression is not an edit of the rules. An unchanged list writes nothing.
func (p *Project) SaveWatches(exprs []string) error {
	return p.update("save watches", func(tx *sql.Tx) (bool, error) {
		cur, err := readWatches(tx)
		if err != nil || slices.Equal(cur, exprs) {
			return false, err
		}
		if _, err := tx.Exec("DELETE FROM watch"); err != nil {
			return false, err
		}
		for i, e := range exprs {
			if _, err := tx.Exec("INSERT INTO watch (seq, expr) VALUES (?, ?)", i, e); err != nil {
				return false, err
			}
		}
		return true, nil
	})
}

// Watches returns the debugger's watched expressions, in order. A file of
// a schema older than 7 opened read-only has none.
func (p *Project) Watches() ([]string, error) {
	if p.version < 7 {
		return nil, nil
	}
	out, err := readWatches(p.db)
	return out, p.wrap("watches", err)
}

// readWatches reads the watch table's expressions, in order (nil when it
// has none).
func readWatches(q queryer) ([]string, error) {
	rows, err := q.Query("SELECT expr FROM watch ORDER BY seq")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
