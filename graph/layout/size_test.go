package layout

import (
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

func TestBoxSize(t *testing.T) {
	for _, c := range []struct {
		s    graph.State
		w, h float64
	}{
		{graph.State{ID: graph.NumID(1), Name: "gameSetup", Type: graph.Manager}, 120, 50}, // "1 gameSetup": 11 chars, under the minimum
		{graph.State{ID: graph.NumID(21), Name: "giveCardsToTheLeftPlayer", Type: graph.Game}, 27*7.5 + 28, 50},
		{graph.State{ID: graph.NumID(2), Name: "t", Type: graph.MultipleActivePlayer}, 20*7.5 + 28, 50}, // the type: 20 chars
		{graph.State{ID: graph.ConstID("ST_PLAYER_TURN_CHOOSE"), Name: "chooseAction", Type: graph.ActivePlayer}, 34*7.5 + 28, 50},
	} {
		if w, h := BoxSize(&c.s); w != c.w || h != c.h {
			t.Errorf("BoxSize(%s %s) = %v x %v, want %v x %v", c.s.ID, c.s.Name, w, h, c.w, c.h)
		}
	}
}

// TestMeasuredSizes: the widths follow the measure given; BoxSize is
// Measured with 7.5 units a character.
func TestMeasuredSizes(t *testing.T) {
	wide := Measured(func(text string) float64 { return 10 * float64(len(text)) })
	s := &graph.State{ID: graph.NumID(21), Name: "giveCardsToTheLeftPlayer", Type: graph.Game}
	if w, h := wide(s); w != 270+28 || h != 50 {
		t.Errorf("10 a character: %v x %v", w, h)
	}
	s.Type = "averyveryveryveryveryverylongtype" // 33 characters, longer than the name line
	if w, _ := wide(s); w != 330+28 {
		t.Errorf("a long type: width %v", w)
	}
	est := Measured(func(text string) float64 { return 7.5 * float64(len(text)) })
	for _, st := range mustParse(t, cleanPack).States {
		w1, h1 := est(st)
		w2, h2 := BoxSize(st)
		if w1 != w2 || h1 != h2 {
			t.Errorf("state %s: Measured(7.5) %v x %v, BoxSize %v x %v", st.ID, w1, h1, w2, h2)
		}
	}
}

// TestOptionsSizeReachesEveryLayout: a Sizer given in Options sizes the
// built-in layout's boxes and the boxes handed to dot.
func TestOptionsSizeReachesEveryLayout(t *testing.T) {
	p := mustParse(t, `format: 1
pack: two
states:
  - {id: 1, name: a, type: manager, transitions: {x: 2, y: 3}}
  - {id: 2, name: b, type: game}
  - {id: 3, name: c, type: game}
`)
	opt := Options{Size: func(*graph.State) (float64, float64) { return 300, 80 }}
	pos := Layered(p, opt)
	if d := pos["3"].X - pos["2"].X; d != 300+nodeGap {
		t.Errorf("boxes 2 and 3 are %v apart, want %v", d, 300+nodeGap)
	}
	if d := pos["2"].Y - pos["1"].Y; d != 80+layerGap {
		t.Errorf("layers are %v apart, want %v", d, 80+layerGap)
	}
	if dot := string(layoutDOT(p, opt.size())); !strings.Contains(dot, `"2" [label="", width=4.17, height=1.11, fixedsize=true]`) {
		t.Errorf("the layout DOT does not size boxes 300 x 80:\n%s", dot)
	}
}

// TestAutoIsDotThenComponents: Auto gives dot's layout packed by
// Components, or the built-in one when dot is missing.
func TestAutoIsDotThenComponents(t *testing.T) {
	p := mustParse(t, cleanPack)
	got, err := Auto(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]graph.Point
	if _, err := exec.LookPath("dot"); err == nil {
		if want, err = Dot(context.Background(), p, Options{}); err != nil {
			t.Fatal(err)
		}
	} else {
		want = Layered(p, Options{})
	}
	want = Components(p, want, Options{})
	for id, pt := range want {
		if got[id] != pt {
			t.Errorf("state %s at %v, want %v", id, got[id], pt)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := exec.LookPath("dot"); err == nil {
		if _, err := Auto(ctx, p, Options{}); err == nil {
			t.Error("Auto with a cancelled context succeeded")
		}
	}
	if q := Quick(p, Options{}); len(q) != len(p.States) {
		t.Errorf("Quick placed %d of %d states", len(q), len(p.States))
	}
}
