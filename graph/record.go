package graph

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// Move is a player's action in its one text form, JSON, which match records,
// action files and the command line share:
//
//	{"player": 1, "action": "mark", "args": {"cell": [0, 0]}}
//
// Player is the acting seat, from 1. Args holds a JSON object with each of
// the action's parameters by name; how a value is written is the engine's
// (engine.Match.EncodeMove): numbers, strings, booleans and null as
// themselves, tuples and lists as arrays, a player as {"player": 2}, an
// object as {"object": 5}, a card as {"deck": "cards", "card": 12}. WaitMS is
// virtual time, in milliseconds, that passes before the action (the players'
// clocks run); a move with WaitMS and no Action only lets time pass.
type Move struct {
	Player int             `json:"player,omitempty"`
	Action string          `json:"action,omitempty"`
	Args   json.RawMessage `json:"args,omitempty"`
	WaitMS int64           `json:"wait_ms,omitempty"`
}

// String writes the move in its compact JSON form.
func (mv Move) String() string {
	data, err := json.Marshal(mv)
	if err != nil {
		return fmt.Sprintf("%+v", struct{ Player, Action any }{mv.Player, mv.Action})
	}
	return string(data)
}

// RecordFormat is the version of the match record format this package reads
// and writes (a record's "format").
const RecordFormat = 1

// Record is a recorded match: what replaying it needs. The same pack (by
// PackHash), seed, seats and moves give the same event log, byte for byte.
// Bots' moves are recorded like people's, so a replay never asks a bot;
// BotsSource puts the bots' random source where it was after the last move,
// so bots that go on after a replay choose as they did in the match.
type Record struct {
	Format   int    `json:"format"`           // RecordFormat
	Pack     string `json:"pack"`             // the pack's name
	PackHash string `json:"pack_hash"`        // PackHash of the pack it was played on
	Source   string `json:"source,omitempty"` // where that pack was read from, as given (a path, or a bundled pack's name); files only
	Seed     uint64 `json:"seed"`             // the match's random source
	Seats    []Seat `json:"seats"`            // in seat order
	ClockMS  int64  `json:"clock_ms,omitempty"`
	// BotsSource is the state of the bots' random source (a SplitMix64
	// word) after the last move; nil when no bot drew from it, as in records
	// older than the key: the source is then where the seed puts it.
	BotsSource *uint64 `json:"bots_source,omitempty"`
	Moves      []Move  `json:"moves"`
}

// Seat is one seat of a recorded match: the player's name ("" for the
// default "Player N") and the bot that played it ("" for a person).
type Seat struct {
	Name string `json:"name,omitempty"`
	Bot  string `json:"bot,omitempty"`
}

// PackHash is the content hash of a pack: "sha256:" and the hex SHA-256 of
// its canonical YAML without the editor's layout and the display hints
// (moving a state on the canvas or colouring a card does not change the
// rules a record was made with).
func PackHash(p *Pack) (string, error) {
	q := *p
	q.Editor, q.Display = nil, nil
	data, err := Marshal(&q)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

// Marshal writes the record in its canonical file form: one key a line in
// the order of the struct, each seat and each move as compact JSON on a line
// of its own (a long match stays readable and diffs move by move).
func (r Record) Marshal() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("{\n")
	put := func(key string, v any, last bool) error {
		data, err := marshalPlain(v)
		if err != nil {
			return fmt.Errorf("record %s: %w", key, err)
		}
		fmt.Fprintf(&b, "  %q: %s", key, data)
		if !last {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
		return nil
	}
	list := func(key string, n int, item func(i int) any) error {
		fmt.Fprintf(&b, "  %q: [", key)
		for i := 0; i < n; i++ {
			data, err := marshalPlain(item(i))
			if err != nil {
				return fmt.Errorf("record %s %d: %w", key, i+1, err)
			}
			b.WriteString("\n    ")
			b.Write(data)
			if i < n-1 {
				b.WriteByte(',')
			}
		}
		if n > 0 {
			b.WriteString("\n  ")
		}
		b.WriteString("]")
		return nil
	}
	format := r.Format
	if format == 0 {
		format = RecordFormat
	}
	errs := []error{put("format", format, false), put("pack", r.Pack, false), put("pack_hash", r.PackHash, false)}
	if r.Source != "" {
		errs = append(errs, put("source", r.Source, false))
	}
	errs = append(errs, put("seed", r.Seed, false))
	errs = append(errs, list("seats", len(r.Seats), func(i int) any { return r.Seats[i] }))
	b.WriteString(",\n")
	if r.ClockMS != 0 {
		errs = append(errs, put("clock_ms", r.ClockMS, false))
	}
	if r.BotsSource != nil {
		errs = append(errs, put("bots_source", *r.BotsSource, false))
	}
	errs = append(errs, list("moves", len(r.Moves), func(i int) any { return compactMove(r.Moves[i]) }))
	b.WriteString("\n}\n")
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// marshalPlain is json.Marshal without its HTML escaping: an argument's
// "&" stays "&" (as json.Marshal writes a RawMessage, "\u0026"), so that a
// record reads back as the text it was read from.
func marshalPlain(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// compactMove returns mv with its arguments without insignificant space.
func compactMove(mv Move) Move {
	if len(mv.Args) > 0 {
		var b bytes.Buffer
		if json.Compact(&b, mv.Args) == nil {
			mv.Args = b.Bytes()
		}
	}
	return mv
}

// ReadRecord reads a record file's text. file names it in errors, which are
// *PosError values at the line and column where the JSON is wrong: bad
// syntax, a value of the wrong type, an unknown key, a missing or newer
// format, no seats, a move without an action or time, a bots_source in a
// match without bots.
func ReadRecord(data []byte, file string) (*Record, error) {
	if err := CheckUTF8(data, file); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Record
	if err := dec.Decode(&r); err != nil {
		return nil, jsonError(file, data, dec, err)
	}
	if err := strictKeys(data, file, recordShape); err != nil {
		return nil, err
	}
	if off := skipSpace(data, dec.InputOffset()); off < int64(len(data)) {
		return nil, &PosError{File: file, Pos: offsetPos(data, off), Msg: "a record file holds one JSON object; more follows it"}
	}
	switch {
	case r.Format == 0:
		return nil, &PosError{File: file, Msg: `missing "format" (the record format version)`}
	case r.Format > RecordFormat:
		return nil, &PosError{File: file, Msg: fmt.Sprintf("record format %d is newer than this studio reads (%d)", r.Format, RecordFormat)}
	case len(r.Seats) == 0:
		return nil, &PosError{File: file, Msg: `a record needs "seats" (one per player)`}
	case r.BotsSource != nil && !r.hasBot():
		return nil, &PosError{File: file, Pos: keyPos(data, "bots_source"), Msg: `"bots_source" in a match without bots (no seat has a "bot")`}
	}
	for i, mv := range r.Moves {
		if err := checkMove(mv, len(r.Seats)); err != nil {
			return nil, &PosError{File: file, Pos: movePos(data, i), Msg: fmt.Sprintf("move %d: %v", i+1, err)}
		}
	}
	return &r, nil
}

// hasBot reports whether a seat of the record is a bot's.
func (r *Record) hasBot() bool {
	for _, s := range r.Seats {
		if s.Bot != "" {
			return true
		}
	}
	return false
}

// keyPos is where a top-level key of a record is written in data (its first
// occurrence as a JSON string; the record has no other use of it before).
func keyPos(data []byte, key string) Pos {
	k := bytes.Index(data, []byte(`"`+key+`"`))
	if k < 0 {
		return Pos{}
	}
	return offsetPos(data, int64(k))
}

// ReadMoves reads moves from a file's text in any of the forms people and
// tools write: a JSON array of moves, moves one a line (JSON lines), or a
// whole record (its moves). Errors are *PosError values at the place.
func ReadMoves(data []byte, file string) ([]Move, error) {
	if err := CheckUTF8(data, file); err != nil {
		return nil, err
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, nil
	}
	if trimmed[0] == '[' {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		var moves []Move
		if err := dec.Decode(&moves); err != nil {
			return nil, jsonError(file, data, dec, err)
		}
		if err := strictKeys(data, file, movesShape); err != nil {
			return nil, err
		}
		return moves, checkMoves(data, file, moves)
	}
	var probe map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&probe); err == nil {
		if _, ok := probe["moves"]; ok {
			r, err := ReadRecord(data, file)
			if err != nil {
				return nil, err
			}
			return r.Moves, nil
		}
	}
	dec = json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var moves []Move
	for {
		var mv Move
		err := dec.Decode(&mv)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, jsonError(file, data, dec, err)
		}
		moves = append(moves, mv)
	}
	if err := strictKeys(data, file, moveShape); err != nil {
		return nil, err
	}
	return moves, checkMoves(data, file, moves)
}

func checkMoves(data []byte, file string, moves []Move) error {
	for i, mv := range moves {
		if err := checkMove(mv, 0); err != nil {
			return &PosError{File: file, Pos: movePos(data, i), Msg: fmt.Sprintf("move %d: %v", i+1, err)}
		}
	}
	return nil
}

// checkMove says what is wrong with a move's form (seats: the number of
// seats, 0 when not known).
func checkMove(mv Move, seats int) error {
	switch {
	case mv.Action == "" && mv.WaitMS == 0:
		return errors.New(`it needs an "action" (or "wait_ms" alone)`)
	case mv.Action != "" && mv.Player < 1:
		return errors.New(`it needs a "player" (the seat, from 1)`)
	case seats > 0 && mv.Player > seats:
		return fmt.Errorf("player %d: the record has %d seats", mv.Player, seats)
	case mv.WaitMS < 0:
		return errors.New("wait_ms is negative")
	}
	if len(mv.Args) > 0 {
		var args map[string]json.RawMessage
		if err := json.Unmarshal(mv.Args, &args); err != nil || args == nil {
			return errors.New(`"args" must be a JSON object of the action's parameters by name`)
		}
	}
	return nil
}

// movesRE finds the list of moves of a record.
var movesRE = regexp.MustCompile(`"moves"\s*:\s*\[`)

// movePos is where the i-th move starts in data: the i-th object of the
// record's "moves" list, of a top-level array, or of JSON lines.
func movePos(data []byte, i int) Pos {
	from := 0
	if loc := movesRE.FindIndex(data); loc != nil {
		from = loc[1]
	} else if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] == '[' {
		from = len(data) - len(t) + 1
	}
	depth, n := 0, 0
	inStr, esc := false, false
	for j := from; j < len(data); j++ {
		c := data[j]
		switch {
		case esc:
			esc = false
		case inStr:
			esc, inStr = c == '\\', c != '"'
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			if depth == 0 && c == '{' {
				if n == i {
					return offsetPos(data, int64(j))
				}
				n++
			}
			depth++
		case c == '}' || c == ']':
			depth--
			if depth < 0 {
				return Pos{}
			}
		}
	}
	return Pos{}
}

// jsonError turns an encoding/json error into a *PosError at its place.
func jsonError(file string, data []byte, dec *json.Decoder, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	off := dec.InputOffset()
	msg := err.Error()
	switch {
	case errors.As(err, &syn):
		off, msg = syn.Offset-1, syn.Error()
	case errors.As(err, &typ):
		off = typ.Offset // after the value: back to its start
		for off > 0 && !strings.ContainsRune(":,[{ \t\r\n", rune(data[off-1])) {
			off--
		}
		msg = fmt.Sprintf("%s must be %s, not a JSON %s", typ.Field, goKind(typ.Type.Kind().String()), typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF):
		off, msg = int64(len(data)), "the JSON ends too soon"
	case strings.HasPrefix(msg, "json: unknown field "):
		field := strings.TrimPrefix(msg, "json: unknown field ")
		if k := bytes.LastIndex(data[:min(int(off), len(data))], []byte(strings.Trim(field, `"`))); k > 0 {
			off = int64(k - 1)
		}
		msg = "unknown key " + field
	}
	return &PosError{File: file, Pos: offsetPos(data, off), Msg: strings.TrimPrefix(msg, "json: ")}
}

func goKind(k string) string {
	switch k {
	case "int", "int64", "uint64":
		return "a whole number"
	case "string":
		return "a string"
	case "float64", "float32":
		return "a number"
	case "bool":
		return "true or false"
	case "slice":
		return "a list"
	case "struct", "map":
		return "an object"
	}
	return k
}

// skipSpace returns the offset of the first byte at or after off that is not
// JSON white space.
func skipSpace(data []byte, off int64) int64 {
	for off < int64(len(data)) && strings.IndexByte(" \t\r\n", data[off]) >= 0 {
		off++
	}
	return off
}

// offsetPos turns a byte offset into a line and column (from 1).
func offsetPos(data []byte, off int64) Pos {
	off = max(0, min(off, int64(len(data))))
	before := data[:off]
	line := bytes.Count(before, []byte{'\n'}) + 1
	col := int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return Pos{Line: line, Column: col}
}
