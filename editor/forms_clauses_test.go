package editor

import (
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/forms"
	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/graph"
)

// The clause cards, the action and script forms.

// TestObjectTypeCards adds, edits, duplicates, moves and deletes the clause
// cards of an object type, of every kind, checking the pack after each; undo
// takes each back.
func TestObjectTypeCards(t *testing.T) {
	e := seedsEditor(t)
	orig := e.Pack().Clone()
	ot := e.ObjectTypes()
	e.Dock.Show(PanelObjectTypes)
	ot.Select("healer")
	typ := func() *graph.Clauses { return &e.Pack().ObjectTypes.Lookup("healer").Clauses }
	f := ot.Form()
	for _, k := range cardKinds {
		before := len(clauseList(typ(), k))
		test.Tap(widgetAt[*widget.Button](t, f, k+"/add"))
		if n := len(clauseList(typ(), k)); n != before+1 {
			t.Fatalf("adding a %s: %d, want %d", k, n, before+1)
		}
	}
	if got := clauseNames(typ(), "while"); got != "while" {
		t.Errorf("while clauses %q", got)
	}
	// The new while card: condition, selector, target and wrapper.
	test.Type(widgetAt[*code.Editor](t, f, "while/0/condition"), "self.damage > 0 and ")
	widgetAt[*forms.Entry](t, f, "while/0/target").SetText("power, toughness")
	test.Type(widgetAt[*code.Editor](t, f, "while/0/wrapper"), "value + 1 if True else ")
	w := typ().While[0]
	if !strings.HasPrefix(w.Condition.Src, "self.damage > 0 and ") || strings.Join(w.Target, "|") != "power|toughness" || !strings.HasPrefix(w.Wrapper.Src, "value + 1") {
		t.Errorf("while card: %+v", w)
	}
	// A variable's type and initial value.
	n := len(typ().Variables) - 1
	widgetAt[*widget.Select](t, f, "variables/"+strconv.Itoa(n)+"/type").SetSelected("list")
	widgetAt[*forms.Entry](t, f, "variables/"+strconv.Itoa(n)+"/value").SetText("[1, 2]")
	if v := typ().Variables[n]; v.Type != "list" || v.Value == nil || len(v.Value.List) != 2 {
		t.Errorf("variable %+v", v)
	}
	// Duplicate the first property, move the copy up, delete the original.
	props := clauseNames(typ(), "properties")
	first := strings.Split(props, ",")[0]
	test.Tap(widgetAt[*widget.Button](t, f, "properties/0/duplicate"))
	if got := clauseNames(typ(), "properties"); got != first+","+first+"_copy"+strings.TrimPrefix(props, first) {
		t.Errorf("after duplicating %s: %s", first, got)
	}
	test.Tap(widgetAt[*widget.Button](t, f, "properties/1/up"))
	if got := strings.Split(clauseNames(typ(), "properties"), ","); got[0] != first+"_copy" || got[1] != first {
		t.Errorf("after moving the copy up: %v", got)
	}
	test.Tap(widgetAt[*widget.Button](t, f, "properties/1/delete")) // the original
	if got := clauseNames(typ(), "properties"); strings.Contains(","+got+",", ","+first+",") {
		t.Errorf("after deleting %s: %s", first, got)
	}
	undoAll(t, e, orig)
}

// TestStateClauseCards: a state's clauses are cards like an object type's;
// the state has no clauses key again once its last clause is deleted.
func TestStateClauseCards(t *testing.T) {
	e := seedsEditor(t)
	e.SelectState("2")
	f := e.Inspector.Form()
	st := func() *graph.State { return place.State(e.Pack(), "2") }
	test.Tap(widgetAt[*widget.Button](t, f, "clauses/whenever/add"))
	test.Type(widgetAt[*code.Editor](t, f, "clauses/whenever/0/condition"), "len(hand(player)) == 0 or ")
	test.Type(widgetAt[*code.Editor](t, f, "clauses/whenever/0/body"), "draw(player)\n")
	name := widgetAt[*forms.Entry](t, f, "clauses/whenever/0")
	name.SetText("refill")
	c := st().Clauses
	if c == nil || len(c.Whenever) != 1 || c.Whenever[0].Name != "refill" ||
		!strings.HasPrefix(c.Whenever[0].Condition.Src, "len(hand(player)) == 0 or ") || !strings.HasPrefix(c.Whenever[0].Body.Src, "draw(player)\n") {
		t.Fatalf("clauses %+v", c)
	}
	test.Tap(widgetAt[*widget.Button](t, f, "clauses/whenever/0/delete"))
	if st().Clauses != nil {
		t.Errorf("clauses after deleting the last one: %+v", st().Clauses)
	}
	e.Undo()
	if st().Clauses == nil || st().Clauses.Whenever[0].Name != "refill" {
		t.Errorf("undo of the deletion: %+v", st().Clauses)
	}
}

// TestActionForm: add an action, give it a player specifier, an argument
// with a type and a domain, a precondition and a body, rename it, move it,
// delete it; undo takes every step back.
func TestActionForm(t *testing.T) {
	e := seedsEditor(t)
	orig := e.Pack().Clone()
	ap := e.Actions()
	e.Dock.Show(PanelActions)
	ap.Add()
	if ap.Selected() != "action" || e.Pack().Actions.Lookup("action") == nil {
		t.Fatalf("after Add: selected %q, actions %v", ap.Selected(), ap.Names())
	}
	f := ap.Form()
	test.Type(widgetAt[*code.Editor](t, f, "who"), "player == active_player()")
	test.Tap(widgetAt[*widget.Button](t, f, "params/add"))
	widgetAt[*widget.Select](t, f, "params/0/type").SetSelected("object")
	test.Type(widgetAt[*code.Editor](t, f, "params/0/domain"), "hand(player)")
	test.Type(widgetAt[*code.Editor](t, f, "precondition"), "len(hand(player)) > 0")
	body := widgetAt[*code.Editor](t, f, "body")
	body.SetCursor(1, 5)
	test.Type(body, "\nparam.zone = 'graveyard'")
	a := e.Pack().Actions.Lookup("action")
	if a.Who.Src != "player == active_player()" || len(a.Params) != 1 || a.Params[0].Type != "object" ||
		a.Params[0].Domain.Src != "hand(player)" || a.Precondition.Src != "len(hand(player)) > 0" ||
		a.Body.Src != "pass\nparam.zone = 'graveyard'" {
		t.Errorf("action %+v, param %+v", a, a.Params)
	}
	name := widgetAt[*forms.Entry](t, f, "name")
	name.SetText("discardOne")
	submit(name)
	if ap.Selected() != "discardOne" || e.Pack().Actions.Lookup("discardOne") == nil {
		t.Errorf("after renaming: selected %q, actions %v", ap.Selected(), ap.Names())
	}
	ap.MoveBy(-1)
	if names := ap.Names(); names[len(names)-2] != "discardOne" {
		t.Errorf("after moving up: %v", names)
	}
	ap.Delete()
	if e.Pack().Actions.Lookup("discardOne") != nil {
		t.Error("the action is still there after Delete")
	}
	undoAll(t, e, orig)
}

// TestScriptsPanel: the script's code is edited in a scrolling code editor;
// duplicating copies it.
func TestScriptsPanel(t *testing.T) {
	e := seedsEditor(t)
	sp := e.Scripts()
	e.Dock.Show(PanelScripts)
	name := sp.Selected()
	if name == "" {
		t.Fatal("no script shown")
	}
	c := widgetAt[*code.Editor](t, sp.Form(), "")
	if !c.Scrolls() {
		t.Error("the script's editor does not scroll")
	}
	test.Type(c, "# the rules\n")
	src := e.Pack().Scripts[0].Code.Src
	if !strings.HasPrefix(src, "# the rules\n") || src != c.Text() {
		t.Errorf("script %q, editor %q", src[:20], c.Text()[:20])
	}
	sp.Duplicate()
	if sp.Selected() != name+"_copy" || e.Pack().Scripts[1].Code.Src != src {
		t.Errorf("after duplicating: selected %q", sp.Selected())
	}
}

// TestStateFormShowsItsActions: a state's form has the form of each action
// its possibleactions names (the same action as the actions panel edits),
// and a button defining one the pack lacks.
func TestStateFormShowsItsActions(t *testing.T) {
	e := seedsEditor(t)
	e.SelectState("2")
	f := e.Inspector.Form()
	test.Type(widgetAt[*code.Editor](t, f, "possibleactions/draw/precondition"), "True and ")
	if got := e.Pack().Actions.Lookup("draw").Precondition.Src; !strings.HasPrefix(got, "True and len(") {
		t.Errorf("draw's precondition %q", got)
	}
	if got, _ := e.Actions().Field("precondition"); e.Actions().Selected() == "draw" && got != e.Pack().Actions.Lookup("draw").Precondition.Src {
		t.Errorf("the actions panel shows %q", got)
	}
	typeAtEnd(widgetAt[*forms.Entry](t, f, "possibleactions"), ", shuffle")
	test.Tap(widgetAt[*widget.Button](t, f, "possibleactions/shuffle/define"))
	if a := e.Pack().Actions.Lookup("shuffle"); a == nil {
		t.Fatal("no action shuffle after Define")
	}
	test.Type(widgetAt[*code.Editor](t, f, "possibleactions/shuffle/body"), "shuffle_deck()\n")
	if got := e.Pack().Actions.Lookup("shuffle").Body.Src; got != "shuffle_deck()\npass" {
		t.Errorf("shuffle's body %q", got)
	}
}

// TestNewClauseFindingReadsOnce: a whenever clause added on an object
// type's form is named after its kind; the check's finding about it (its
// condition never uses before()) names it without the doubled word
// "whenever whenever condition".
func TestNewClauseFindingReadsOnce(t *testing.T) {
	e := seedsEditor(t)
	ot := e.ObjectTypes()
	e.Dock.Show(PanelObjectTypes)
	ot.Select("healer")
	test.Tap(widgetAt[*widget.Button](t, ot.Form(), "whenever/add"))
	var about []string
	for _, f := range diagnose(e.Pack().Clone()).findings {
		if strings.Contains(f.Message, "object type healer whenever") {
			about = append(about, f.Message)
		}
	}
	if len(about) == 0 {
		t.Fatal("no finding about the new whenever clause")
	}
	for _, m := range about {
		if strings.Contains(m, "whenever whenever") {
			t.Errorf("finding reads a doubled word: %q", m)
		}
	}
}
