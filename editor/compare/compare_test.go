package compare

import (
	"reflect"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/graph"
)

// TestRows: equal lines side by side, a replaced line on both sides, an
// inserted one alone on the right, a deleted one alone on the left.
func TestRows(t *testing.T) {
	got := Rows("a\nb\nc\nx\n", "a\nB\nc\nd")
	want := []Row{{"a", "a", ' '}, {"b", "B", '~'}, {"c", "c", ' '}, {"x", "d", '~'}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Rows = %+v, want %+v", got, want)
	}
	got = Rows("a\nb\n", "a\nb\nc\n")
	if want := []Row{{"a", "a", ' '}, {"b", "b", ' '}, {"", "c", '+'}}; !reflect.DeepEqual(got, want) {
		t.Errorf("an insertion: %+v, want %+v", got, want)
	}
	got = Rows("a\nb\n", "")
	if want := []Row{{"a", "", '-'}, {"b", "", '-'}}; !reflect.DeepEqual(got, want) {
		t.Errorf("a piece removed: %+v, want %+v", got, want)
	}
}

// TestRemovedDrawn: a state and a transition the later revision removed are
// drawn all the same, the state's box grey and outlined in the colour of a
// removal, the transition's arrow dashed in it.
func TestRemovedDrawn(t *testing.T) {
	data, _ := assets.Pack("tictactoe")
	before, err := graph.Parse(data, "tictactoe.yaml")
	if err != nil {
		t.Fatal(err)
	}
	before.States = append(before.States, &graph.State{ID: graph.NumID(50), Name: "bonus", Type: graph.Game,
		Transitions: graph.Transitions{{Name: "back", To: graph.NumID(2)}}})
	next := before.State(graph.NumID(3))
	next.Transitions = append(next.Transitions, graph.Transition{Name: "bonus", To: graph.NumID(50)})
	after, _ := graph.Parse(data, "tictactoe.yaml")
	p, err := New(Config{Before: before, After: after, BeforeName: "revision 1", AfterName: "revision 2"})
	if err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, p.Object())
	w.Resize(fyne.NewSize(1000, 700))
	p.View.ZoomToFit()
	p.View.Refresh()
	d := p.View.Drawing()
	if b, ok := d.Boxes["50"]; !ok || b.Fill != style.HeatNone || b.Stroke != style.ChangeRemoved {
		t.Errorf("the removed state's box %+v (drawn %v), want grey outlined in %v", b, ok, style.ChangeRemoved)
	}
	for _, a := range d.Arrows {
		if a.TransitionRef == (diagram.TransitionRef{From: "3", Name: "bonus"}) {
			if len(a.Segments) < 2 || a.Segments[0].Stroke != style.ChangeRemoved {
				t.Errorf("the removed transition: %d segments in %v, want dashes in %v", len(a.Segments), a.Segments, style.ChangeRemoved)
			}
			return
		}
	}
	t.Error("the removed transition 3/bonus is not drawn")
}
