package graph_test

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// sketch reads testdata/sketch.yaml: constants, a state with a symbolic id,
// actions, an object type with clauses, a script and editor positions.
func sketch(t *testing.T) *graph.Pack {
	t.Helper()
	p, err := graph.Load("testdata/sketch.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// yamlOf is the canonical YAML of p.
func yamlOf(t *testing.T, p *graph.Pack) string {
	t.Helper()
	b, err := graph.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// roundTrip applies e to p, checks that reverting gives p back exactly and
// that applying again gives the same result, and leaves p edited.
func roundTrip(t *testing.T, p *graph.Pack, e graph.Edit) {
	t.Helper()
	before := p.Clone()
	if err := e.Apply(p); err != nil {
		t.Fatalf("%s: apply: %v", e.Label(), err)
	}
	after := p.Clone()
	if reflect.DeepEqual(before, after) {
		t.Fatalf("%s: apply changed nothing", e.Label())
	}
	if err := e.Revert(p); err != nil {
		t.Fatalf("%s: revert: %v", e.Label(), err)
	}
	if !reflect.DeepEqual(p, before) {
		t.Fatalf("%s: revert did not give the pack back:\n%s\nwant\n%s", e.Label(), yamlOf(t, p), yamlOf(t, before))
	}
	if err := e.Apply(p); err != nil {
		t.Fatalf("%s: apply again: %v", e.Label(), err)
	}
	if !reflect.DeepEqual(p, after) {
		t.Fatalf("%s: applying again differs from the first time", e.Label())
	}
}

// touched formats e.Touched() as one string.
func touched(e graph.Edit) string {
	var s []string
	for _, r := range e.Touched() {
		s = append(s, r.String())
	}
	return strings.Join(s, ", ")
}

// need returns a function that returns the edit a constructor made, failing
// the test on its error.
func need(t *testing.T) func(graph.Edit, error) graph.Edit {
	return func(e graph.Edit, err error) graph.Edit {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
}

func TestMoveStates(t *testing.T) {
	p := sketch(t)
	e := graph.MoveStates(p, map[string]graph.Point{"1": {X: 5, Y: 6}, "3": {X: 7, Y: 8}}, "")
	if e.Label() != "move 2 states" || touched(e) != "position 1, position 3" {
		t.Errorf("label %q, touched %q", e.Label(), touched(e))
	}
	roundTrip(t, p, e)
	want := map[string]graph.Point{"1": {X: 5, Y: 6}, "3": {X: 7, Y: 8}, "99": {X: 0, Y: 240.5}}
	if !reflect.DeepEqual(p.Editor.Positions, want) {
		t.Errorf("positions %v, want %v", p.Editor.Positions, want)
	}
	// A pack without an editor section gets one, and loses it on revert.
	p.Editor = nil
	e = graph.MoveStates(p, map[string]graph.Point{"ST_TURN": {X: 1, Y: 1}}, "")
	if e.Label() != "move state ST_TURN" {
		t.Errorf("label %q", e.Label())
	}
	roundTrip(t, p, e)
	e.Revert(p)
	if p.Editor != nil {
		t.Errorf("revert left an editor section %v", p.Editor)
	}
}

func TestEditStateFields(t *testing.T) {
	p := sketch(t)
	e := need(t)(graph.EditState(p, "ST_TURN", "description", func(s *graph.State) { s.Description = "Play!" }))
	if touched(e) != "state ST_TURN/description" || e.Label() != "edit state ST_TURN description" {
		t.Errorf("touched %q, label %q", touched(e), e.Label())
	}
	roundTrip(t, p, e)
	if got := p.State(graph.ConstID("ST_TURN")).Description; got != "Play!" {
		t.Errorf("description %q", got)
	}
	// Seed fields and state clauses are fields like the others.
	e = need(t)(graph.EditState(p, "3", "clauses/whenever/draw", func(s *graph.State) {
		s.Clauses = &graph.Clauses{Whenever: []*graph.Trigger{{Name: "draw", Condition: graph.Code{Src: "True"}, Body: graph.Code{Src: "pass"}}}}
		s.Params = append(s.Params, &graph.Param{Name: "count", Type: "int"})
	}))
	roundTrip(t, p, e)
	if s := p.State(graph.NumID(3)); s.Clauses.Whenever[0].Name != "draw" || len(s.Params) != 2 {
		t.Errorf("state 3 after the edit: %+v", s)
	}
	if _, err := graph.EditState(p, "3", "id", func(s *graph.State) { s.ID = graph.NumID(4) }); err == nil {
		t.Error("EditState changed an id")
	}
	if _, err := graph.EditState(p, "42", "name", func(*graph.State) {}); err == nil {
		t.Error("EditState of a missing state succeeded")
	}
}

func TestRenameStateKeepsTransitions(t *testing.T) {
	p := sketch(t)
	e := need(t)(graph.RenameState(p, "ST_TURN", "turn"))
	roundTrip(t, p, e)
	if p.States[1].Name != "turn" || p.States[0].Transitions[0].To != graph.ConstID("ST_TURN") {
		t.Errorf("after renaming: %+v, setup's transition %v", p.States[1], p.States[0].Transitions)
	}
	if touched(e) != "state ST_TURN/name" {
		t.Errorf("touched %q", touched(e))
	}
}

func TestAddState(t *testing.T) {
	p := sketch(t)
	e := need(t)(graph.AddState(p, &graph.State{ID: graph.NumID(10), Name: "draft", Type: graph.Game}, graph.Point{X: 3, Y: 4}))
	if touched(e) != "position 10, state 10" {
		t.Errorf("touched %q", touched(e))
	}
	roundTrip(t, p, e)
	if s := p.States[len(p.States)-1]; s.Name != "draft" || p.Editor.Positions["10"] != (graph.Point{X: 3, Y: 4}) {
		t.Errorf("last state %+v at %v", s, p.Editor.Positions["10"])
	}
	// ST_TURN is 2: a numeric 2 is the same state.
	if _, err := graph.AddState(p, &graph.State{ID: graph.NumID(2), Name: "again"}, graph.Point{}); err == nil {
		t.Error("added a second state 2")
	}
}

func TestDeleteStateDeletesItsLinks(t *testing.T) {
	p := sketch(t)
	// Setup's only transition goes to ST_TURN; give state 99 one by number.
	p.States[3].Transitions = graph.Transitions{{Name: "again", To: graph.NumID(2)}, {Name: "stay", To: graph.NumID(99)}}
	e := need(t)(graph.DeleteState(p, "ST_TURN"))
	if got, want := touched(e), "state 1/transitions, state 99/transitions, state ST_TURN"; got != want {
		t.Errorf("touched %q, want %q", got, want)
	}
	roundTrip(t, p, e)
	var ids []string
	for _, s := range p.States {
		ids = append(ids, s.ID.String())
	}
	if strings.Join(ids, " ") != "1 3 99" {
		t.Errorf("states left: %v", ids)
	}
	if p.States[0].Transitions != nil || len(p.States[2].Transitions) != 1 || p.States[2].Transitions[0].Name != "stay" {
		t.Errorf("links to ST_TURN left: %v, %v", p.States[0].Transitions, p.States[2].Transitions)
	}
	// Its position goes too.
	q := sketch(t)
	e = need(t)(graph.DeleteState(q, "99"))
	roundTrip(t, q, e)
	if _, ok := q.Editor.Positions["99"]; ok || q.Editor.Positions["1"] != (graph.Point{}) {
		t.Errorf("positions after deleting 99: %v", q.Editor.Positions)
	}
	if !strings.Contains(yamlOf(t, q), "playCard: 3\n") || strings.Contains(yamlOf(t, q), "pass: 99") {
		t.Errorf("transition pass: 99 not deleted:\n%s", yamlOf(t, q))
	}
}

func TestChangeStateIDRetargets(t *testing.T) {
	p := sketch(t)
	e := need(t)(graph.ChangeStateID(p, "1", graph.NumID(5)))
	roundTrip(t, p, e)
	if p.States[0].ID != graph.NumID(5) {
		t.Errorf("state 1's id is %v", p.States[0].ID)
	}
	if _, old := p.Editor.Positions["1"]; old || p.Editor.Positions["5"] != (graph.Point{}) {
		t.Errorf("position did not follow: %v", p.Editor.Positions)
	}
	// ST_TURN is targeted by setup's "" transition: it follows the new id.
	e = need(t)(graph.ChangeStateID(p, "ST_TURN", graph.NumID(20)))
	if got, want := touched(e), "state 20/id, state 5/transitions, state ST_TURN/id"; got != want {
		t.Errorf("touched %q, want %q", got, want)
	}
	roundTrip(t, p, e)
	if p.States[0].Transitions[0].To != graph.NumID(20) || p.States[1].ID != graph.NumID(20) {
		t.Errorf("after the change: setup -> %v, state %v", p.States[0].Transitions[0].To, p.States[1].ID)
	}
	// A transition written as the number of a constant is the same target.
	q := sketch(t)
	q.States[2].Transitions = graph.Transitions{{Name: "back", To: graph.NumID(2)}}
	need(t)(graph.ChangeStateID(q, "ST_TURN", graph.ConstID("ST_PLAY"))).Apply(q)
	if q.States[2].Transitions[0].To != graph.ConstID("ST_PLAY") {
		t.Errorf("a transition to 2 was not retargeted: %v", q.States[2].Transitions)
	}
	if _, err := graph.ChangeStateID(q, "3", graph.NumID(99)); err == nil {
		t.Error("gave state 3 the id of state 99")
	}
}

func TestTransitionEdits(t *testing.T) {
	p := sketch(t)
	turn := func() string {
		var s []string
		for _, tr := range p.State(graph.ConstID("ST_TURN")).Transitions {
			s = append(s, tr.Name+"->"+tr.To.String())
		}
		return strings.Join(s, " ")
	}
	for _, c := range []struct {
		edit    func() (graph.Edit, error)
		touched string
		want    string
	}{
		{func() (graph.Edit, error) {
			return graph.AddTransition(p, "ST_TURN", graph.Transition{Name: "loop", To: graph.ConstID("ST_TURN")})
		}, "state ST_TURN/transitions/loop", "playCard->3 pass->99 loop->ST_TURN"},
		{func() (graph.Edit, error) { return graph.RenameTransition(p, "ST_TURN", "loop", "again") },
			"state ST_TURN/transitions/loop", "playCard->3 pass->99 again->ST_TURN"},
		{func() (graph.Edit, error) { return graph.RetargetTransition(p, "ST_TURN", "again", graph.NumID(1)) },
			"state ST_TURN/transitions/again", "playCard->3 pass->99 again->1"},
		{func() (graph.Edit, error) { return graph.DeleteTransition(p, "ST_TURN", "playCard") },
			"state ST_TURN/transitions/playCard", "pass->99 again->1"},
	} {
		e := need(t)(c.edit())
		if touched(e) != c.touched {
			t.Errorf("%s: touched %q, want %q", e.Label(), touched(e), c.touched)
		}
		roundTrip(t, p, e)
		if got := turn(); got != c.want {
			t.Errorf("%s: transitions %q, want %q", e.Label(), got, c.want)
		}
	}
	if _, err := graph.AddTransition(p, "ST_TURN", graph.Transition{Name: "pass", To: graph.NumID(1)}); err == nil {
		t.Error("added a second transition pass")
	}
	if _, err := graph.RenameTransition(p, "ST_TURN", "pass", "again"); err == nil {
		t.Error("renamed a transition to a name the state has")
	}
	if _, err := graph.DeleteTransition(p, "ST_TURN", "nope"); err == nil {
		t.Error("deleted a missing transition")
	}
}

func TestObjectTypeEdits(t *testing.T) {
	p := sketch(t)
	goblin := &graph.ObjectType{Name: "goblin", Clauses: graph.Clauses{Tags: graph.Names{"green"}}}
	steps := []struct {
		edit    graph.Edit
		touched string
		names   string
	}{
		{need(t)(graph.AddObjectType(p, goblin, 0)), "object_type goblin", "goblin creature"},
	}
	check := func(e graph.Edit, wantTouched, wantNames string) {
		t.Helper()
		if touched(e) != wantTouched {
			t.Errorf("%s: touched %q, want %q", e.Label(), touched(e), wantTouched)
		}
		roundTrip(t, p, e)
		var names []string
		for _, ot := range p.ObjectTypes {
			names = append(names, ot.Name)
		}
		if got := strings.Join(names, " "); got != wantNames {
			t.Errorf("%s: object types %q, want %q", e.Label(), got, wantNames)
		}
	}
	check(steps[0].edit, steps[0].touched, steps[0].names)
	check(need(t)(graph.MoveObjectType(p, "goblin", 1)), "object_type goblin", "creature goblin")
	check(need(t)(graph.EditObjectType(p, "goblin", "name", func(o *graph.ObjectType) { o.Name = "orc" })),
		"object_type goblin/name, object_type orc/name", "creature orc")
	// Clauses: a while clause, a method with params, a variable.
	check(need(t)(graph.EditObjectType(p, "creature", "while/lord", func(o *graph.ObjectType) {
		o.While[0].Wrapper = graph.Code{Src: "value + 3"}
		o.Methods = append(o.Methods, &graph.Method{Name: "attack", Params: graph.Params{{Name: "target", Type: "object"}}, Body: graph.Code{Src: "pass"}})
		o.Variables[0].Type = "float"
	})), "object_type creature/while/lord", "creature orc")
	if c := p.ObjectTypes.Lookup("creature"); c.While[0].Wrapper.Src != "value + 3" || c.Methods[0].Params[0].Name != "target" {
		t.Errorf("creature after the clause edit: %+v", c)
	}
	check(need(t)(graph.DeleteObjectType(p, "orc")), "object_type orc", "creature")
	check(need(t)(graph.DeleteObjectType(p, "creature")), "object_type creature", "")
	if p.ObjectTypes != nil {
		t.Errorf("no object type left, but the list is %#v (YAML reads it as nil)", p.ObjectTypes)
	}
	if _, err := graph.AddObjectType(p, &graph.ObjectType{Name: "x"}, 5); err != nil {
		t.Errorf("an index past the end should append: %v", err)
	}
}

func TestRenameToATakenNameIsRefused(t *testing.T) {
	p := sketch(t)
	if _, err := graph.EditAction(p, "pass", "name", func(a *graph.Action) { a.Name = "playCard" }); err == nil {
		t.Error("renamed action pass to playCard, which exists")
	}
	if _, err := graph.AddAction(p, &graph.Action{Name: "pass"}, -1); err == nil {
		t.Error("added a second action pass")
	}
}

func TestActionAndScriptEdits(t *testing.T) {
	p := sketch(t)
	e := need(t)(graph.EditAction(p, "playCard", "params/card", func(a *graph.Action) {
		a.Params[0].Domain = graph.Code{Src: "deck(player)"}
		a.Params = append(a.Params, &graph.Param{Name: "face", Type: "bool"})
	}))
	roundTrip(t, p, e)
	if a := p.Actions.Lookup("playCard"); a.Params[0].Domain.Src != "deck(player)" || a.Params[1].Name != "face" {
		t.Errorf("playCard's params %+v", a.Params)
	}
	roundTrip(t, p, need(t)(graph.AddAction(p, &graph.Action{Name: "draw", Body: graph.Code{Src: "pass"}}, 1)))
	roundTrip(t, p, need(t)(graph.MoveAction(p, "draw", 2)))
	roundTrip(t, p, need(t)(graph.DeleteAction(p, "playCard")))
	var names []string
	for _, a := range p.Actions {
		names = append(names, a.Name)
	}
	if strings.Join(names, " ") != "pass draw" {
		t.Errorf("actions %v", names)
	}

	e = need(t)(graph.EditScript(p, "main", "code", func(s *graph.Script) { s.Code.Src = "def setup():\n    return 1\n" }))
	if touched(e) != "script main/code" {
		t.Errorf("touched %q", touched(e))
	}
	roundTrip(t, p, e)
	roundTrip(t, p, need(t)(graph.AddScript(p, &graph.Script{Name: "util", Code: graph.Code{Src: "x = 1\n"}}, -1)))
	roundTrip(t, p, need(t)(graph.MoveScript(p, "util", 0)))
	roundTrip(t, p, need(t)(graph.DeleteScript(p, "main")))
	if len(p.Scripts) != 1 || p.Scripts[0].Name != "util" {
		t.Errorf("scripts %+v", p.Scripts)
	}
}

func TestEditPackKeys(t *testing.T) {
	p := sketch(t)
	e := graph.EditPack(p, "title", func(q *graph.Pack) {
		q.Title = "Elves"
		q.Constants = append(q.Constants, graph.Constant{Name: "ST_X", Value: graph.Value{Kind: graph.IntValue, Int: 7}})
		q.States = nil // not part of the edit
	})
	if touched(e) != "pack/title" {
		t.Errorf("touched %q", touched(e))
	}
	roundTrip(t, p, e)
	if p.Title != "Elves" || len(p.Constants) != 2 || len(p.States) != 4 {
		t.Errorf("after the edit: title %q, %d constants, %d states", p.Title, len(p.Constants), len(p.States))
	}
}

func TestReplacePack(t *testing.T) {
	p := sketch(t)
	q := sketch(t)
	q.States = q.States[:2]
	q.Source = "elsewhere.yaml"
	e := graph.ReplacePack(p, q, "restore the autosave")
	if touched(e) != "all" {
		t.Errorf("touched %q", touched(e))
	}
	keep := p
	roundTrip(t, p, e)
	if p != keep || len(p.States) != 2 || p.Source != "testdata/sketch.yaml" {
		t.Errorf("after replacing: %d states, source %q", len(p.States), p.Source)
	}
	q.States[0].Name = "changed later"
	if p.States[0].Name == "changed later" {
		t.Error("the replaced pack shares memory with the one given")
	}
}

// TestReplacePackMerges: two replacements merged are one replacement from
// the pack before the first to the pack after the second, not a batch.
func TestReplacePackMerges(t *testing.T) {
	p := sketch(t)
	orig := p.Clone()
	h := graph.NewHistory(p)
	for _, title := range []string{"E", "El"} {
		q := p.Clone()
		q.Title = title
		if _, err := h.Merge("yaml", graph.ReplacePack(p, q, "edit the pack's YAML")); err != nil {
			t.Fatal(err)
		}
	}
	ed, err := h.Undo()
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprintf("%T", ed); got != "*graph.wholeEdit" {
		t.Errorf("merged replacements are a %s", got)
	}
	if !reflect.DeepEqual(p, orig) {
		t.Errorf("one undo: title %q, want the pack before both (%q)", p.Title, orig.Title)
	}
	if _, err := h.Redo(); err != nil || p.Title != "El" {
		t.Errorf("redo: title %q (%v), want El", p.Title, err)
	}
}

// TestStaleEditsAreRefused: an edit applied to a pack not in the state it was
// made against fails and changes nothing.
func TestStaleEditsAreRefused(t *testing.T) {
	p := sketch(t)
	for _, e := range []graph.Edit{
		need(t)(graph.DeleteState(p, "3")),
		need(t)(graph.EditObjectType(p, "creature", "tags", func(o *graph.ObjectType) { o.Tags = nil })),
		graph.MoveStates(p, map[string]graph.Point{"1": {X: 9, Y: 9}}, ""),
		graph.EditPack(p, "title", func(q *graph.Pack) { q.Title = "x" }),
		need(t)(graph.MoveAction(p, "pass", 0)),
	} {
		q := p.Clone()
		if err := e.Apply(q); err != nil {
			t.Fatalf("%s: %v", e.Label(), err)
		}
		snap := q.Clone()
		if err := e.Apply(q); err == nil {
			t.Errorf("%s applied twice", e.Label())
		}
		if !reflect.DeepEqual(q, snap) {
			t.Errorf("%s: a refused apply changed the pack", e.Label())
		}
	}
}

func TestBatchFailureRevertsTheRest(t *testing.T) {
	p := sketch(t)
	rename := need(t)(graph.RenameState(p, "3", "chosen"))
	del := need(t)(graph.DeleteAction(p, "pass"))
	if err := del.Apply(p); err != nil { // del is now stale for p; rename is not
		t.Fatal(err)
	}
	snap := p.Clone()
	if err := graph.Batch("both", rename, del).Apply(p); err == nil {
		t.Fatal("a batch with a stale part applied")
	}
	if !reflect.DeepEqual(p, snap) {
		t.Error("the failed batch left its first part applied")
	}
}

func TestMergeJoinsEditsOfOneThing(t *testing.T) {
	p := sketch(t)
	orig := p.Clone()
	// Typing "Hi" in a description: two edits, one merged edit.
	a := need(t)(graph.EditState(p, "3", "description", func(s *graph.State) { s.Description = "H" }))
	a.Apply(p)
	b := need(t)(graph.EditState(p, "3", "description", func(s *graph.State) { s.Description = "Hi" }))
	b.Apply(p)
	m := graph.Merge(a, b)
	if touched(m) != "state 3/description" || m.Label() != a.Label() {
		t.Errorf("merged: touched %q, label %q", touched(m), m.Label())
	}
	if err := m.Revert(p); err != nil || !reflect.DeepEqual(p, orig) {
		t.Fatalf("reverting the merged edit: %v", err)
	}
	m.Apply(p)
	if p.States[2].Description != "Hi" {
		t.Errorf("description %q", p.States[2].Description)
	}

	// A drag: three moves of one state, one edit from the first place to the last.
	p = sketch(t)
	var drag graph.Edit
	for i := 1; i <= 3; i++ {
		e := graph.MoveStates(p, map[string]graph.Point{"1": {X: float64(i), Y: 0}}, "")
		e.Apply(p)
		if drag == nil {
			drag = e
		} else {
			drag = graph.Merge(drag, e)
		}
	}
	drag.Revert(p)
	if p.Editor.Positions["1"] != (graph.Point{}) {
		t.Errorf("reverting the drag left 1 at %v", p.Editor.Positions["1"])
	}

	// Adding an object type then deleting it merges to an edit that does nothing.
	p = sketch(t)
	add := need(t)(graph.AddObjectType(p, &graph.ObjectType{Name: "x"}, -1))
	add.Apply(p)
	del := need(t)(graph.DeleteObjectType(p, "x"))
	del.Apply(p)
	nothing := graph.Merge(add, del)
	if err := nothing.Revert(p); err != nil || !reflect.DeepEqual(p, orig) {
		t.Errorf("add+delete merged: revert %v, pack changed %v", err, !reflect.DeepEqual(p, orig))
	}

	// Edits of different things become a batch doing both.
	p = sketch(t)
	r := need(t)(graph.RenameState(p, "3", "pick"))
	r.Apply(p)
	mv := graph.MoveStates(p, map[string]graph.Point{"3": {X: 1, Y: 1}}, "")
	mv.Apply(p)
	both := graph.Merge(r, mv)
	if got := touched(both); got != "position 3, state 3/name" {
		t.Errorf("batch touched %q", got)
	}
	both.Revert(p)
	if !reflect.DeepEqual(p, orig) {
		t.Error("reverting the batch did not give the pack back")
	}
	if !slices.Equal(both.Touched(), graph.Batch("", r, mv).Touched()) {
		t.Error("Merge of unrelated edits differs from their Batch")
	}
}

// TestMergeKeepsShiftedElementsApart: after a deletion, another element
// moves into the deleted one's place; an edit of it must not merge with the
// deletion into one replacement (which would lose an element).
func TestMergeKeepsShiftedElementsApart(t *testing.T) {
	p := sketch(t)
	p.ObjectTypes = append(p.ObjectTypes, &graph.ObjectType{Name: "goblin"})
	orig := p.Clone()
	del := need(t)(graph.DeleteObjectType(p, "creature"))
	del.Apply(p)
	edit := need(t)(graph.EditObjectType(p, "goblin", "tags", func(o *graph.ObjectType) { o.Tags = graph.Names{"green"} }))
	edit.Apply(p)
	after := p.Clone()
	m := graph.Merge(del, edit)
	if err := m.Revert(p); err != nil || !reflect.DeepEqual(p, orig) {
		t.Fatalf("revert of the merged edits: %v\n%s", err, yamlOf(t, p))
	}
	if err := m.Apply(p); err != nil || !reflect.DeepEqual(p, after) {
		t.Fatalf("apply of the merged edits: %v", err)
	}
}

// TestSequencePastesAndDeletesSeveralStates: two states pasted with a
// transition between them, then both deleted, each as one edit.
func TestSequencePastesAndDeletesSeveralStates(t *testing.T) {
	p := sketch(t)
	a := &graph.State{ID: graph.NumID(10), Name: "a", Type: graph.Game, Transitions: graph.Transitions{{Name: "go", To: graph.NumID(11)}}}
	b := &graph.State{ID: graph.NumID(11), Name: "b", Type: graph.Game}
	paste := need(t)(graph.Sequence(p, "paste 2 states",
		func(q *graph.Pack) (graph.Edit, error) { return graph.AddState(q, a, graph.Point{X: 1, Y: 1}) },
		func(q *graph.Pack) (graph.Edit, error) { return graph.AddState(q, b, graph.Point{X: 2, Y: 2}) },
	))
	if got := touched(paste); got != "position 10, position 11, state 10, state 11" {
		t.Errorf("touched %q", got)
	}
	roundTrip(t, p, paste)
	if n := len(p.States); n != 6 || p.States[4].Name != "a" || p.States[5].Name != "b" {
		t.Fatalf("after pasting: %d states", n)
	}
	// Deleting both: the second deletion is made after the first shifted it.
	del := need(t)(graph.Sequence(p, "delete 2 states",
		func(q *graph.Pack) (graph.Edit, error) { return graph.DeleteState(q, "10") },
		func(q *graph.Pack) (graph.Edit, error) { return graph.DeleteState(q, "11") },
	))
	roundTrip(t, p, del)
	if got, want := yamlOf(t, p), yamlOf(t, sketch(t)); got != want {
		t.Errorf("pasting then deleting did not give the sketch back:\n%s", got)
	}
	if _, err := graph.Sequence(p, "bad", func(q *graph.Pack) (graph.Edit, error) { return graph.DeleteState(q, "404") }); err == nil {
		t.Error("a sequence with a failing step succeeded")
	}
}
