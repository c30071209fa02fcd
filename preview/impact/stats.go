package impact

import (
	"slices"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// McNemar is the two-sided p-value of McNemar's exact test (McNemar 1947)
// for paired yes/no outcomes: b pairs were yes only on the first side, c
// only on the second. Under the hypothesis that both sides have the same
// rate, each of the b+c discordant pairs falls either way with probability
// 1/2, so the p-value is twice the binomial tail of min(b, c), at most 1; it
// is 1 when no pair is discordant.
func McNemar(b, c int) float64 {
	n := b + c
	if n == 0 {
		return 1
	}
	tail := distuv.Binomial{N: float64(n), P: 0.5}.CDF(float64(min(b, c)))
	return min(1, 2*tail)
}

// quantiles returns the median and the 90th percentile of the lengths
// counted (0, 0 for none), as the empirical quantiles: the smallest length
// at least that share of the matches reach.
func quantiles(counts map[int]int64) (median, p90 float64) {
	if len(counts) == 0 {
		return 0, 0
	}
	var xs []int
	for l := range counts {
		xs = append(xs, l)
	}
	slices.Sort(xs)
	x, w := make([]float64, len(xs)), make([]float64, len(xs))
	for i, l := range xs {
		x[i], w[i] = float64(l), float64(counts[l])
	}
	return stat.Quantile(0.5, stat.Empirical, x, w), stat.Quantile(0.9, stat.Empirical, x, w)
}
