package engine

import (
	"fmt"
	"math/bits"

	"go.starlark.net/starlark"
)

// board is a native grid: width×height cells of small integers (0 = empty), row
// major. It is copied on write: a snapshot shares it until the match changes it.
type board struct {
	gen   uint64
	ver   uint64 // version of the cells (reads.go)
	w, h  int
	cells []int8
	// For boards of at most 64 cells, bb mirrors the cells holding 1 and 2 as
	// bitboards (bit y*w+x) and other counts cells holding anything else; while
	// other is 0, placement and flips of colours 1 and 2 run on bitboards.
	bb    [2]uint64
	other int
	masks *bbMasks
	small [64]int8 // cells of a board of at most 64 cells: one allocation per copy
}

// bbMasks are the shift masks of a board size.
type bbMasks struct {
	all, notFirst, notLast uint64
	shifts                 [8]int // per direction: amount (positive: left)
	keep                   [8]uint64
}

// newBoard returns an empty board; masks are its size's (nil over 64 cells).
func newBoard(gen uint64, w, h int, masks *bbMasks) *board {
	b := &board{gen: gen, w: w, h: h, masks: masks}
	if w*h <= 64 {
		b.cells = b.small[:w*h]
	} else {
		b.cells = make([]int8, w*h)
	}
	return b
}

// newMasks returns the bitboard masks of a w×h board, or nil over 64 cells.
func newMasks(w, h int) *bbMasks {
	if w*h > 64 {
		return nil
	}
	mk := &bbMasks{}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			bit := uint64(1) << (y*w + x)
			mk.all |= bit
			if x != 0 {
				mk.notFirst |= bit
			}
			if x != w-1 {
				mk.notLast |= bit
			}
		}
	}
	// Directions as in dirs: +x, -x, +y, -y, +x+y, -x-y, +x-y, -x+y.
	mk.shifts = [8]int{1, -1, w, -w, w + 1, -(w + 1), -(w - 1), w - 1}
	mk.keep = [8]uint64{mk.notFirst, mk.notLast, mk.all, mk.all, mk.notFirst, mk.notLast, mk.notFirst, mk.notLast}
	return mk
}

func (b *board) clone(gen uint64) *board {
	nb := new(board)
	*nb = *b
	nb.gen = gen
	if len(b.cells) <= 64 {
		nb.cells = nb.small[:len(b.cells)]
	} else {
		nb.cells = make([]int8, len(b.cells))
		copy(nb.cells, b.cells)
	}
	return nb
}

// put sets one cell, keeping the bitboards in step.
func (b *board) put(i int, c int8) {
	old := b.cells[i]
	b.cells[i] = c
	if b.masks == nil {
		return
	}
	bit := uint64(1) << i
	switch old {
	case 0:
	case 1, 2:
		b.bb[old-1] &^= bit
	default:
		b.other--
	}
	switch c {
	case 0:
	case 1, 2:
		b.bb[c-1] |= bit
	default:
		b.other++
	}
}

// fast reports whether colour c can use the bitboards.
func (b *board) fast(c int8) bool { return b.masks != nil && b.other == 0 && (c == 1 || c == 2) }

func (mk *bbMasks) shift(x uint64, d int) uint64 {
	if s := mk.shifts[d]; s > 0 {
		return (x << s) & mk.keep[d]
	} else {
		return (x >> -s) & mk.keep[d]
	}
}

// bbMoves returns the cells where colour c flips something (bitboards).
func (b *board) bbMoves(c int8) uint64 {
	mk := b.masks
	own, opp := b.bb[c-1], b.bb[2-c]
	empty := mk.all &^ (own | opp)
	var moves uint64
	n := max(b.w, b.h) - 2
	for d := 0; d < 8; d++ {
		x := mk.shift(own, d) & opp
		for i := 1; i < n; i++ {
			x |= mk.shift(x, d) & opp
		}
		moves |= mk.shift(x, d) & empty
	}
	return moves
}

// bbPlay places c on cell i and flips, on bitboards and cells.
func (b *board) bbPlay(i int, c int8) int {
	mk := b.masks
	own, opp := b.bb[c-1], b.bb[2-c]
	m := uint64(1) << i
	var flips uint64
	for d := 0; d < 8; d++ {
		var f uint64
		x := mk.shift(m, d)
		for x&opp != 0 {
			f |= x
			x = mk.shift(x, d)
		}
		if x&own != 0 {
			flips |= f
		}
	}
	b.put(i, c)
	n := 0
	for f := flips; f != 0; f &= f - 1 {
		b.put(bits.TrailingZeros64(f), c)
		n++
	}
	return n
}

func (b *board) in(x, y int) bool { return x >= 0 && y >= 0 && x < b.w && y < b.h }

func (b *board) at(x, y int) int8 { return b.cells[y*b.w+x] }

var dirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}}

// flipsDir counts the opponent cells from (x, y) in direction d closed by a cell
// of colour c (Reversi's capture rule).
func (b *board) flipsDir(x, y, dx, dy int, c int8) int {
	n := 0
	x, y = x+dx, y+dy
	for b.in(x, y) {
		v := b.at(x, y)
		if v == 0 {
			return 0
		}
		if v == c {
			return n
		}
		n++
		x, y = x+dx, y+dy
	}
	return 0
}

// canPlay reports whether placing c on the empty cell (x, y) flips something.
func (b *board) canPlay(x, y int, c int8) bool {
	if b.at(x, y) != 0 {
		return false
	}
	for _, d := range dirs {
		if b.flipsDir(x, y, d[0], d[1], c) > 0 {
			return true
		}
	}
	return false
}

// play places c at (x, y) and flips every closed line; it returns the flips.
func (b *board) play(x, y int, c int8) int {
	if b.fast(c) {
		return b.bbPlay(y*b.w+x, c)
	}
	total := 0
	for _, d := range dirs {
		n := b.flipsDir(x, y, d[0], d[1], c)
		for i := 1; i <= n; i++ {
			b.put((y+d[1]*i)*b.w+x+d[0]*i, c)
		}
		total += n
	}
	b.put(y*b.w+x, c)
	return total
}

// line returns the colour owning n cells in a row (any of 4 directions), or 0.
// When both colours have one, it is the colour of the line that starts first
// in row-major order (a line starts at its end with the lower x, or the lower y
// when upright).
func (b *board) line(n int) int8 {
	if n > max(b.w, b.h) {
		return 0 // no line that long fits
	}
	if b.masks != nil && b.other == 0 {
		return b.bbLine(n)
	}
	return b.scanLine(n)
}

// scanLine is line cell by cell, for any board.
func (b *board) scanLine(n int) int8 {
	for y := 0; y < b.h; y++ {
		for x := 0; x < b.w; x++ {
			c := b.at(x, y)
			if c == 0 {
				continue
			}
			for _, d := range dirs[:8:8] {
				if d[0] < 0 || (d[0] == 0 && d[1] < 0) {
					continue // each line once
				}
				k := 1
				for xx, yy := x+d[0], y+d[1]; k < n && b.in(xx, yy) && b.at(xx, yy) == c; xx, yy = xx+d[0], yy+d[1] {
					k++
				}
				if k >= n {
					return c
				}
			}
		}
	}
	return 0
}

// bbLine is line on bitboards: for each colour, the cells that start n in a row
// in a forward direction (+x, +y, +x+y, +x-y: dirs 0, 2, 4, 6), and of the two
// the colour whose first start comes first.
func (b *board) bbLine(n int) int8 {
	mk := b.masks
	var first [2]int
	for c := range 2 {
		x := b.bb[c]
		var starts uint64
		for _, d := range [4]int{0, 2, 4, 6} {
			run := x // cells that start a run of i+1 cells in direction d
			for i := 1; i < n && run != 0; i++ {
				run = x & mk.shift(run, d+1) // d+1: the opposite direction
			}
			starts |= run
		}
		first[c] = bits.TrailingZeros64(starts) // 64: none
	}
	switch {
	case first[0] == 64 && first[1] == 64:
		return 0
	case first[0] < first[1]:
		return 1
	}
	return 2
}

// boardValue is the Starlark face of a declared board: it reads the match the
// calling thread runs, so one compiled pack serves every match.
type boardValue struct {
	name    string
	idx     int
	w       int
	methods []*starlark.Builtin // by index in boardMethods
	cells   []starlark.Value    // (x, y) of each cell, shared and frozen
}

var (
	_ starlark.HasAttrs = (*boardValue)(nil)
)

func (bv *boardValue) String() string        { return "<board " + bv.name + ">" }
func (bv *boardValue) Type() string          { return "board" }
func (bv *boardValue) Freeze()               {}
func (bv *boardValue) Truth() starlark.Bool  { return true }
func (bv *boardValue) Hash() (uint32, error) { return starlark.String(bv.name).Hash() }

var boardMethods = []string{"count", "empty", "flips", "full", "get", "has_move", "height", "line", "moves", "play", "set", "width"}

func (bv *boardValue) AttrNames() []string { return boardMethods }

func (bv *boardValue) Attr(name string) (starlark.Value, error) {
	if i := boardMethod(name); i >= 0 {
		return bv.methods[i], nil
	}
	return nil, nil
}

// boardMethod returns the index of a method in boardMethods, or -1: a switch,
// not a map, as code reads board.get and board.set at every turn.
func boardMethod(name string) int {
	switch name {
	case "count":
		return 0
	case "empty":
		return 1
	case "flips":
		return 2
	case "full":
		return 3
	case "get":
		return 4
	case "has_move":
		return 5
	case "height":
		return 6
	case "line":
		return 7
	case "moves":
		return 8
	case "play":
		return 9
	case "set":
		return 10
	case "width":
		return 11
	}
	return -1
}

func newBoardValue(name string, idx, w, h int) *boardValue {
	bv := &boardValue{name: name, idx: idx, w: w, methods: make([]*starlark.Builtin, len(boardMethods))}
	for i := 0; i < w*h; i++ {
		bv.cells = append(bv.cells, xyTuple(i%w, i/w))
	}
	for i, n := range boardMethods {
		bv.methods[i] = starlark.NewBuiltin(name+"."+n, func(th *starlark.Thread, fn *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
			return bv.call(th, n, fn.Name(), args, kw)
		})
	}
	return bv
}

func xyTuple(x, y int) starlark.Tuple {
	return starlark.Tuple{starlark.MakeInt(x), starlark.MakeInt(y)}
}

// readXY accepts (x, y) as two ints or one (x, y) tuple; it returns the rest.
func readXY(fn string, args starlark.Tuple) (x, y int, rest starlark.Tuple, err error) {
	if len(args) >= 1 {
		if t, ok := args[0].(starlark.Tuple); ok && len(t) == 2 {
			if err = starlark.AsInt(t[0], &x); err == nil {
				err = starlark.AsInt(t[1], &y)
			}
			if err != nil {
				err = fmt.Errorf("%s: cell %s: %v", fn, t, err)
			}
			return x, y, args[1:], err
		}
	}
	if len(args) < 2 {
		return 0, 0, nil, fmt.Errorf("%s: want a cell: x, y or (x, y)", fn)
	}
	if err = starlark.AsInt(args[0], &x); err == nil {
		err = starlark.AsInt(args[1], &y)
	}
	if err != nil {
		err = fmt.Errorf("%s: %v", fn, err)
	}
	return x, y, args[2:], err
}

func colour(fn string, v starlark.Value) (int8, error) {
	var c int
	if p, ok := v.(*playerValue); ok {
		return int8(p.seat + 1), nil
	}
	if err := starlark.AsInt(v, &c); err != nil || c < -128 || c > 127 {
		return 0, fmt.Errorf("%s: a cell value is an int in -128..127 or a player, not %s", fn, v.Type())
	}
	return int8(c), nil
}

func (bv *boardValue) call(th *starlark.Thread, name, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	m := matchOf(th)
	if m == nil {
		return nil, fmt.Errorf("%s: no match is running", fn)
	}
	return bv.callIn(m, name, fn, args, kw)
}

// callIn is method name (fn: "board.set") of the board in match m.
func (bv *boardValue) callIn(m *Match, name, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	if len(kw) > 0 {
		return nil, fmt.Errorf("%s: unexpected keyword arguments", fn)
	}
	b := m.st.boards[bv.idx]
	m.note(rdBoard, bv.idx, b.ver)
	switch name {
	case "get", "set", "flips", "play":
		x, y, rest, err := readXY(fn, args)
		if err != nil {
			return nil, err
		}
		if !b.in(x, y) {
			return nil, fmt.Errorf("%s: cell (%d, %d) is off the %d×%d board", fn, x, y, b.w, b.h)
		}
		if name == "get" {
			return starlark.MakeInt(int(b.at(x, y))), nil
		}
		if len(rest) != 1 {
			return nil, fmt.Errorf("%s: want a cell and a value", fn)
		}
		c, err := colour(fn, rest[0])
		if err != nil {
			return nil, err
		}
		switch name {
		case "flips":
			var out []starlark.Value
			if b.at(x, y) != 0 {
				return starlark.NewList(nil), nil
			}
			for _, d := range dirs {
				n := b.flipsDir(x, y, d[0], d[1], c)
				for i := 1; i <= n; i++ {
					out = append(out, bv.cells[(y+d[1]*i)*b.w+x+d[0]*i])
				}
			}
			return starlark.NewList(out), nil
		case "set":
			if err := m.mutable(fn); err != nil {
				return nil, err
			}
			b = m.boardW(bv.idx)
			b.put(y*b.w+x, c)
			if m.rec {
				e := Event{Kind: EvVariable, Field: bv.name}
				if m.texting() {
					e.Name, e.Detail = fmt.Sprintf("%s[%d, %d]", bv.name, x, y), fmt.Sprint(c)
				}
				m.emit(e)
			}
			return starlark.None, nil
		default: // play
			if err := m.mutable(fn); err != nil {
				return nil, err
			}
			b = m.boardW(bv.idx)
			n := b.play(x, y, c)
			if m.rec {
				e := Event{Kind: EvVariable, Field: bv.name}
				if m.texting() {
					e.Name, e.Detail = fmt.Sprintf("%s[%d, %d]", bv.name, x, y), fmt.Sprintf("%d, %d flipped", c, n)
				}
				m.emit(e)
			}
			return starlark.MakeInt(n), nil
		}
	case "moves", "has_move", "count", "line":
		if len(args) != 1 {
			return nil, fmt.Errorf("%s: want one argument", fn)
		}
		if name == "line" {
			var n int
			if err := starlark.AsInt(args[0], &n); err != nil {
				return nil, fmt.Errorf("%s: %v", fn, err)
			}
			return starlark.MakeInt(int(b.line(n))), nil
		}
		c, err := colour(fn, args[0])
		if err != nil {
			return nil, err
		}
		switch name {
		case "count":
			if b.fast(c) {
				return starlark.MakeInt(bits.OnesCount64(b.bb[c-1])), nil
			}
			n := 0
			for _, v := range b.cells {
				if v == c {
					n++
				}
			}
			return starlark.MakeInt(n), nil
		case "has_move":
			if b.fast(c) {
				return starlark.Bool(m.movesOf(bv.idx, b, c) != 0), nil
			}
			for y := 0; y < b.h; y++ {
				for x := 0; x < b.w; x++ {
					if b.canPlay(x, y, c) {
						return starlark.True, nil
					}
				}
			}
			return starlark.False, nil
		}
		if b.fast(c) {
			mv := m.movesOf(bv.idx, b, c)
			out := make([]starlark.Value, 0, bits.OnesCount64(mv))
			for ; mv != 0; mv &= mv - 1 {
				out = append(out, bv.cells[bits.TrailingZeros64(mv)])
			}
			return starlark.NewList(out), nil
		}
		var out []starlark.Value
		for y := 0; y < b.h; y++ {
			for x := 0; x < b.w; x++ {
				if b.canPlay(x, y, c) {
					out = append(out, bv.cells[y*b.w+x])
				}
			}
		}
		return starlark.NewList(out), nil
	case "empty", "full", "width", "height":
		if len(args) != 0 {
			return nil, fmt.Errorf("%s: want no arguments", fn)
		}
		switch name {
		case "width":
			return starlark.MakeInt(b.w), nil
		case "height":
			return starlark.MakeInt(b.h), nil
		case "full":
			for _, v := range b.cells {
				if v == 0 {
					return starlark.False, nil
				}
			}
			return starlark.True, nil
		}
		n := b.emptyCount()
		out := make([]starlark.Value, 0, n) // one allocation: the domain of every placement
		for i, v := range b.cells {
			if v == 0 {
				out = append(out, bv.cells[i])
			}
		}
		return starlark.NewList(out), nil
	}
	return nil, fmt.Errorf("%s: unknown method", fn)
}

// emptyCount is the number of empty cells of the board in match m, read as
// board.empty() reads it.
func (bv *boardValue) emptyCount(m *Match) int {
	b := m.st.boards[bv.idx]
	m.note(rdBoard, bv.idx, b.ver)
	return b.emptyCount()
}

// emptyCount is the number of empty cells.
func (b *board) emptyCount() int {
	n := 0
	for _, v := range b.cells {
		if v == 0 {
			n++
		}
	}
	return n
}
