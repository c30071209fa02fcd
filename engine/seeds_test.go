package engine

import (
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

func seedsMatch(t *testing.T) *Match {
	t.Helper()
	return newMatch(t, bundled(t, "seeds"), 2, Options{Seed: 5})
}

func eval(t *testing.T, m *Match, src string) string {
	t.Helper()
	v, err := m.Eval(src)
	if err != nil {
		t.Fatalf("eval %s: %v", src, err)
	}
	if s, ok := v.(starlark.String); ok {
		return string(s)
	}
	return v.String()
}

func run(t *testing.T, m *Match, src string) {
	t.Helper()
	if err := m.Exec(src); err != nil {
		t.Fatalf("exec %s: %v", src, err)
	}
}

func TestSeedsLoads(t *testing.T) {
	m := seedsMatch(t)
	if got := m.StateName(); got != "playerTurn" {
		t.Fatalf("state %s", got)
	}
	if got := eval(t, m, "[len(hand(p)) for p in players]"); got != "[3, 3]" {
		t.Errorf("hands %s", got)
	}
	v, err := m.View(0)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Objects) != 18 || v.Objects[0].Variables["zone"] == nil || len(v.Objects[0].Tags) == 0 {
		t.Errorf("objects in view: %+v", v.Objects)
	}
}

// card is the Starlark expression for seat's object of type typ.
func card(typ string, seat int) string {
	return "[o for o in objects('" + typ + "') if o.controller == players[" + string(rune('0'+seat)) + "]][0]"
}

func TestSeedElfLord(t *testing.T) {
	m := seedsMatch(t)
	lord := card("elf_lord", 0)
	run(t, m, lord+".zone = 'battlefield'")
	if got := eval(t, m, "(%s.power, %[1]s.toughness)"[0:0]+"("+lord+".power, "+lord+".toughness)"); got != "(2, 2)" {
		t.Errorf("alone: %s, want (2, 2)", got)
	}
	run(t, m, card("wood_elf", 1)+".zone = 'battlefield'") // the opponent's Elf does not count
	if got := eval(t, m, lord+".power"); got != "2" {
		t.Errorf("with an opponent's elf: power %s, want 2", got)
	}
	run(t, m, card("wood_elf", 0)+".zone = 'battlefield'")
	if got := eval(t, m, "("+lord+".power, "+lord+".toughness)"); got != "(4, 4)" {
		t.Errorf("with another elf: %s, want (4, 4)", got)
	}
	id := int(evalInt(t, m, lord+".id"))
	if got := m.Wrappers(id, "power"); len(got) != 1 || got[0] != "Elf Lord#"+itoa(id)+" while another-elf on Elf Lord#"+itoa(id)+".power" {
		t.Errorf("wrapper chain %q", got)
	}
	run(t, m, card("wood_elf", 0)+".zone = 'graveyard'")
	if got := eval(t, m, "("+lord+".power, "+lord+".toughness)"); got != "(2, 2)" {
		t.Errorf("elf gone: %s, want (2, 2)", got)
	}
	if !hasEvent(m, EvWrapApplied) || !hasEvent(m, EvWrapRemoved) {
		t.Errorf("no wrapper events")
	}
}

func TestSeedFlying(t *testing.T) {
	m := seedsMatch(t)
	drake := card("sky_drake", 0)
	run(t, m, drake+".zone = 'battlefield'")
	if got := eval(t, m, drake+".flying"); got != "False" {
		t.Errorf("without artifact: flying %s", got)
	}
	run(t, m, card("bauble", 1)+".zone = 'battlefield'") // not the drake's controller's
	if got := eval(t, m, drake+".flying"); got != "False" {
		t.Errorf("opponent's artifact: flying %s", got)
	}
	run(t, m, card("bauble", 0)+".zone = 'battlefield'")
	if got := eval(t, m, drake+".flying"); got != "True" {
		t.Errorf("with artifact: flying %s", got)
	}
	run(t, m, "destroy("+card("bauble", 0)+")")
	if got := eval(t, m, drake+".flying"); got != "False" {
		t.Errorf("artifact destroyed: flying %s", got)
	}
}

func TestSeedPain(t *testing.T) {
	m := seedsMatch(t)
	run(t, m, card("pain_altar", 0)+".zone = 'battlefield'")
	run(t, m, card("wood_elf", 1)+".zone = 'battlefield'")
	run(t, m, card("wood_elf", 1)+".deal_damage(1)")
	if got := eval(t, m, "(players[0].life, players[1].life)"); got != "(20, 15)" {
		t.Errorf("after damage: lives %s, want (20, 15)", got)
	}
	run(t, m, "game.tick = 1") // more steps: the trigger does not fire again
	run(t, m, "game.tick = 2")
	if got := eval(t, m, "players[1].life"); got != "15" {
		t.Errorf("later: life %s, want 15", got)
	}
	run(t, m, card("pain_altar", 0)+".zone = 'graveyard'")
	run(t, m, card("wood_elf", 1)+".deal_damage(1)")
	if got := eval(t, m, "players[1].life"); got != "15" {
		t.Errorf("altar gone: life %s, want 15", got)
	}
	if !hasEvent(m, EvClauseFired) {
		t.Errorf("no clause_fired event")
	}
}

func TestSeedDrawDiscard(t *testing.T) {
	m := seedsMatch(t)
	run(t, m, card("mind_leech", 0)+".zone = 'battlefield'")
	before := eval(t, m, "[len(hand(players[0])) + 1, 2]")
	if err := m.Apply(Move{Seat: 0, Action: "draw"}); err != nil {
		t.Fatal(err)
	}
	if got := m.Stack(); len(got) != 2 || got[1] != "discardCard" {
		t.Fatalf("stack %v, want [playerTurn discardCard]", got)
	}
	if ms, _ := m.Legal(0); len(ms) != 0 {
		t.Errorf("player 1 may act in discardCard: %v", ms)
	}
	moves, err := m.Legal(1)
	if err != nil || len(moves) != 3 {
		t.Fatalf("player 2's discards: %v %v", moves, err)
	}
	v, _ := m.View(1)
	if v.Description != "You must discard a card" {
		t.Errorf("description %q", v.Description)
	}
	if err := m.Apply(moves[0]); err != nil {
		t.Fatal(err)
	}
	if got := eval(t, m, "[len(hand(p)) for p in players]"); got != before {
		t.Errorf("hands %s, want %s", got, before)
	}
	if got := m.Stack(); len(got) != 1 || got[0] != "playerTurn" || m.Active() != 0 {
		t.Errorf("stack %v active %d", got, m.Active())
	}
	// Without the leech, drawing makes nobody discard.
	run(t, m, card("mind_leech", 0)+".zone = 'graveyard'")
	if err := m.Apply(Move{Seat: 0, Action: "draw"}); err != nil {
		t.Fatal(err)
	}
	if got := m.Stack(); len(got) != 1 {
		t.Errorf("stack %v", got)
	}
}

func TestSeedWhenOnce(t *testing.T) {
	m := seedsMatch(t)
	healer := card("healer", 0)
	run(t, m, healer+".zone = 'battlefield'")
	run(t, m, "game.tick = 1")
	if got := eval(t, m, "players[0].life"); got != "23" {
		t.Errorf("life %s, want 23", got)
	}
	run(t, m, healer+".zone = 'hand'")
	run(t, m, healer+".zone = 'battlefield'")
	if got := eval(t, m, "players[0].life"); got != "23" {
		t.Errorf("the when-clause fired twice: life %s", got)
	}
}

func TestSeedMethodWrapper(t *testing.T) {
	m := seedsMatch(t)
	b := card("shield_bearer", 0)
	run(t, m, b+".zone = 'battlefield'")
	run(t, m, b+".deal_damage(3)")
	if got := eval(t, m, b+".damage"); got != "3" {
		t.Errorf("damage %s, want 3", got)
	}
	run(t, m, card("bauble", 0)+".zone = 'battlefield'")
	run(t, m, b+".deal_damage(3)")
	if got := eval(t, m, b+".damage"); got != "5" {
		t.Errorf("damage %s, want 5 (3 + 3 reduced by 1)", got)
	}
	// The wrapper is on this object only: another creature takes full damage.
	run(t, m, card("wood_elf", 0)+".zone = 'battlefield'")
	run(t, m, card("wood_elf", 0)+".deal_damage(3)")
	if got := eval(t, m, card("wood_elf", 0)+".damage"); got != "3" {
		t.Errorf("elf damage %s, want 3", got)
	}
	run(t, m, card("bauble", 0)+".zone = 'graveyard'")
	run(t, m, b+".deal_damage(3)")
	if got := eval(t, m, b+".damage"); got != "8" {
		t.Errorf("damage %s, want 8", got)
	}
}

func TestSeedCallChooseTarget(t *testing.T) {
	m := seedsMatch(t)
	run(t, m, card("shock", 0)+".zone = 'hand'")
	run(t, m, card("wood_elf", 1)+".zone = 'battlefield'")
	run(t, m, card("sky_drake", 0)+".zone = 'battlefield'")
	shock := m.mustObj(t, card("shock", 0))
	if err := m.Apply(Move{Seat: 0, Action: "playCard", Args: []starlark.Value{shock}}); err != nil {
		t.Fatal(err)
	}
	if got := m.Stack(); len(got) != 2 || got[1] != "chooseTarget" {
		t.Fatalf("stack %v, want [playerTurn chooseTarget]", got)
	}
	v, _ := m.View(0)
	if v.Description != "You must choose a target for "+shock.String() {
		t.Errorf("description %q", v.Description)
	}
	moves, _ := m.Legal(0)
	if len(moves) != 2 {
		t.Fatalf("targets %v", moves)
	}
	elf := m.mustObj(t, card("wood_elf", 1))
	if err := m.Apply(Move{Seat: 0, Action: "target", Args: []starlark.Value{elf}}); err != nil {
		t.Fatal(err)
	}
	if got := eval(t, m, card("wood_elf", 1)+".damage"); got != "2" {
		t.Errorf("damage %s, want 2", got)
	}
	if got := m.Stack(); len(got) != 1 || got[0] != "playerTurn" {
		t.Errorf("stack %v after the call returned", got)
	}
	var kinds []string
	for _, e := range m.Events() {
		if e.Kind == EvStateCalled || e.Kind == EvStateReturned {
			kinds = append(kinds, e.Kind+" "+e.State)
		}
	}
	if len(kinds) != 2 || kinds[0] != "state_called chooseTarget" || kinds[1] != "state_returned chooseTarget" {
		t.Errorf("call events %v", kinds)
	}
}

func (m *Match) mustObj(t *testing.T, src string) *objectValue {
	t.Helper()
	v, err := m.Eval(src)
	if err != nil {
		t.Fatal(err)
	}
	return v.(*objectValue)
}

func evalInt(t *testing.T, m *Match, src string) int64 {
	t.Helper()
	v, err := m.Eval(src)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := v.(starlark.Int).Int64()
	return n
}

func itoa(n int) string { return starlark.MakeInt(n).String() }

func hasEvent(m *Match, kind string) bool {
	for _, e := range m.Events() {
		if e.Kind == kind {
			return true
		}
	}
	return false
}

// TestTriggerOrder: triggers firing together are pushed active player first,
// then seat order, so the active player's resolves last (as in Magic).
func TestTriggerOrder(t *testing.T) {
	m := seedsMatch(t)
	run(t, m, card("pain_altar", 1)+".zone = 'battlefield'")
	run(t, m, card("pain_altar", 0)+".zone = 'battlefield'")
	run(t, m, card("wood_elf", 1)+".zone = 'battlefield'")
	n := len(m.Events())
	run(t, m, card("wood_elf", 1)+".deal_damage(1)")
	if got := eval(t, m, "players[1].life"); got != "10" {
		t.Errorf("life %s, want 10 (two altars)", got)
	}
	var order []string
	for _, e := range m.Events()[n:] {
		if e.Kind == EvClauseFired || e.Kind == EvStackPopped {
			order = append(order, e.Kind+" p"+itoa(e.Player))
		}
	}
	want := "clause_fired p1,clause_fired p2,stack_popped p2,stack_popped p1"
	if got := strings.Join(order, ","); got != want {
		t.Errorf("order %s, want %s", got, want)
	}
}
