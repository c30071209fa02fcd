package engine

import (
	"math"
	"math/big"
	"testing"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// TestCompareIntsAsCompare: compareInts answers every comparison of two
// ints that fit in int64 as starlark.Compare does (small, negative, the
// extremes, equal and not), and leaves ints past int64 and every other pair (a float, mixed int and float, a
// string, None) to Compare.
func TestCompareIntsAsCompare(t *testing.T) {
	huge := starlark.MakeBigInt(new(big.Int).Lsh(big.NewInt(1), 70))
	ints := []starlark.Value{starlark.MakeInt(0), starlark.MakeInt(2), starlark.MakeInt(-3), starlark.MakeInt(14),
		starlark.MakeInt64(math.MaxInt64), starlark.MakeInt64(math.MinInt64), huge, huge.Sub(starlark.MakeInt(1))}
	others := []starlark.Value{starlark.Float(2), starlark.Float(math.NaN()), starlark.String("2"), starlark.None, starlark.True}
	ops := []syntax.Token{syntax.EQL, syntax.NEQ, syntax.LT, syntax.GT, syntax.LE, syntax.GE}
	for _, op := range ops {
		for _, a := range ints {
			for _, b := range ints {
				got, ok := compareInts(op, a, b)
				want, err := starlark.Compare(op, a, b)
				_, fitsA := a.(starlark.Int).Int64()
				_, fitsB := b.(starlark.Int).Int64()
				fits := fitsA && fitsB
				if ok != fits || err != nil || ok && got != want {
					t.Errorf("%v %v %v: fast %v %v, Compare %v %v", a, op, b, got, ok, want, err)
				}
			}
			for _, b := range others {
				if _, ok := compareInts(op, a, b); ok {
					t.Errorf("%v %v %v answered", a, op, b)
				}
				if _, ok := compareInts(op, b, a); ok {
					t.Errorf("%v %v %v answered", b, op, a)
				}
			}
		}
	}
}
