package project

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// Scenario is a scenario test kept in the project (see package
// preview/scenario for what its YAML says): a name, unique in the project,
// its YAML as written (comments kept), and its expected event transcript.
type Scenario struct {
	Name   string
	YAML   []byte
	Events []byte    // the blessed transcript, one event a line; nil: none
	Time   time.Time // when this version was stored (UTC); set by the project
}

// CheckScenarioName returns an error unless name can name a stored
// scenario: not empty, no slash, no line break, no surrounding spaces.
func CheckScenarioName(name string) error {
	switch {
	case name == "":
		return errors.New("a scenario needs a name")
	case strings.ContainsAny(name, "/\\\n\r"):
		return fmt.Errorf("scenario name %q: no slashes or line breaks", name)
	case strings.TrimSpace(name) != name:
		return fmt.Errorf("scenario name %q: no spaces around it", name)
	}
	return nil
}

// normalText gives text LF line ends and one final newline, so that the
// same scenario typed on two systems is stored once.
func normalText(b []byte) []byte {
	b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	b = bytes.TrimRight(b, "\n")
	return append(b[:len(b):len(b)], '\n')
}

// scenarioQuery selects the newest version of each scenario that is not
// deleted; more conditions follow it.
const scenarioQuery = `SELECT s.name, y.yaml, s.events, e.yaml, s.time FROM scenario s
	JOIN blob y ON y.hash = s.hash LEFT JOIN blob e ON e.hash = s.events
	WHERE s.id IN (SELECT max(id) FROM scenario GROUP BY name)`

func scanScenario(scan func(...any) error) (Scenario, error) {
	var s Scenario
	var events sql.NullString
	var t string
	if err := scan(&s.Name, &s.YAML, &events, &s.Events, &t); err != nil {
		return Scenario{}, err
	}
	if events.Valid && s.Events == nil {
		s.Events = []byte{} // an empty transcript, not none
	}
	var err error
	s.Time, err = time.Parse(time.RFC3339Nano, t)
	return s, err
}

// Scenarios returns the project's scenarios by name. A file of a schema
// older than 5 opened read-only has none.
func (p *Project) Scenarios() ([]Scenario, error) {
	if p.version < 5 {
		return nil, nil
	}
	rows, err := p.db.Query(scenarioQuery + " ORDER BY s.name")
	if err != nil {
		return nil, p.wrap("scenarios", err)
	}
	defer rows.Close()
	var out []Scenario
	for rows.Next() {
		s, err := scanScenario(rows.Scan)
		if err != nil {
			return nil, p.wrap("scenarios", err)
		}
		out = append(out, s)
	}
	return out, p.wrap("scenarios", rows.Err())
}

// Scenario returns the scenario name; the error wraps [ErrNotFound] when
// the project has none of that name.
func (p *Project) Scenario(name string) (Scenario, error) {
	what := "scenario " + name
	if p.version < 5 {
		return Scenario{}, p.wrap(what, ErrNotFound)
	}
	s, err := scanScenario(p.db.QueryRow(scenarioQuery+" AND s.name = ?", name).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return Scenario{}, p.wrap(what, ErrNotFound)
	}
	return s, p.wrap(what, err)
}

// PutScenario stores s, adding it or replacing the scenario of its name
// (the old version stays in the history). Its YAML gets LF line ends and a
// final newline; a name [CheckScenarioName] refuses, or text that is not
// YAML, is an error. Putting a scenario that is already stored, same text
// and same transcript, writes nothing.
func (p *Project) PutScenario(s Scenario) error { return p.PutScenarios(s) }

// PutScenarios is [PutScenario] of each of ss in one transaction: all are
// stored or none (studio scenario add of several files, killed half way,
// stores none). A refused one is an error naming it, before anything is
// written.
func (p *Project) PutScenarios(ss ...Scenario) error {
	what := "put scenarios"
	if len(ss) == 1 {
		what = "put scenario " + ss[0].Name
	}
	texts := make([][]byte, len(ss))
	for i, s := range ss {
		if err := CheckScenarioName(s.Name); err != nil {
			return p.wrap("put scenario "+s.Name, err)
		}
		texts[i] = normalText(s.YAML)
		var node yaml.Node
		if err := yaml.Unmarshal(texts[i], &node); err != nil {
			return p.wrap("put scenario "+s.Name, err)
		}
	}
	return p.update(what, func(tx *sql.Tx) (bool, error) {
		wrote := false
		for i, s := range ss {
			w, err := putScenario(tx, s, texts[i])
			if err != nil {
				return false, fmt.Errorf("%s: %w", s.Name, err)
			}
			wrote = wrote || w
		}
		return wrote, nil
	})
}

// putScenario adds scenario s, its YAML text, in tx unless its latest
// version is the same, and reports whether it wrote.
func putScenario(tx *sql.Tx, s Scenario, text []byte) (bool, error) {
	hash := hashOf(text)
	var events sql.NullString
	if s.Events != nil {
		events = sql.NullString{String: hashOf(s.Events), Valid: true}
	}
	var oldHash, oldEvents sql.NullString
	err := tx.QueryRow("SELECT hash, events FROM scenario WHERE name = ? ORDER BY id DESC LIMIT 1", s.Name).Scan(&oldHash, &oldEvents)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return false, err
	}
	if err == nil && oldHash.Valid && oldHash.String == hash && oldEvents == events {
		return false, nil
	}
	if _, err := tx.Exec("INSERT OR IGNORE INTO blob (hash, yaml) VALUES (?, ?)", hash, text); err != nil {
		return false, err
	}
	if events.Valid {
		if _, err := tx.Exec("INSERT OR IGNORE INTO blob (hash, yaml) VALUES (?, ?)", events.String, s.Events); err != nil {
			return false, err
		}
	}
	_, err = tx.Exec("INSERT INTO scenario (name, hash, events, time) VALUES (?, ?, ?, ?)",
		s.Name, hash, events, time.Now().UTC().Format(time.RFC3339Nano))
	return err == nil, err
}

// DeleteScenario removes the scenario name (its history stays); the error
// wraps [ErrNotFound] when the project has none of that name.
func (p *Project) DeleteScenario(name string) error {
	return p.update("delete scenario "+name, func(tx *sql.Tx) (bool, error) {
		var hash sql.NullString
		err := tx.QueryRow("SELECT hash FROM scenario WHERE name = ? ORDER BY id DESC LIMIT 1", name).Scan(&hash)
		if errors.Is(err, sql.ErrNoRows) || err == nil && !hash.Valid {
			return false, ErrNotFound
		}
		if err != nil {
			return false, err
		}
		_, err = tx.Exec("INSERT INTO scenario (name, hash, events, time) VALUES (?, NULL, NULL, ?)",
			name, time.Now().UTC().Format(time.RFC3339Nano))
		return err == nil, err
	})
}

// ScenarioHistory returns every stored version of the scenario name, oldest
// first; a deletion is a version with nil YAML.
func (p *Project) ScenarioHistory(name string) ([]Scenario, error) {
	what := "scenario history " + name
	if p.version < 5 {
		return nil, nil
	}
	rows, err := p.db.Query(`SELECT s.name, y.yaml, s.events, e.yaml, s.time FROM scenario s
		LEFT JOIN blob y ON y.hash = s.hash LEFT JOIN blob e ON e.hash = s.events
		WHERE s.name = ? ORDER BY s.id`, name)
	if err != nil {
		return nil, p.wrap(what, err)
	}
	defer rows.Close()
	var out []Scenario
	for rows.Next() {
		s, err := scanScenario(rows.Scan)
		if err != nil {
			return nil, p.wrap(what, err)
		}
		out = append(out, s)
	}
	return out, p.wrap(what, rows.Err())
}
