package host

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview/scene"
	"github.com/rulestudio/studio/preview/scene/picture"
)

// snapshot is a match as its viewers see it at one step: made under the
// match's lock each time the match moves, read by requests without it.
// The viewers' states are built at the first read of any (view), from a
// fork of the match at the step, which the match going on leaves as it is.
type snapshot struct {
	step    int // the session's newest step: each move makes a new one
	over    bool
	failed  bool          // the pack's code failed: the match cannot go on
	paused  bool          // the designer paused the match (Control.Pause)
	viewers int           // the spectator and each seat
	changed chan struct{} // closed when a newer snapshot replaces this one

	pack  *graph.Pack
	index int             // the match's, from 0
	mt    *engine.Match   // the match at step, a fork; used by build only
	draw  picture.Options // how each view's picture is drawn: the images, linked under the API (images.go)

	build sync.Once
	made  atomic.Bool // the views are built
	views []*view     // by viewer: 0 the spectator, then each seat
	stuck bool        // listing the legal moves failed: the match cannot go on
	err   error       // building the views failed
}

// view is one viewer's state at a step: the scene and the legal moves, and
// the response body written from them (with the picture) when first asked.
type view struct {
	state stateJSON
	moves []engine.Move   // the seat's legal moves, in the order Actions lists them
	draw  picture.Options // how its picture is drawn: the images, linked under the API (images.go)

	keysOnce sync.Once
	byKey    map[string]engine.Move // moves by moveKey, made at the first post

	once sync.Once
	body []byte
	err  error
}

// stateJSON is the body of GET /api/matches/{m}/state (docs/hosting.md).
type stateJSON struct {
	Match int    `json:"match"` // from 1
	Seat  int    `json:"seat"`  // from 1; 0 for the spectator
	Step  int    `json:"step"`  // post a move with it
	Over  bool   `json:"over"`
	Error string `json:"error,omitempty"` // the match stopped: the pack's code failed
	// Paused: the designer paused the match from the window (Play > Host
	// Match…); a move posted now is refused (423) until they go on.
	Paused bool         `json:"paused,omitempty"`
	Scene  *scene.Scene `json:"scene"`
	// Actions are the seat's legal moves now, by action ([] when it has
	// none; the spectator has none).
	Actions []actionJSON `json:"actions"`
	Picture *pictureJSON `json:"picture"`
	// Barred are the actions of the seat's state it cannot take now
	// although it has moves, each with the designer's words for why (a
	// rule's require(cond, reason)) and the rule: only those with words,
	// since a rule's own breakdown reads values the seat may not see.
	Barred []barredJSON `json:"barred,omitempty"`
}

// barredJSON is one action a seat cannot take now and why (docs/model.md,
// "Why can't I play this").
type barredJSON struct {
	Action string `json:"action"`
	Said   string `json:"said"` // the designer's words
	Rule   string `json:"rule"` // "the precondition of draw"
	Line   int    `json:"line,omitempty"`
}

// pictureJSON is the scene drawn as SVG, and where each thing of it lies
// (picture.Boxes), for the page's clicks.
type pictureJSON struct {
	Width  float64       `json:"width"`
	Height float64       `json:"height"`
	SVG    string        `json:"svg"`
	Boxes  []picture.Box `json:"boxes"`
}

// makeSnapshot makes the snapshot of m at its newest step (i is the
// match's index, from 0; step is the session's newest step, the one a move
// is posted at; failed: it stopped on an error; paused: the designer paused
// it): a fork of m, made under the caller's hold on it, from which the
// viewers' states are built when first read.
func makeSnapshot(pack *graph.Pack, m *engine.Match, i, step int, failed, paused bool) *snapshot {
	return &snapshot{step: step, over: m.Over(), failed: failed, paused: paused, viewers: m.Seats() + 1,
		changed: make(chan struct{}), pack: pack, index: i, mt: m.Fork()}
}

// view returns viewer v's state (0 the spectator, then each seat), building
// every viewer's at the first call.
func (snap *snapshot) view(v int) (*view, error) {
	snap.build.Do(func() {
		snap.views, snap.err = snap.makeViews()
		snap.mt = nil // not needed any more
		snap.made.Store(true)
	})
	if snap.err != nil {
		return nil, snap.err
	}
	if v < 0 || v >= len(snap.views) {
		return nil, fmt.Errorf("host: no viewer %d (match %d has %d)", v, snap.index+1, len(snap.views))
	}
	return snap.views[v], nil
}

// makeViews builds every viewer's state at the snapshot's step (and sets
// stuck).
func (snap *snapshot) makeViews() ([]*view, error) {
	pack, m := snap.pack, snap.mt
	scenes, err := scenesOf(pack, m)
	if err != nil {
		return nil, err
	}
	var all []engine.Move
	if !snap.over && !snap.failed {
		if all, err = m.LegalAll(); err != nil {
			snap.stuck = true
		}
	}
	var out []*view
	for v, sc := range scenes {
		st := stateJSON{Match: snap.index + 1, Seat: v, Step: snap.step, Over: snap.over, Paused: snap.paused, Scene: sc, Actions: []actionJSON{}}
		if snap.failed || snap.stuck {
			st.Error = "the match stopped on an error of the rules"
		}
		vw := &view{draw: snap.draw}
		if v > 0 {
			var mine []engine.Move
			for _, mv := range all {
				if mv.Seat == v-1 {
					mine = append(mine, mv)
				}
			}
			if len(mine) > 0 {
				if st.Actions, vw.moves, err = seatMoves(pack, m, v-1, sc, mine); err != nil {
					return nil, err
				}
				if st.Barred, err = barred(m, v-1); err != nil {
					return nil, err
				}
			}
		}
		vw.state = st
		out = append(out, vw)
	}
	return out, nil
}

// barred lists the actions seat (from 0) cannot take now whose refusal
// gives the designer's words.
func barred(m *engine.Match, seat int) ([]barredJSON, error) {
	rs, err := m.WhyNot(seat)
	if err != nil {
		return nil, err
	}
	var out []barredJSON
	for _, r := range rs {
		if r.Said != "" {
			out = append(out, barredJSON{Action: r.Action, Said: r.Said, Rule: r.Rule, Line: r.Line})
		}
	}
	return out, nil
}

// legal returns the seat's legal move posted as action and args. A page
// posts a move's args as the state wrote them, so they are looked for as
// bytes first; args written otherwise (another key order) are found by
// their canonical JSON (moveKey), each legal move's made at the first such
// post.
func (vw *view) legal(action string, args json.RawMessage) (engine.Move, bool) {
	var posted bytes.Buffer
	if json.Compact(&posted, args) == nil {
		n := 0
		for _, a := range vw.state.Actions {
			for k, mj := range a.Moves {
				if a.Action == action && bytes.Equal(mj.Args, posted.Bytes()) {
					return vw.moves[n+k], true
				}
			}
			n += len(a.Moves)
		}
	}
	key, err := moveKey(action, args)
	if err != nil {
		return engine.Move{}, false
	}
	vw.keysOnce.Do(func() {
		vw.byKey = map[string]engine.Move{}
		n := 0
		for _, a := range vw.state.Actions {
			for _, mj := range a.Moves {
				if k, err := moveKey(a.Action, mj.Args); err == nil {
					vw.byKey[k] = vw.moves[n]
				}
				n++
			}
		}
	})
	mv, ok := vw.byKey[key]
	return mv, ok
}

// bytes returns the view's response body, drawing its picture the first
// time (off the match's lock: a scene is plain data).
func (vw *view) bytes() ([]byte, error) {
	vw.once.Do(func() {
		st := vw.state
		var svg strings.Builder
		if err := picture.SVG(&svg, vw.draw, st.Scene); err != nil {
			vw.err = err
			return
		}
		w, h, boxes, err := picture.Boxes(st.Scene)
		if err != nil {
			vw.err = err
			return
		}
		st.Picture = &pictureJSON{Width: w, Height: h, SVG: svg.String(), Boxes: boxes}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false) // the SVG's < and > as they are: a third of the bytes, not \u003c
		vw.err = enc.Encode(st)
		vw.body = bytes.TrimSuffix(b.Bytes(), []byte("\n"))
	})
	return vw.body, vw.err
}
