package graph

import (
	"fmt"
	"strings"
	"testing"
)

// TestManyValuesWithoutAliasesRead: the bound on aliases counts only the
// values aliases add: a pack with more values than the bound, written out
// without an alias, reads (a 100,000-state BGA import was refused as an
// alias bomb, and its project then said it was damaged); aliases that add
// more than the bound are still refused.
func TestManyValuesWithoutAliasesRead(t *testing.T) {
	defer func(n int) { maxExpandedNodes = n }(maxExpandedNodes)
	maxExpandedNodes = 1000
	var b strings.Builder
	b.WriteString("format: 1\npack: big\nstates:\n")
	for i := 1; i <= 300; i++ {
		fmt.Fprintf(&b, "  - id: %d\n    name: s%d\n    type: game\n    transitions: {next: %d}\n", i, i, i%300+1)
	}
	if _, err := Parse([]byte(b.String()), "big.yaml"); err != nil {
		t.Errorf("Parse of 300 states without aliases: %v", err)
	}
	if _, err := ReadMultiDoc([]byte(b.String()), "big.yaml"); err != nil {
		t.Errorf("ReadMultiDoc of 300 states without aliases: %v", err)
	}
	bomb := "format: 1\npack: x\nstates: []\nconstants:\n  a: &a [0,0,0,0,0,0,0,0,0,0]\n  b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\n  c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
	want := "bomb.yaml:1:1: the document's aliases expand to more than 1000 values"
	if _, err := Parse([]byte(bomb), "bomb.yaml"); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Parse of aliases adding 1,100 values: %v, want %s", err, want)
	}
	if _, err := ReadMultiDoc([]byte(bomb), "bomb.yaml"); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("ReadMultiDoc of aliases adding 1,100 values: %v, want %s", err, want)
	}
}
