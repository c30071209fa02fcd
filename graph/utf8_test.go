package graph

import (
	"testing"
)

// TestNonUTF8TextSaysWhere: every reader of text refuses a byte that is not
// UTF-8 at its line and column (in characters, as an editor counts them).
func TestNonUTF8TextSaysWhere(t *testing.T) {
	pack := "format: 1\npack: t\nstates:\n  - id: 1\n    name: \"café\xe9\"\n"
	record := "{\"format\": 1,\n \"seats\": [{\"name\": \"é\xff\"}], \"moves\": []}"
	want := func(at string, b byte) string {
		return "f:" + at + ": the byte 0x" + map[byte]string{0xe9: "E9", 0xff: "FF"}[b] + " is not UTF-8: the studio reads text as UTF-8 (save the file as UTF-8)"
	}
	cases := []struct {
		name string
		read func() error
		want string
	}{
		{"Parse", func() error { _, err := Parse([]byte(pack), "f"); return err }, want("5:16", 0xe9)},
		{"ReadMultiDoc", func() error { _, err := ReadMultiDoc([]byte("format: 1\n---\n"+pack[10:]), "f"); return err }, want("6:16", 0xe9)},
		{"ReadRecord", func() error { _, err := ReadRecord([]byte(record), "f"); return err }, want("2:23", 0xff)},
		{"ReadMoves", func() error { _, err := ReadMoves([]byte("{\"player\": 1, \"action\": \"\xe9\"}"), "f"); return err }, want("1:26", 0xe9)},
	}
	for _, c := range cases {
		if err := c.read(); err == nil || err.Error() != c.want {
			t.Errorf("%s: %v\nwant %s", c.name, err, c.want)
		}
	}
}
