package graph

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// shape is what a JSON value of a record decodes into, for strictKeys: an
// object of a Go struct (fields: its JSON keys), a list (elem: its items'
// shape), or anything else (nil: keys free, as an action's args).
type shape struct {
	what   string            // the struct in messages: "a record"
	fields map[string]*shape // nil: not a struct
	elem   *shape
}

var (
	seatShape   = structShape("a seat", reflect.TypeOf(Seat{}), nil)
	moveShape   = structShape("a move", reflect.TypeOf(Move{}), nil)
	recordShape = structShape("a record", reflect.TypeOf(Record{}), map[string]*shape{
		"seats": {elem: seatShape}, "moves": {elem: moveShape}})
	movesShape = &shape{elem: moveShape}
)

// structShape is the shape of struct t: its fields' JSON keys, with the
// shapes of those that are not plain values.
func structShape(what string, t reflect.Type, sub map[string]*shape) *shape {
	s := &shape{what: what, fields: map[string]*shape{}}
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		s.fields[name] = sub[name]
	}
	return s
}

// strictKeys refuses what encoding/json lets through silently: a key given
// twice in an object (the last would win), and a key of a struct spelled in
// another case ("Moves" would be taken for "moves"). Syntax errors are left
// to the decoder, which says them better. Errors are *PosError values at
// the key.
func strictKeys(data []byte, file string, top *shape) error {
	w := keyWalker{data: data, file: file, dec: json.NewDecoder(bytes.NewReader(data))}
	for {
		if ok, err := w.value(top); !ok || err != nil {
			return err
		}
	}
}

type keyWalker struct {
	data []byte
	file string
	dec  *json.Decoder
}

// value walks one JSON value of shape s; ok is false at the end of the
// text or at a syntax error.
func (w *keyWalker) value(s *shape) (ok bool, err error) {
	tok, terr := w.dec.Token()
	if terr != nil {
		return false, nil
	}
	switch tok {
	case json.Delim('{'):
		return w.object(s)
	case json.Delim('['):
		var elem *shape
		if s != nil {
			elem = s.elem
		}
		for w.dec.More() {
			if ok, err := w.value(elem); !ok || err != nil {
				return ok, err
			}
		}
		_, terr = w.dec.Token()
		return terr == nil, nil
	}
	return true, nil
}

// object walks an object's keys and values, its '{' read.
func (w *keyWalker) object(s *shape) (bool, error) {
	seen := map[string]Pos{}
	for w.dec.More() {
		at := offsetPos(w.data, w.keyStart())
		tok, terr := w.dec.Token()
		key, isKey := tok.(string)
		if terr != nil || !isKey {
			return false, nil
		}
		if first, dup := seen[key]; dup {
			return true, &PosError{File: w.file, Pos: at, Msg: fmt.Sprintf("%q is given twice (first at %d:%d)", key, first.Line, first.Column)}
		}
		seen[key] = at
		var sub *shape
		if s != nil && s.fields != nil {
			var known bool
			if sub, known = s.fields[key]; !known {
				if name := foldedField(s, key); name != "" {
					return true, &PosError{File: w.file, Pos: at, Msg: fmt.Sprintf("%q is not a key of %s: write it %q (keys are matched exactly, case included)", key, s.what, name)}
				}
			}
		}
		if ok, err := w.value(sub); !ok || err != nil {
			return ok, err
		}
	}
	_, terr := w.dec.Token()
	return terr == nil, nil
}

// foldedField is the key of s that key spells in another case, as
// encoding/json folds them, or "".
func foldedField(s *shape, key string) string {
	for name := range s.fields {
		if strings.EqualFold(name, key) {
			return name
		}
	}
	return ""
}

// keyStart is the offset of the next key: past the white space and the
// comma that follow the last token read.
func (w *keyWalker) keyStart() int64 {
	off := skipSpace(w.data, w.dec.InputOffset())
	if off < int64(len(w.data)) && w.data[off] == ',' {
		off = skipSpace(w.data, off+1)
	}
	return off
}
