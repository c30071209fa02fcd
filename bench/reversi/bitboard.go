// Package reversi is the baseline the engine's Reversi is measured against: a
// plain-Go bitboard Reversi (no engine, no Starlark) with perft. See
// bench/README.md.
package reversi

import "math/bits"

// Board is a Reversi position: the discs of the player to move and of the
// opponent, bit y*8+x.
type Board struct {
	Own, Opp uint64
}

// Start is the initial position, black (the first player) to move.
func Start() Board {
	// White on d4 (3,3) and e5 (4,4); black on e4 (4,3) and d5 (3,4).
	return Board{Own: 1<<(3*8+4) | 1<<(4*8+3), Opp: 1<<(3*8+3) | 1<<(4*8+4)}
}

const (
	notA = 0xfefefefefefefefe // clears column 0 after a shift towards higher x
	notH = 0x7f7f7f7f7f7f7f7f
)

func shift(b uint64, d int) uint64 {
	switch d {
	case 0:
		return (b << 1) & notA
	case 1:
		return (b >> 1) & notH
	case 2:
		return b << 8
	case 3:
		return b >> 8
	case 4:
		return (b << 9) & notA
	case 5:
		return (b >> 9) & notH
	case 6:
		return (b << 7) & notH
	default:
		return (b >> 7) & notA
	}
}

// Moves returns the legal moves of the player to move.
func (b Board) Moves() uint64 {
	empty := ^(b.Own | b.Opp)
	var moves uint64
	for d := 0; d < 8; d++ {
		x := shift(b.Own, d) & b.Opp
		x |= shift(x, d) & b.Opp
		x |= shift(x, d) & b.Opp
		x |= shift(x, d) & b.Opp
		x |= shift(x, d) & b.Opp
		x |= shift(x, d) & b.Opp
		moves |= shift(x, d) & empty
	}
	return moves
}

// Play returns the position after the player to move plays on square sq; the
// opponent is then to move.
func (b Board) Play(sq int) Board {
	m := uint64(1) << sq
	var flips uint64
	for d := 0; d < 8; d++ {
		var f uint64
		x := shift(m, d)
		for x&b.Opp != 0 {
			f |= x
			x = shift(x, d)
		}
		if x&b.Own != 0 {
			flips |= f
		}
	}
	return Board{Own: b.Opp &^ flips, Opp: b.Own | flips | m}
}

// Pass returns the position with the other player to move.
func (b Board) Pass() Board { return Board{Own: b.Opp, Opp: b.Own} }

// Perft counts the leaf nodes at depth, playing every move including the last
// ply's. A forced pass is one ply; a finished game has no children.
func Perft(b Board, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := b.Moves()
	if moves == 0 {
		if b.Pass().Moves() == 0 {
			return 0 // game over
		}
		return Perft(b.Pass(), depth-1)
	}
	var n uint64
	for moves != 0 {
		sq := bits.TrailingZeros64(moves)
		moves &= moves - 1
		n += Perft(b.Play(sq), depth-1)
	}
	return n
}

// PerftBulk is Perft counting the last ply's moves without playing them, as
// the engine's perft does.
func PerftBulk(b Board, depth int) uint64 {
	moves := b.Moves()
	if moves == 0 {
		if b.Pass().Moves() == 0 {
			return 0
		}
		if depth == 1 {
			return 1
		}
		return PerftBulk(b.Pass(), depth-1)
	}
	if depth == 1 {
		return uint64(bits.OnesCount64(moves))
	}
	var n uint64
	for moves != 0 {
		sq := bits.TrailingZeros64(moves)
		moves &= moves - 1
		n += PerftBulk(b.Play(sq), depth-1)
	}
	return n
}
