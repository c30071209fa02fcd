package project

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pmezard/go-difflib/difflib"
	"github.com/rulestudio/studio/graph"
)

// Revision is one saved state of the rule pack. Revisions are numbered from 1 in
// the order they were made and are never changed or removed.
type Revision struct {
	ID      int64
	Time    time.Time // UTC
	Message string    // optional
}

// queryer is what *sql.DB and *sql.Tx have in common.
type queryer interface {
	QueryRow(query string, args ...any) *sql.Row
	Query(query string, args ...any) (*sql.Rows, error)
}

// storedDoc is a document as a revision holds it.
type storedDoc struct {
	kind, name, path, hash string
}

func hashOf(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// latestRevision returns the newest revision's id, 0 when there is none.
func latestRevision(q queryer) (int64, error) {
	var id sql.NullInt64
	if err := q.QueryRow("SELECT max(id) FROM revision").Scan(&id); err != nil {
		return 0, err
	}
	return id.Int64, nil
}

// revisionDocs returns the documents of revision rev without their text.
func revisionDocs(q queryer, rev int64) ([]storedDoc, error) {
	rows, err := q.Query("SELECT kind, name, path, hash FROM document WHERE revision = ? ORDER BY seq", rev)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []storedDoc
	for rows.Next() {
		var d storedDoc
		if err := rows.Scan(&d.kind, &d.name, &d.path, &d.hash); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// readDocuments returns the documents of revision rev with their YAML, from a
// file of schema version (see migrations/003_chunks.sql for the two forms).
func readDocuments(q queryer, rev int64, version int) ([]graph.Document, error) {
	query := `SELECT d.seq, d.kind, d.name, d.path, b.yaml FROM document d LEFT JOIN blob b ON b.hash = d.hash
		WHERE d.revision = ? ORDER BY d.seq`
	if version < 3 {
		query = strings.Replace(query, "LEFT JOIN", "JOIN", 1)
	}
	rows, err := q.Query(query, rev)
	if err != nil {
		return nil, err
	}
	var out []graph.Document
	var seqs []int64
	for rows.Next() {
		var d graph.Document
		var kind string
		var seq int64
		if err := rows.Scan(&seq, &kind, &d.Name, &d.Path, &d.YAML); err != nil {
			rows.Close()
			return nil, err
		}
		d.Kind = graph.DocumentKind(kind)
		out = append(out, d)
		seqs = append(seqs, seq)
	}
	rows.Close()
	if err := rows.Err(); err != nil || version < 3 {
		return out, err
	}
	for i := range out {
		if out[i].YAML != nil {
			continue // saved whole by schema 1 or 2
		}
		text, err := readChunks(q, rev, seqs[i])
		if err != nil {
			return nil, err
		}
		out[i].YAML = text
	}
	return out, nil
}

// readChunks concatenates the chunks of document seq of revision rev.
func readChunks(q queryer, rev, seq int64) ([]byte, error) {
	rows, err := q.Query(`SELECT b.yaml FROM chunk c JOIN blob b ON b.hash = c.hash
		WHERE c.revision = ? AND c.seq = ? ORDER BY c.n`, rev, seq)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	text := []byte{}
	for rows.Next() {
		var b []byte
		if err := rows.Scan(&b); err != nil {
			return nil, err
		}
		text = append(text, b...)
	}
	return text, rows.Err()
}

// chunks cuts a document's YAML before each line that starts a top-level key or
// a top-level list item ("  - "), so that each state of states.yaml is a chunk.
// Concatenating the chunks gives text back.
func chunks(text []byte) [][]byte {
	var out [][]byte
	start := 0
	for i := 0; i < len(text); {
		j := bytes.IndexByte(text[i:], '\n')
		end := len(text)
		if j >= 0 {
			end = i + j + 1
		}
		line := text[i:end]
		if i > start && (len(line) > 0 && line[0] != ' ' && line[0] != '\n' || bytes.HasPrefix(line, []byte("  - "))) {
			out = append(out, text[start:i])
			start = i
		}
		i = end
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

func sameDocs(a, b []storedDoc) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Save stores pack as a new revision with an optional message, in one
// transaction, and returns it. The pack's editor positions go to the layout
// table (see [Project.SaveLayout]), not into the revision; a pack whose Editor is
// nil leaves the layout as it is. A save that changes nothing (same documents,
// same layout, no autosave to clear) writes nothing and returns the current
// revision. Saving clears the autosave.
func (p *Project) Save(pack *graph.Pack, message string) (Revision, error) {
	if p.readOnly {
		return Revision{}, p.wrap("save", ErrReadOnly)
	}
	all, err := graph.Documents(pack)
	if err != nil {
		return Revision{}, p.wrap("save", err)
	}
	docs := all[:0:0]
	for _, d := range all {
		if d.Kind != graph.EditorDoc {
			docs = append(docs, d)
		}
	}
	stored := make([]storedDoc, len(docs))
	for i, d := range docs {
		stored[i] = storedDoc{kind: string(d.Kind), name: d.Name, path: d.Path, hash: hashOf(d.YAML)}
		if err := p.checkNew(d, stored[i].hash); err != nil {
			return Revision{}, p.wrap("save: the pack does not read back", err)
		}
	}
	var positions map[string]graph.Point
	if pack.Editor != nil {
		positions = pack.Editor.Positions
		if positions == nil {
			positions = map[string]graph.Point{}
		}
	}

	tx, err := p.db.Begin()
	if err != nil {
		return Revision{}, p.wrap("save", err)
	}
	defer tx.Rollback()
	cur, err := latestRevision(tx)
	if err != nil {
		return Revision{}, p.wrap("save", err)
	}
	var prev []storedDoc
	if cur != 0 {
		if prev, err = revisionDocs(tx, cur); err != nil {
			return Revision{}, p.wrap("save", err)
		}
	}
	wrote := false
	rev := Revision{ID: cur}
	if cur == 0 || !sameDocs(prev, stored) {
		rev = Revision{Time: time.Now().UTC(), Message: message}
		res, err := tx.Exec("INSERT INTO revision (time, message) VALUES (?, ?)", rev.Time.Format(time.RFC3339Nano), message)
		if err != nil {
			return Revision{}, p.wrap("save", err)
		}
		if rev.ID, err = res.LastInsertId(); err != nil {
			return Revision{}, p.wrap("save", err)
		}
		if err := insertDocuments(tx, p.version, rev.ID, docs, stored); err != nil {
			return Revision{}, p.wrap("save", err)
		}
		wrote = true
	}
	if positions != nil {
		w, err := writeLayout(tx, positions)
		if err != nil {
			return Revision{}, p.wrap("save", err)
		}
		wrote = wrote || w
	}
	res, err := tx.Exec("DELETE FROM autosave")
	if err != nil {
		return Revision{}, p.wrap("save", err)
	}
	if n, _ := res.RowsAffected(); n > 0 {
		wrote = true
	}
	if !wrote {
		return p.revision(tx, cur)
	}
	if rev.Time.IsZero() { // layout or autosave only: report the current revision
		if rev, err = p.revision(tx, cur); err != nil {
			return Revision{}, err
		}
	}
	if err := tx.Commit(); err != nil {
		return Revision{}, p.wrap("save", err)
	}
	return rev, nil
}

// checkNew makes sure that Save never commits what Open would refuse: the text
// of a document not stored yet must read back. (Stored text was checked when it
// was saved.) Only its new chunks are read: a state's chunk under the
// document's first line ("states:"), any other chunk alone; so an edit of one
// state of a large pack reads that state, not the whole graph.
func (p *Project) checkNew(d graph.Document, hash string) error {
	seen := func(query, hash string) (bool, error) {
		var one int
		err := p.db.QueryRow(query, hash).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return false, nil
		}
		return err == nil, err
	}
	if ok, err := seen("SELECT 1 FROM document WHERE hash = ? LIMIT 1", hash); ok || err != nil {
		return err
	}
	if p.version < 3 {
		return d.Check()
	}
	cs := chunks(d.YAML)
	for _, c := range cs {
		if ok, err := seen("SELECT 1 FROM blob WHERE hash = ?", hashOf(c)); ok || err != nil {
			if err != nil {
				return err
			}
			continue
		}
		part := d
		part.YAML = c
		if bytes.HasPrefix(c, []byte("  - ")) {
			part.YAML = append(append([]byte{}, cs[0]...), c...)
		}
		if err := part.Check(); err != nil {
			return err
		}
	}
	return nil
}

// insertDocuments stores the documents of revision rev: each document's row and
// its chunks, each chunk's text once in blob (or, in a file of schema 1 or 2,
// each document's whole text).
func insertDocuments(tx execer, version int, rev int64, docs []graph.Document, stored []storedDoc) error {
	for i, d := range docs {
		if version < 3 {
			if _, err := tx.Exec("INSERT OR IGNORE INTO blob (hash, yaml) VALUES (?, ?)", stored[i].hash, d.YAML); err != nil {
				return err
			}
		}
		if _, err := tx.Exec("INSERT INTO document (revision, seq, kind, name, path, hash) VALUES (?, ?, ?, ?, ?, ?)",
			rev, i, stored[i].kind, stored[i].name, stored[i].path, stored[i].hash); err != nil {
			return err
		}
		if version < 3 {
			continue
		}
		for n, c := range chunks(d.YAML) {
			h := hashOf(c)
			if _, err := tx.Exec("INSERT OR IGNORE INTO blob (hash, yaml) VALUES (?, ?)", h, c); err != nil {
				return err
			}
			if _, err := tx.Exec("INSERT INTO chunk (revision, seq, n, hash) VALUES (?, ?, ?, ?)", rev, i, n, h); err != nil {
				return err
			}
		}
	}
	return nil
}

// revision reads revision id.
func (p *Project) revision(q queryer, id int64) (Revision, error) {
	var r Revision
	var t string
	err := q.QueryRow("SELECT id, time, message FROM revision WHERE id = ?", id).Scan(&r.ID, &t, &r.Message)
	if errors.Is(err, sql.ErrNoRows) {
		return Revision{}, p.wrap(fmt.Sprintf("revision %d", id), ErrNotFound)
	}
	if err != nil {
		return Revision{}, p.wrap(fmt.Sprintf("revision %d", id), err)
	}
	if r.Time, err = time.Parse(time.RFC3339Nano, t); err != nil {
		return Revision{}, p.wrap(fmt.Sprintf("revision %d", id), err)
	}
	return r, nil
}

// Latest returns the newest revision; ErrEmpty when there is none.
func (p *Project) Latest() (Revision, error) {
	id, err := latestRevision(p.db)
	if err != nil {
		return Revision{}, p.wrap("latest revision", err)
	}
	if id == 0 {
		return Revision{}, p.wrap("latest revision", ErrEmpty)
	}
	return p.revision(p.db, id)
}

// Pack returns the latest revision's pack, with the layout table's positions as
// its Editor (nil when the layout is empty) and the project's path as its
// Source. Each call returns a new pack the caller may change. ErrEmpty when
// the project has no revision.
func (p *Project) Pack() (*graph.Pack, error) {
	id, err := latestRevision(p.db)
	if err != nil {
		return nil, p.wrap("read pack", err)
	}
	if id == 0 {
		return nil, p.wrap("read pack", ErrEmpty)
	}
	var pack *graph.Pack
	if p.first != nil && p.firstRev == id {
		pack = p.first // read by Open's checks; handed out once
		p.first = nil
	} else if pack, err = p.PackAt(id); err != nil {
		return nil, err
	}
	pos, err := p.Layout()
	if err != nil {
		return nil, err
	}
	if len(pos) > 0 {
		pack.Editor = &graph.Editor{Positions: pos}
	}
	pack.Source = p.path
	return pack, nil
}

// PackAt returns the pack of revision rev, without editor positions.
func (p *Project) PackAt(rev int64) (*graph.Pack, error) {
	what := fmt.Sprintf("revision %d", rev)
	docs, err := readDocuments(p.db, rev, p.version)
	if err != nil {
		return nil, p.wrap(what, err)
	}
	if len(docs) == 0 {
		return nil, p.wrap(what, ErrNotFound)
	}
	pack, err := graph.JoinDocuments(docs)
	if err != nil {
		return nil, p.wrap(what, err)
	}
	pack.Source = p.path
	return pack, nil
}

// Documents returns the documents of revision rev.
func (p *Project) Documents(rev int64) ([]graph.Document, error) {
	docs, err := readDocuments(p.db, rev, p.version)
	if err != nil {
		return nil, p.wrap(fmt.Sprintf("revision %d", rev), err)
	}
	if len(docs) == 0 {
		return nil, p.wrap(fmt.Sprintf("revision %d", rev), ErrNotFound)
	}
	return docs, nil
}

// Revisions lists every revision, oldest first.
func (p *Project) Revisions() ([]Revision, error) {
	rows, err := p.db.Query("SELECT id, time, message FROM revision ORDER BY id")
	if err != nil {
		return nil, p.wrap("revisions", err)
	}
	defer rows.Close()
	var out []Revision
	for rows.Next() {
		var r Revision
		var t string
		if err := rows.Scan(&r.ID, &t, &r.Message); err != nil {
			return nil, p.wrap("revisions", err)
		}
		if r.Time, err = time.Parse(time.RFC3339Nano, t); err != nil {
			return nil, p.wrap("revisions", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, p.wrap("revisions", err)
	}
	return out, nil
}

// Diff returns the unified diff (3 lines of context) from revision a to
// revision b, document by document in b's order (then documents only a has),
// each headed "--- a/PATH" "+++ b/PATH" as git writes them; a document one side
// lacks is /dev/null there. Equal revisions give "".
func (p *Project) Diff(a, b int64) (string, error) {
	da, err := p.Documents(a)
	if err != nil {
		return "", err
	}
	db, err := p.Documents(b)
	if err != nil {
		return "", err
	}
	byPath := func(docs []graph.Document) map[string]string {
		m := make(map[string]string, len(docs))
		for _, d := range docs {
			m[d.Path] = string(d.YAML)
		}
		return m
	}
	ma, mb := byPath(da), byPath(db)
	var paths []string
	for _, d := range db {
		paths = append(paths, d.Path)
	}
	for _, d := range da {
		if _, ok := mb[d.Path]; !ok {
			paths = append(paths, d.Path)
		}
	}
	var out strings.Builder
	for _, path := range paths {
		ta, inA := ma[path]
		tb, inB := mb[path]
		if ta == tb {
			continue
		}
		from, to := fmt.Sprintf("a/%s (revision %d)", path, a), fmt.Sprintf("b/%s (revision %d)", path, b)
		if !inA {
			from = "/dev/null"
		}
		if !inB {
			to = "/dev/null"
		}
		text, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
			A: splitLines(ta), B: splitLines(tb),
			FromFile: from, ToFile: to, Context: 3,
		})
		if err != nil {
			return "", p.wrap("diff", err)
		}
		out.WriteString(text)
	}
	return out.String(), nil
}

// splitLines splits s after each newline, for difflib (whose own SplitLines
// adds an empty last line to text that ends in a newline).
func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	} else {
		lines[len(lines)-1] += "\n\\ No newline at end of file\n"
	}
	return lines
}

// Restore makes a new revision whose pack is revision rev's, with the message
// "restore revision N", and returns it; no revision is changed or removed.
// When the latest revision already holds that pack, nothing is written and the
// latest revision is returned. The layout table is left as it is.
func (p *Project) Restore(rev int64) (Revision, error) {
	what := fmt.Sprintf("restore revision %d", rev)
	if p.readOnly {
		return Revision{}, p.wrap(what, ErrReadOnly)
	}
	tx, err := p.db.Begin()
	if err != nil {
		return Revision{}, p.wrap(what, err)
	}
	defer tx.Rollback()
	old, err := revisionDocs(tx, rev)
	if err != nil {
		return Revision{}, p.wrap(what, err)
	}
	if len(old) == 0 {
		return Revision{}, p.wrap(what, ErrNotFound)
	}
	cur, err := latestRevision(tx)
	if err != nil {
		return Revision{}, p.wrap(what, err)
	}
	now, err := revisionDocs(tx, cur)
	if err != nil {
		return Revision{}, p.wrap(what, err)
	}
	if sameDocs(old, now) {
		return p.revision(tx, cur)
	}
	r := Revision{Time: time.Now().UTC(), Message: fmt.Sprintf("restore revision %d", rev)}
	res, err := tx.Exec("INSERT INTO revision (time, message) VALUES (?, ?)", r.Time.Format(time.RFC3339Nano), r.Message)
	if err != nil {
		return Revision{}, p.wrap(what, err)
	}
	if r.ID, err = res.LastInsertId(); err != nil {
		return Revision{}, p.wrap(what, err)
	}
	if _, err := tx.Exec(`INSERT INTO document (revision, seq, kind, name, path, hash)
		SELECT ?, seq, kind, name, path, hash FROM document WHERE revision = ?`, r.ID, rev); err != nil {
		return Revision{}, p.wrap(what, err)
	}
	if _, err := tx.Exec(`INSERT INTO chunk (revision, seq, n, hash)
		SELECT ?, seq, n, hash FROM chunk WHERE revision = ?`, r.ID, rev); err != nil {
		return Revision{}, p.wrap(what, err)
	}
	if err := tx.Commit(); err != nil {
		return Revision{}, p.wrap(what, err)
	}
	return r, nil
}
