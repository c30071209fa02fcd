package compare

import (
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// Row is one line of a side-by-side view: the line of each revision's text
// (either may be missing, "" then) and how it differs.
type Row struct {
	Before, After string
	// Mark is ' ' for a line both have, '-' for one only before has (or
	// that was replaced), '+' for one only after has, '~' for a line
	// replaced by another (both sides tinted).
	Mark byte
}

// Rows aligns two texts line by line as go-difflib's matcher pairs them:
// equal lines side by side, a replaced run side by side (the shorter one
// padded with missing lines), a deleted line with nothing after it, an
// inserted one with nothing before.
func Rows(before, after string) []Row {
	a, b := lines(before), lines(after)
	var out []Row
	for _, op := range difflib.NewMatcher(a, b).GetOpCodes() {
		switch op.Tag {
		case 'e':
			for k := range op.I2 - op.I1 {
				out = append(out, Row{Before: a[op.I1+k], After: b[op.J1+k], Mark: ' '})
			}
		case 'd':
			for _, l := range a[op.I1:op.I2] {
				out = append(out, Row{Before: l, Mark: '-'})
			}
		case 'i':
			for _, l := range b[op.J1:op.J2] {
				out = append(out, Row{After: l, Mark: '+'})
			}
		case 'r':
			n, m := op.I2-op.I1, op.J2-op.J1
			for k := range max(n, m) {
				r := Row{Mark: '~'}
				if k < n {
					r.Before = a[op.I1+k]
				}
				if k < m {
					r.After = b[op.J1+k]
				}
				out = append(out, r)
			}
		}
	}
	return out
}

// lines splits text into its lines, without a last empty one.
func lines(text string) []string {
	if text == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}
