package editor

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"fyne.io/fyne/v2"
)

// The play driver: files (open, save), matches (start, step keys, moves,
// the timeline, end), the debugger's filter, playtests and scenarios.

// openOther opens one of the project files (File > Open of its path), most
// often another than the one shown.
func (x *exerciser) openOther(rng *rand.Rand) string {
	i := rng.IntN(len(x.paths))
	if err := x.e.Open(x.paths[i]); err != nil {
		x.e.showError(err)
		return fmt.Sprintf("File > Open %s: %v", x.paths[i], err)
	}
	x.cur = i
	x.sinceOpen.playtest, x.sinceOpen.match = false, false
	return "File > Open " + exercisePacks[i]
}

// save: ctrl+S with the focus wherever it is.
func (x *exerciser) save(rng *rand.Rand) string {
	where := x.focusSomewhere(rng)
	x.press(fyne.KeyS, fyne.KeyModifierControl)
	x.keys = append(x.keys, keyCheck{"ctrl+S", where, func() bool { return !x.e.Dirty() }})
	return "ctrl+S with the focus on " + where
}

// seats is a match's seats: the designer first, random bots after.
func (x *exerciser) seats() []string {
	n := 2
	if pl := x.e.Pack().Players; pl != nil && pl.Min > 0 {
		n = pl.Min
	}
	seats := []string{person}
	for len(seats) < n {
		seats = append(seats, "random")
	}
	return seats
}

// startMatch: Play > New match… with a seed, Play.
func (x *exerciser) startMatch(rng *rand.Rand) string {
	if x.e.Pack() == nil {
		return "no pack"
	}
	seed := strconv.Itoa(rng.IntN(100))
	if err := x.e.StartMatch(seed, x.seats()); err != nil {
		x.e.showError(err)
		return "New match, seed " + seed + ": " + err.Error()
	}
	x.sinceOpen.match = true
	return "New match, seed " + seed
}

// stepKey presses F5, F9, F10 or F11 with the focus wherever it is. F9
// (back) and F11 (forward, behind the newest step) must move the cursor.
func (x *exerciser) stepKey(rng *rand.Rand) string {
	where := x.focusSomewhere(rng)
	keys := []fyne.KeyName{fyne.KeyF5, fyne.KeyF9, fyne.KeyF10, fyne.KeyF11}
	k := keys[rng.IntN(len(keys))]
	s := x.e.Play.Session()
	busy := x.e.busy()
	var cur, head int
	if s != nil {
		cur, head = s.Cursor(), s.Head()
	}
	x.press(k, 0)
	if s != nil && !busy {
		switch {
		case k == fyne.KeyF9 && cur > 0:
			x.keys = append(x.keys, keyCheck{"F9", where, func() bool { return s.Cursor() == cur-1 }})
		case k == fyne.KeyF11 && cur < head:
			x.keys = append(x.keys, keyCheck{"F11", where, func() bool { return s.Cursor() == cur+1 }})
		}
	}
	return string(k) + " with the focus on " + where
}

// takeMove taps one of the Play panel's enabled buttons (an action, a
// value, Take); behind the newest step taking a move branches.
func (x *exerciser) takeMove(rng *rand.Rand) string {
	var open []string
	bs := actionButtons(x.e.Play)
	for _, b := range bs {
		if !b.Disabled() {
			open = append(open, b.Text)
		}
	}
	text := oneOf(rng, open)
	for _, b := range bs {
		if b.Text == text && !b.Disabled() {
			x.tap(b, fyne.NewPos(2, 2))
			return "tap " + strconv.Quote(text)
		}
	}
	return "no move to take"
}

// scrub drags the timeline to a step; the cursor must follow.
func (x *exerciser) scrub(rng *rand.Rand) string {
	s := x.e.Play.Session()
	if s == nil {
		return "no match"
	}
	to := rng.IntN(s.Head() + 1)
	x.e.Play.Scrub(to)
	x.keys = append(x.keys, keyCheck{"the timeline", "the slider", func() bool { return s.Cursor() == to }})
	return "drag the timeline to step " + strconv.Itoa(to)
}

// endMatch: Play > End Match.
func (x *exerciser) endMatch(*rand.Rand) string {
	x.e.EndMatch()
	return "Play > End Match"
}

// filterEvents types into the debugger's event filter.
func (x *exerciser) filterEvents(rng *rand.Rand) string {
	if !x.e.Dock.Has(PanelDebug) {
		return "no debugger"
	}
	x.e.Dock.Show(PanelDebug)
	f := debugEntry(x.t, x.e, "filter events")
	x.e.Window().Canvas().Focus(f)
	text := oneOf(rng, []string{"enter", "mark", "x"})
	x.typeRunes(text)
	return "type " + strconv.Quote(text) + " in the debugger's event filter"
}

// playtest: Tools > Playtest… of a few matches with random bots.
func (x *exerciser) playtest(rng *rand.Rand) string {
	seed := uint64(rng.IntN(100))
	x.e.Playtest(PlaytestSettings{Matches: 3, Seats: len(x.seats()), Seed: seed, Bots: "random"})
	x.settle()
	if x.e.View.Heat() != nil {
		x.sinceOpen.playtest = true
	}
	return fmt.Sprintf("Tools > Playtest, 3 matches from seed %d", seed)
}

// openScenario: Tools > Tests, and Edit of one of the project's scenarios.
func (x *exerciser) openScenario(rng *rand.Rand) string {
	x.e.ShowTests()
	if x.e.tests == nil {
		return "no Tests panel"
	}
	var names []string
	for _, s := range x.e.tests.scenarios {
		names = append(names, s.Name)
	}
	name := oneOf(rng, names)
	if name == "" {
		return "Tools > Tests: no scenarios"
	}
	x.e.EditScenario(name)
	return "Tools > Tests, Edit " + name
}

// runTests: Tools > Tests, Run all.
func (x *exerciser) runTests(*rand.Rand) string {
	x.e.ShowTests()
	x.e.RunTests()
	x.settle()
	return "Tools > Tests, Run all"
}
