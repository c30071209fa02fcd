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
	elem   *shape            // a list's items, or with free a map's values
	free   bool              // a map: keys free, values of shape elem
}

var (
	recordShape = shapeOf(reflect.TypeOf(Record{}), "a record")
	movesShape  = shapeOf(reflect.TypeOf([]Move{}), "")
	moveShape   = movesShape.elem
)

// shapeOf is the shape of values of type t as encoding/json decodes them:
// a struct's keys are its fields' JSON names (what names it in messages; a
// struct inside is "a" and its type's name in lower case), a list's items
// have its element's shape, a map's keys are free.
func shapeOf(t reflect.Type, what string) *shape {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t.Kind() == reflect.Struct:
		s := &shape{what: what, fields: map[string]*shape{}}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			s.fields[name] = shapeOf(f.Type, "a "+strings.ToLower(f.Type.Name()))
		}
		return s
	case t == reflect.TypeOf(json.RawMessage(nil)):
		return nil
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		if elem := shapeOf(t.Elem(), "a "+strings.ToLower(t.Elem().Name())); elem != nil {
			return &shape{elem: elem}
		}
	case t.Kind() == reflect.Map:
		if elem := shapeOf(t.Elem(), "a "+strings.ToLower(t.Elem().Name())); elem != nil {
			return &shape{elem: elem, free: true}
		}
	}
	return nil
}

// DecodeJSON decodes data, one JSON value, into v (a pointer) strictly: an
// unknown key, a key given twice or spelled in another case than v's own, a
// value of the wrong type, text that is not UTF-8 or more text after the
// value are refused as *PosError values at their place. file names data in
// errors; what names v's type in them ("a simulate result"). For files
// written by the studio and read back from others' hands.
func DecodeJSON(data []byte, file, what string, v any) error {
	if err := CheckUTF8(data, file); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(file, data, dec, err)
	}
	if err := strictKeys(data, file, shapeOf(reflect.TypeOf(v), what)); err != nil {
		return err
	}
	if off := skipSpace(data, dec.InputOffset()); off < int64(len(data)) {
		return &PosError{File: file, Pos: offsetPos(data, off), Msg: "the file holds one JSON value; more follows it"}
	}
	return nil
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
		if s != nil && !s.free {
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
		if s != nil && s.free {
			sub = s.elem
		}
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
