package editor

import (
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// exercisePacks are the bundled packs the exerciser keeps in project files
// and opens in turn: small enough to play many matches of, with scenarios
// (tictactoe, seeds) and with object types, clauses and scripts (seeds).
var exercisePacks = []string{"tictactoe", "seeds", "connectfour"}

// exerciser is one run: a fresh window on fresh project files, the
// operations done so far and what the invariants expect of the window.
type exerciser struct {
	t     *testing.T
	e     *Editor
	paths []string  // the project files, one per exercise pack
	cur   int       // the index in paths of the project shown
	steps []string  // what each operation did, in a designer's words
	now   time.Time // the canvas's clock (clock)
	saved string    // the pack's YAML last saved and read back
	// refused are the fields whose text the pack refused, with a message:
	// they may show what the pack does not hold.
	refused map[fyne.CanvasObject]bool

	// What the invariants are told by the operation just done.
	typed []func() *broken // checks of the text typed into fields
	keys  []keyCheck       // window-wide shortcuts pressed and what they must do

	// Since the last project was opened: whether a playtest ran and a match
	// was started on it, and the filters typed in the debugger.
	sinceOpen struct {
		playtest, match bool
	}
}

// templates are the project files each run copies, made once per test.
var templates = map[*testing.T][]string{}

// exerciseTemplates returns the project files of t's runs.
func exerciseTemplates(t *testing.T) []string {
	if templates[t] == nil {
		templates[t] = exerciseFiles(t)
		t.Cleanup(func() { delete(templates, t) })
	}
	return templates[t]
}

// replaying is set while a sequence given by RULESTUDIO_EXERCISE_REPLAY
// runs: each step is logged (go test -v shows them).
var replaying bool

// opTime is the time spent in each kind of operation and in the checks,
// for the log of a run (what to make cheaper when the suite is slow).
var opTime = map[string]time.Duration{}

// exercise plays ops on a fresh window and returns the first invariant
// that failed, or nil.
func exercise(t *testing.T, ops []op) (f *opFailure) {
	x := newExerciser(t)
	defer x.close()
	for i, o := range ops {
		x.typed, x.keys = nil, nil
		began := time.Now()
		what, err := x.do(o)
		opTime[o.kind] += time.Since(began)
		x.steps = append(x.steps, what)
		if replaying {
			t.Logf("%d. %s", i+1, what)
		}
		if err == nil {
			began = time.Now()
			err = x.check()
			opTime["(checks)"] += time.Since(began)
		}
		if err != nil {
			inv, msg := err.invariant, err.msg
			return &opFailure{invariant: inv, at: i, kind: o.kind, msg: msg, steps: x.steps}
		}
	}
	return nil
}

// broken is an invariant that does not hold, and why.
type broken struct {
	invariant string
	msg       string
}

func brokenf(invariant, format string, args ...any) *broken {
	return &broken{invariant: invariant, msg: fmt.Sprintf(format, args...)}
}

// do runs one operation; a panic is a failure of invariant "no-panic".
func (x *exerciser) do(o op) (what string, err *broken) {
	defer func() {
		if r := recover(); r != nil {
			err = brokenf("no-panic", "%v\n%s", r, debug.Stack())
		}
	}()
	k := kindOf(o.kind)
	rng := rand.New(rand.NewPCG(o.r, 0x0e))
	what = k.run(x, rng)
	x.settle()
	return o.kind + ": " + what, nil
}

// newExerciser makes the project files and opens the first in a window
// the size of a laptop's screen.
func newExerciser(t *testing.T) *exerciser {
	began := time.Now()
	defer func() { opTime["(new window)"] += time.Since(began) }()
	x := &exerciser{t: t, refused: map[fyne.CanvasObject]bool{}}
	x.paths = exerciseCopies(t, exerciseTemplates(t))
	a := test.NewTempApp(t)
	x.e = New(a, sqliteStore{})
	useQueue(x.e)
	x.e.Window().Resize(fyne.NewSize(1200, 800))
	x.e.Window().Show()
	if err := x.e.Open(x.paths[0]); err != nil {
		t.Fatalf("open %s: %v", x.paths[0], err)
	}
	x.settle()
	return x
}

// close closes the window and its project.
func (x *exerciser) close() {
	x.e.quit()
}

// settle lets the background work of the editor (layouts, checks,
// playtests, test runs) finish and come back to the window.
func (x *exerciser) settle() { settle(x.e) }
