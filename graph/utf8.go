package graph

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// CheckUTF8 refuses text that is not UTF-8, at the line and column of its
// first bad byte (the column in characters, as an editor counts them): the
// YAML library says only "invalid trailing UTF-8 octet", and encoding/json
// reads such a byte as U+FFFD without a word. Every reader of a pack, a
// record or a scenario calls it before it parses.
func CheckUTF8(data []byte, file string) error {
	if utf8.Valid(data) {
		return nil
	}
	off := 0
	for off < len(data) {
		r, size := utf8.DecodeRune(data[off:])
		if r == utf8.RuneError && size <= 1 {
			break
		}
		off += size
	}
	lineStart := bytes.LastIndexByte(data[:off], '\n') + 1
	pos := Pos{Line: bytes.Count(data[:off], []byte{'\n'}) + 1, Column: utf8.RuneCount(data[lineStart:off]) + 1}
	return &PosError{File: file, Pos: pos, Msg: fmt.Sprintf("the byte 0x%02X is not UTF-8: the studio reads text as UTF-8 (save the file as UTF-8)", data[off])}
}
