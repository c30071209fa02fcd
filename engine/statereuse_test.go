package engine

import (
	"crypto/sha256"
	"fmt"
	"testing"
)

// TestStepReusesDroppedPast: a step of a pack with clauses snapshots the
// state as it begins (beginStep); when it ends, the past the step before it
// read is read by nothing any more, so the next step's snapshot takes its
// struct instead of allocating one (statereuse.go). A step that writes
// nothing thus allocates nothing once the first has run.
func TestStepReusesDroppedPast(t *testing.T) {
	m := newMatch(t, bundled(t, "seeds"), 2, Options{Seed: 1, NoHistory: true})
	if m.prev == nil {
		t.Fatal("the seed effects take no snapshot at a step: the test needs a pack that does")
	}
	if n := testing.AllocsPerRun(50, func() { m.beginStep(); m.endStep() }); n != 0 {
		t.Errorf("an empty step allocates %v times, want 0", n)
	}
	// A step writing a frame copies the state stack: into the stack of the
	// past dropped, which made its own and whose copy made another.
	top := len(m.st.frames) - 1
	if n := testing.AllocsPerRun(50, func() { m.beginStep(); m.clearEnded(top); m.endStep() }); n != 0 {
		t.Errorf("a step writing a frame allocates %v times, want 0", n)
	}
}

// keeperBot plays as bot, and before each choice keeps states the ways the
// engine's users do: a fork played on a few moves, a determinized copy
// played on, a perft of two plies (one decision in eight), a view of every seat.
type keeperBot struct {
	bot *hashingBot
	n   int
}

func (b *keeperBot) Choose(m *Match, moves []Move) Move {
	b.n++
	seed := uint64(b.n)
	switch b.n % 8 {
	case 0, 4:
		if _, err := m.Fork().Play(NewRandomBot(seed), 3); err != nil && b.bot.err == nil {
			b.bot.err = err
		}
	case 1, 5:
		if _, err := m.Determinize(moves[0].Seat, seed).Play(NewRandomBot(seed), 3); err != nil && b.bot.err == nil {
			b.bot.err = err
		}
	case 2:
		if _, err := m.Perft(2); err != nil && b.bot.err == nil {
			b.bot.err = err
		}
	}
	return b.bot.Choose(m, moves)
}

// TestDroppedPastsUnreachable: in the checked mode, every past a step
// drops is asked of the collector at the next snapshot, which panics when
// anything still reaches it (a keeper without hold); the matches played,
// with forks, determinized copies and perft taken at every decision, give
// the same decisions and views as with the pasts reused.
func TestDroppedPastsUnreachable(t *testing.T) {
	reads, err := Parse([]byte(readsPack), "reads.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// The seed effects, and a pack whose clauses read every kind of part,
	// 40 plies each (a collection at every step).
	for name, p := range map[string]*Program{"seeds": bundled(t, "seeds"), "reads": reads} {
		seats := 2
		if pl := p.Pack.Players; pl != nil && pl.Min > 0 {
			seats = pl.Min
		}
		// Play, or Apply (an undo point at every move, a snapshot between
		// the steps of two moves).
		play := func(apply bool) string {
			m := newMatch(t, p, seats, Options{Seed: 3, NoHistory: true})
			bot := &keeperBot{bot: &hashingBot{bot: NewRandomBot(3), h: sha256.New(), views: true}}
			var plies int
			var err error
			if apply {
				for ; err == nil && m.Waiting() && plies < 40; plies++ {
					var moves []Move
					if moves, err = m.LegalAll(); err == nil {
						err = m.Apply(bot.Choose(m, moves))
					}
				}
			} else {
				plies, err = m.Play(bot, 40)
			}
			if err == nil {
				err = bot.bot.err
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return fmt.Sprintf("plies=%d steps=%d scores=%v sha256=%x", plies, m.Step(), m.Scores(), bot.bot.h.Sum(nil)[:12])
		}
		for _, apply := range []bool{false, true} {
			checkStates = true
			checked := play(apply)
			checkStates = false
			if got := play(apply); got != checked {
				t.Errorf("%s: reusing pasts changed the match:\n got %s\nwant %s", name, got, checked)
			}
		}
	}
}

// TestForkHoldsPast: a fork reads the same past as its match (Fork), so
// its steps must not reuse it while the match still reads it: in the
// checked mode, a fork taking steps with no undo point (a fork taken
// mid-way goes on before its first action's) finds the past it dropped
// still reachable, through its match, unless Fork held it.
func TestForkHoldsPast(t *testing.T) {
	m := newMatch(t, bundled(t, "seeds"), 2, Options{Seed: 1, NoHistory: true})
	f := m.Fork()
	checkStates = true
	defer func() { checkStates = false }()
	for range 3 {
		f.beginStep()
		f.endStep()
	}
	if f.prev == m.prev || m.prev.owned&stateHeld == 0 {
		t.Errorf("the fork's steps did not move its past on, or Fork did not hold the match's")
	}
}

// TestDeadFramesOnlyFromTheStartsCopy: a dropped past's state stack is
// taken for the next copy only when the new past, the one copy made of the
// dropped one, made its own; a snapshot between them (a save) may share the
// old stack and keep it, so a stack the new past made after a save is not
// enough.
func TestDeadFramesOnlyFromTheStartsCopy(t *testing.T) {
	m := newMatch(t, bundled(t, "seeds"), 2, Options{Seed: 1, NoHistory: true})
	top := len(m.st.frames) - 1
	m.beginStep()
	m.clearEnded(top) // the step's state makes its own stack: the next past's
	m.endStep()
	m.beginStep()
	m.endStep()
	saved := m.save() // shares the past's stack, and holds it
	want := saved.frames[top].ended
	m.clearEnded(top) // the state after the save makes its own stack
	m.beginStep()
	m.endStep() // drops the past whose stack saved shares
	m.beginStep()
	m.endTurn(top, 1) // copies the stack: not into saved's
	m.endStep()
	if got := saved.frames[top].ended; got != want {
		t.Errorf("a saved state's stack changed: ended %b, want %b", got, want)
	}
}
