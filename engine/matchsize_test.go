package engine

import (
	"testing"
	"unsafe"
)

// TestMatchSize: a Match stays in the allocator's 1,152-byte size class, the
// one it had before issue 25 (1,104 bytes): a step back in the debugger
// allocates one (a fork), and the turns had grown it to 1,528 bytes
// (StepBack/state 11% slower). What a match keeps for one kind of pack or
// one operation goes behind a pointer made at its first use (deckCaches,
// settleBufs, objMarks), and its bools sit together.
func TestMatchSize(t *testing.T) {
	if n := unsafe.Sizeof(Match{}); n > 1152 {
		t.Errorf("Match is %d bytes, past the 1,152-byte size class a step back's fork allocates", n)
	}
}
