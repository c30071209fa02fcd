package engine

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// boardOf makes a board from rows of '.', '1', '2' and '3' (another value),
// top row first.
func boardOf(rows ...string) *board {
	w, h := len(rows[0]), len(rows)
	b := newBoard(1, w, h, newMasks(w, h))
	for y, r := range rows {
		for x, ch := range r {
			if ch != '.' {
				b.put(y*w+x, int8(ch-'0'))
			}
		}
	}
	return b
}

// TestBoardLine: known answers of line(n) on hand-drawn boards: each
// direction, lines across the board's edge (which are not lines), both
// colours with a line (the one starting first in row-major order), a cell of
// another value, and a board over 64 cells.
func TestBoardLine(t *testing.T) {
	for _, c := range []struct {
		rows []string
		n    int
		want int8
	}{
		{[]string{"...", "...", "..."}, 3, 0},
		{[]string{"111", "2.2", "..."}, 3, 1},
		{[]string{"1.2", "1.2", "..2"}, 3, 2},             // upright
		{[]string{"1.2", "21.", "..1"}, 3, 1},             // +x+y
		{[]string{"1.2", ".2.", "2.1"}, 3, 2},             // +x-y
		{[]string{"..11", "1...", "...."}, 3, 0},          // across the right edge
		{[]string{"...1", "1...", ".1.."}, 3, 0},          // +x+y across the edge
		{[]string{"..2.", "...2", "2..."}, 3, 0},          // -x+y across the edge
		{[]string{"1111", "2222", "...."}, 4, 1},          // both: 1 starts first
		{[]string{"2...", "2111", "2111"}, 3, 2},          // both: 2 at (0, 0) first
		{[]string{"....", ".111", "222."}, 3, 1},          // both: 1 at (1, 1) first
		{[]string{"1111"}, 5, 0},                          // longer than the board
		{[]string{".2..", "...."}, 1, 2},                  // n 1: the first cell
		{[]string{"....", "...."}, 0, 0},                  // n 0, empty
		{[]string{"..1.", "3..."}, -2, 1},                 // n < 1: the first cell
		{[]string{"3333", "1..."}, 4, 3},                  // another value
		{[]string{"..3.", "111."}, 3, 1},                  // another value on the board
		{[]string{strings.Repeat(".", 9) + "2222"}, 4, 2}, // 13 cells in a row
	} {
		b := boardOf(c.rows...)
		if got := b.line(c.n); got != c.want {
			t.Errorf("%q line(%d) = %d, want %d", c.rows, c.n, got, c.want)
		}
	}
	big := newBoard(1, 10, 10, newMasks(10, 10)) // 100 cells: no bitboards
	for i := 3; i < 7; i++ {
		big.put(i*10+5, 2)
	}
	if got := big.line(4); got != 2 {
		t.Errorf("10×10 board, 4 upright at x=5: line(4) = %d, want 2", got)
	}
}

// TestBoardLineBitboards: on random boards of every size up to 64 cells,
// line on bitboards gives the answer of the cell-by-cell scan.
func TestBoardLineBitboards(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for w := 1; w <= 9; w++ {
		for h := 1; w*h <= 64; h++ {
			for range 200 {
				b := newBoard(1, w, h, newMasks(w, h))
				fill := r.IntN(4) // sparse to full
				for i := range w * h {
					if r.IntN(4) < fill {
						b.put(i, int8(1+r.IntN(2)))
					}
				}
				for n := -1; n <= max(w, h)+1; n++ {
					if got, want := b.line(n), b.scanLine(n); got != want {
						t.Fatalf("%d×%d %v line(%d): bitboards %d, scan %d", w, h, b.cells, n, got, want)
					}
				}
			}
		}
	}
}
