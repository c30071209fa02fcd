package scenario

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/rulestudio/studio/internal/input"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"go.yaml.in/yaml/v3"
)

// Scenario is one scenario file (see the package documentation).
type Scenario struct {
	Name  string `yaml:"name"`
	Pack  string `yaml:"pack,omitempty"`
	Seats int    `yaml:"seats,omitempty"`
	Seed  uint64 `yaml:"seed"`
	From  string `yaml:"from,omitempty"` // a saved match (graph.Record file) to start from, relative to the scenario's folder
	Setup string `yaml:"setup,omitempty"`
	Steps []Step `yaml:"steps"`

	Path string `yaml:"-"` // the file it was read from
	Line int    `yaml:"-"` // the line of its setup (1 without one)
}

// Step is one step of a scenario: exactly one of Move, Exec and Expect.
type Step struct {
	Move    *graph.Move // a player's action
	Refused string      // with Move: the move must be refused with a reason containing this
	Exec    string      // statements run through Match.Exec
	Expect  string      // a pure expression that must be true
	Line    int         // where the step is written
}

// stepYAML is a step as written.
type stepYAML struct {
	Move    any     `yaml:"move"`
	Refused *string `yaml:"refused"` // nil when left out: "" is an error
	Exec    string  `yaml:"exec"`
	Expect  string  `yaml:"expect"`
}

// UnmarshalYAML reads a step, its move in JSON form written as YAML (a
// mapping) or as a JSON string.
func (s *Step) UnmarshalYAML(n *yaml.Node) error {
	var y stepYAML
	if err := n.Decode(&y); err != nil {
		return err
	}
	s.Line, s.Exec, s.Expect = n.Line, y.Exec, y.Expect
	if y.Refused != nil {
		s.Refused = *y.Refused
	}
	kinds := 0
	for _, set := range []bool{y.Move != nil, y.Exec != "", y.Expect != ""} {
		if set {
			kinds++
		}
	}
	if kinds != 1 {
		return fmt.Errorf("line %d: a step is one of move, exec or expect", n.Line)
	}
	if y.Refused != nil && y.Move == nil {
		return fmt.Errorf("line %d: refused goes with a move", n.Line)
	}
	if y.Refused != nil && *y.Refused == "" {
		// Step.Refused "" means the move must be taken, so an empty
		// reason would silently ask the opposite of what was written.
		return fmt.Errorf("line %d: refused is empty: give a part of the reason the move must be refused with (\"not deciding\", \"not in its domain\")", n.Line)
	}
	if y.Move != nil {
		data, ok := y.Move.(string)
		if !ok {
			b, err := json.Marshal(y.Move)
			if err != nil {
				return fmt.Errorf("line %d: move: %v", n.Line, err)
			}
			data = string(b)
		}
		dec := json.NewDecoder(strings.NewReader(data))
		dec.DisallowUnknownFields()
		s.Move = new(graph.Move)
		if err := dec.Decode(s.Move); err != nil {
			return fmt.Errorf("line %d: move: %v", n.Line, err)
		}
	}
	return nil
}

// Load reads the scenario file at path.
func Load(path string) (*Scenario, error) {
	data, err := input.Read(path, input.Scenario)
	if err != nil {
		return nil, err
	}
	return Parse(data, path)
}

// Parse reads a scenario from data; path names it in errors and locates
// its transcript.
func Parse(data []byte, path string) (*Scenario, error) {
	if err := graph.CheckUTF8(data, path); err != nil {
		return nil, err
	}
	var s Scenario
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&s); err != nil {
		if se := syntaxError(path, err, data); se != nil {
			return nil, se
		}
		return nil, posError(path, err)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err == nil && len(root.Content) > 0 {
		s.Line = 1
		m := root.Content[0]
		for i := 0; i+1 < len(m.Content); i += 2 {
			if m.Content[i].Value == "setup" {
				s.Line = m.Content[i].Line
			}
		}
	}
	if len(s.Steps) == 0 {
		return nil, fmt.Errorf("%s: no steps", path)
	}
	s.Path = path
	return &s, nil
}

// lineRe finds the line yaml and UnmarshalYAML put in their messages.
var lineRe = regexp.MustCompile(`line (\d+): `)

// posError writes a decoding error as "path:line: message" when it names a
// line (the first, of several), else as "path: message".
func posError(path string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	msg = strings.TrimPrefix(msg, "unmarshal errors:\n  ")
	if m := lineRe.FindStringSubmatchIndex(msg); m != nil {
		line := msg[m[2]:m[3]]
		return fmt.Errorf("%s:%s: %s", path, line, msg[:m[0]]+msg[m[1]:])
	}
	return fmt.Errorf("%s: %s", path, msg)
}

// syntaxError is a YAML syntax error of data at its line and column
// (graph.SyntaxError: the YAML library gives the line the enclosing block
// starts on, or none on the first line), or nil when err is another error.
func syntaxError(path string, err error, data []byte) error {
	var te *yaml.TypeError
	if errors.As(err, &te) || !strings.HasPrefix(err.Error(), "yaml: ") {
		return nil // a field's value, or a step's own check
	}
	se := graph.SyntaxError(path, data)
	if se == nil || !lineRe.MatchString(err.Error()) && se.Pos.Line != 1 {
		return nil // the library's error is not about the text's form
	}
	return se
}

// TranscriptPath is where the scenario's expected events are kept.
func (s *Scenario) TranscriptPath() string {
	return strings.TrimSuffix(s.Path, ".yaml") + ".events"
}

// Failure is one way a scenario failed: at Line of its file, in step Step
// (1-based; 0 for the setup and the match's start, -1 for the scenario as a
// whole: its pack, its transcript).
type Failure struct {
	Path string
	Line int
	Step int
	Msg  string
	// Diff is, when the steps passed but the events differ from the
	// transcript, where they first differ ("line 7: want ..., got ..."),
	// also in Msg; blessing the run accepts them (the command line's
	// --bless, the studio's Bless button: each front end says which).
	Diff string
}

// String formats the failure as "path:line: step N: msg".
func (f Failure) String() string {
	where := "setup"
	switch {
	case f.Step > 0:
		where = fmt.Sprintf("step %d", f.Step)
	case f.Step < 0:
		where = "scenario"
	}
	return fmt.Sprintf("%s:%d: %s: %s", f.Path, f.Line, where, f.Msg)
}

// Result is what running a scenario gave.
type Result struct {
	Failures   []Failure
	Transcript string // the events after the setup, one per line
}

// Run plays s on a new match of p. A step that fails stops the scenario
// (the ones after it would test a position nobody meant); the transcript is
// compared only when every step passed. want is the expected transcript
// (nil: none to compare).
func Run(s *Scenario, p *engine.Program, want []byte) Result {
	var r Result
	fail := func(step, line int, format string, args ...any) Result {
		r.Failures = append(r.Failures, Failure{Path: s.Path, Line: line, Step: step, Msg: fmt.Sprintf(format, args...)})
		return r
	}
	if s.Pack != "" && s.Pack != p.Pack.Name {
		return fail(-1, 1, "the scenario is for pack %s, not %s", s.Pack, p.Pack.Name)
	}
	m, err := start(s, p)
	if err != nil {
		return fail(0, 1, "%v", err)
	}
	if s.Setup != "" {
		if err := m.Exec(s.Setup); err != nil {
			return fail(0, s.Line, "setup: %v", err)
		}
	}
	from := len(m.Events())
	for i, st := range s.Steps {
		if msg := step(m, st); msg != "" {
			r.Transcript = transcript(m.Events()[from:])
			return fail(i+1, st.Line, "%s", msg)
		}
	}
	r.Transcript = transcript(m.Events()[from:])
	if want != nil && string(want) != r.Transcript {
		diff := firstDiff(string(want), r.Transcript)
		r = fail(-1, 1, "the events differ from %s: %s", s.TranscriptPath(), diff)
		r.Failures[len(r.Failures)-1].Diff = diff
		return r
	}
	return r
}

// start returns the match s begins with: a new one with its seats and
// seed, or the saved match it names replayed to its end.
func start(s *Scenario, p *engine.Program) (*engine.Match, error) {
	seats := s.Seats
	if seats == 0 {
		seats = 2
		if pl := p.Pack.Players; pl != nil && pl.Min > 0 {
			seats = pl.Min
		}
	}
	if s.From == "" {
		m, err := p.NewMatch(seats, engine.Options{Seed: s.Seed})
		if err != nil {
			return nil, fmt.Errorf("the match does not start: %v", err)
		}
		return m, nil
	}
	path := filepath.Join(filepath.Dir(s.Path), s.From)
	data, err := input.Read(path, input.Record)
	if err != nil {
		return nil, fmt.Errorf("from: %v", err)
	}
	rec, err := graph.ReadRecord(data, path)
	if err != nil {
		return nil, fmt.Errorf("from: %v", err)
	}
	if s.Seats != 0 && s.Seats != len(rec.Seats) || s.Seed != 0 && s.Seed != rec.Seed {
		return nil, fmt.Errorf("from %s: the saved match has %d seats and seed %d; leave seats and seed out", s.From, len(rec.Seats), rec.Seed)
	}
	if hash, err := graph.PackHash(p.Pack); err == nil && hash != rec.PackHash {
		// Any edit of the rules changes the hash, so say how to keep the
		// scenario: its moves replay on whatever rules they still fit.
		return nil, fmt.Errorf("from %s: saved on another version of the pack (%s, not %s): a saved match starts a scenario only on the rules it was played on; to keep this one across edits, write seats: %d, seed: %d and its %d moves as steps instead of from",
			s.From, rec.PackHash, hash, len(rec.Seats), rec.Seed, len(rec.Moves))
	}
	m, err := p.NewMatch(len(rec.Seats), engine.Options{Seed: rec.Seed, Clock: time.Duration(rec.ClockMS) * time.Millisecond})
	if err != nil {
		return nil, fmt.Errorf("the match does not start: %v", err)
	}
	for i, gm := range rec.Moves {
		if err := m.Tick(time.Duration(gm.WaitMS) * time.Millisecond); err != nil {
			return nil, fmt.Errorf("from %s: move %d: %v", s.From, i+1, err)
		}
		mv, err := m.DecodeMove(gm)
		if err == nil {
			err = m.Apply(mv)
		}
		if err != nil {
			return nil, fmt.Errorf("from %s: move %d %s: %v", s.From, i+1, gm, err)
		}
	}
	return m, nil
}

// step runs one step and says what went wrong ("" if nothing).
func step(m *engine.Match, st Step) string {
	switch {
	case st.Expect != "":
		return expect(m, st.Expect)
	case st.Exec != "":
		if err := m.Exec(st.Exec); err != nil {
			return fmt.Sprintf("exec %s: %v", st.Exec, err)
		}
	default:
		mv, err := m.DecodeMove(*st.Move)
		if err == nil {
			err = m.Apply(mv)
		}
		switch {
		case st.Refused == "" && err != nil:
			return fmt.Sprintf("move %s: %v", st.Move, err)
		case st.Refused != "" && err == nil:
			return fmt.Sprintf("move %s: taken, want it refused (%s)", st.Move, st.Refused)
		case st.Refused != "" && !strings.Contains(err.Error(), st.Refused):
			return fmt.Sprintf("move %s: refused with %q, want a reason containing %q", st.Move, err, st.Refused)
		}
	}
	return ""
}

func transcript(events []engine.Event) string {
	var b strings.Builder
	for _, e := range events {
		b.WriteString(strings.ReplaceAll(e.String(), "\n", `\n`)) // one line per event, for line diffs
		b.WriteByte('\n')
	}
	return b.String()
}

// firstDiff describes the first line where got differs from want.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d: want %q, got %q", i+1, a, b)
		}
	}
	return "they differ"
}

// StoredPath is the Path of the scenario name kept in the project file at
// project: "PROJECT[NAME]". Failures name it so; a `from` saved match is
// looked for in the project's folder, and its transcript is the project's
// to keep, not a file.
func StoredPath(project, name string) string { return project + "[" + name + "]" }
