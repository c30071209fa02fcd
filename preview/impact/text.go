package impact

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// Significance is the p-value under which [Report.WriteText] calls a change
// of the first seat's win rate significant.
const Significance = 0.05

// WriteText prints r for people: each recorded match and scenario with what
// became of it, then the matches played on both packs side by side.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "impact of %s -> %s\n", r.Before, r.After)
	fmt.Fprintf(&b, "recorded matches: %d\n", len(r.Matches))
	for _, m := range r.Matches {
		name := m.Name
		if m.ID != 0 {
			name = fmt.Sprintf("#%d %s", m.ID, m.Name)
		}
		writeReplayed(&b, name, m, "", "")
	}
	fmt.Fprintf(&b, "scenarios: %d\n", len(r.Scenarios))
	for _, s := range r.Scenarios {
		writeReplayed(&b, s.Name, s.Replayed, s.FailedBefore, s.FailedAfter)
	}
	if r.Play != nil {
		r.Play.write(&b, r.Before, r.After)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Summary is the outcome in a few words: "same", "differs at step 25 (after
// move 5)", "refused: move 3 ...".
func (m Replayed) Summary() string {
	s := string(m.Outcome)
	if m.Outcome == Differs && m.Step > 0 || m.Outcome == Refused && len(m.Before)+len(m.After) > 0 {
		s += fmt.Sprintf(" at step %d (after move %d)", m.Step, m.Move)
	}
	if m.Reason != "" {
		s += ": " + m.Reason
	}
	return s
}

// writeReplayed writes one recorded match or scenario: its outcome, the
// events of the step where it first differs, and its failures when they
// changed.
func writeReplayed(b *strings.Builder, name string, m Replayed, failedBefore, failedAfter string) {
	fmt.Fprintf(b, "  %s: %s\n", name, m.Summary())
	for _, l := range StepDiff(m.Before, m.After) {
		fmt.Fprintf(b, "      %s\n", l)
	}
	if failedBefore != failedAfter {
		fmt.Fprintf(b, "      before: %s\n      after:  %s\n", orPassed(failedBefore), orPassed(failedAfter))
	}
}

func orPassed(failure string) string {
	if failure == "" {
		return "passes"
	}
	return "fails, " + failure
}

// write prints the comparison, the two packs in columns.
func (c *Comparison) write(b *strings.Builder, nameA, nameB string) {
	fmt.Fprintf(b, "matches played on both: %d (seeds %d..%d, %d seats, bots %s)\n", c.Matches, c.Seed, c.Seed+uint64(c.Matches)-1, c.Seats, c.Bots)
	row := func(label, a, b2 string) { fmt.Fprintf(b, "  %-28s %-26s %s\n", label, a, b2) }
	row("", nameA, nameB)
	rate := func(s Side) string {
		return fmt.Sprintf("%.1f%% [%.1f%%, %.1f%%]", 100*s.FirstSeat, 100*s.Low, 100*s.High)
	}
	row("first seat win rate", rate(c.Before), rate(c.After))
	row("wins per seat", joinInts(c.Before.Wins), joinInts(c.After.Wins))
	row("draws", fmt.Sprint(c.Before.Draws), fmt.Sprint(c.After.Draws))
	row("errors", fmt.Sprint(c.Before.Errors), fmt.Sprint(c.After.Errors))
	length := func(s Side) string { return fmt.Sprintf("%.2f (sd %.2f)", s.Mean, s.StdDev) }
	row("length: mean", length(c.Before), length(c.After))
	spread := func(s Side) string { return fmt.Sprintf("%d / %g / %g / %d", s.Min, s.Median, s.P90, s.Max) }
	row("  min / median / p90 / max", spread(c.Before), spread(c.After))
	verdict := "not significant"
	if c.PValue < Significance {
		verdict = "significant"
	}
	fmt.Fprintf(b, "  first seat won on one only: %d before, %d after; McNemar exact p = %.3g (%s at %g)\n",
		c.WonBefore, c.WonAfter, c.PValue, verdict, Significance)
	fmt.Fprintf(b, "  as long on both: %d of %d matches\n", c.SameLength, c.Matches)
	c.writeLengths(b)
	writeShifts(b, "states entered", c.States)
	writeShifts(b, "clauses fired", c.Clauses)
}

// writeLengths prints the two length distributions side by side.
func (c *Comparison) writeLengths(b *strings.Builder) {
	var lens []int
	for l := range c.Before.Lengths {
		lens = append(lens, l)
	}
	for l := range c.After.Lengths {
		if _, ok := c.Before.Lengths[l]; !ok {
			lens = append(lens, l)
		}
	}
	slices.Sort(lens)
	fmt.Fprintf(b, "  length distribution (actions: matches before, after):\n")
	for _, l := range lens {
		fmt.Fprintf(b, "    %d: %d, %d\n", l, c.Before.Lengths[l], c.After.Lengths[l])
	}
}

// writeShifts prints the states or clauses that changed most.
func writeShifts(b *strings.Builder, what string, ss []Shift) {
	if len(ss) == 0 {
		fmt.Fprintf(b, "  %s: the same per match\n", what)
		return
	}
	fmt.Fprintf(b, "  %s that changed most (per match, before -> after):\n", what)
	for _, s := range ss {
		key := s.Key
		if s.Name != "" {
			key += " " + s.Name
		}
		fmt.Fprintf(b, "    %s: %.2f -> %.2f\n", key, s.Before, s.After)
	}
}

func joinInts(xs []int64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// StepDiff is the events of a step before and after as a line diff: each
// line led by "  " when both have it, "- " when only before does, "+ "
// when only after does.
func StepDiff(before, after []string) []string {
	var out []string
	m := difflib.NewMatcher(before, after)
	for _, op := range m.GetOpCodes() {
		switch op.Tag {
		case 'e':
			for _, l := range before[op.I1:op.I2] {
				out = append(out, "  "+l)
			}
		default:
			for _, l := range before[op.I1:op.I2] {
				out = append(out, "- "+l)
			}
			for _, l := range after[op.J1:op.J2] {
				out = append(out, "+ "+l)
			}
		}
	}
	return out
}
