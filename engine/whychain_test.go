package engine

import (
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

// objectOf returns the id of seat's object of type typ.
func objectOf(t *testing.T, m *Match, typ string, seat int) int {
	t.Helper()
	v, err := m.Eval(card(typ, seat) + ".id")
	if err != nil {
		t.Fatal(err)
	}
	var id int
	if err := starlark.AsInt(v, &id); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestExplainChainSaysWhatMadeTheWhileTrue: the Elf Lord's power chain
// says what made another-elf's condition true: the lord on the
// battlefield, and the Wood Elf its controller controls there, element by
// element of the condition's comprehension.
func TestExplainChainSaysWhatMadeTheWhileTrue(t *testing.T) {
	m := seedsMatch(t)
	run(t, m, card("elf_lord", 0)+".zone = 'battlefield'")
	run(t, m, card("wood_elf", 0)+".zone = 'battlefield'")
	lord, elf := objectOf(t, m, "elf_lord", 0), objectOf(t, m, "wood_elf", 0)
	c, err := m.ExplainChain(lord, "power")
	if err != nil || len(c.Links) != 1 || c.Links[0].Because == nil {
		t.Fatalf("chain %+v, %v", c, err)
	}
	text := c.Links[0].Because.Lines()
	for _, want := range []string{
		`self.zone == "battlefield" and any([o != self and o.controller == self.controller for o in battlefield(tag="elf")]) → True`,
		`  self.zone == "battlefield" → True`,
		`    self.zone → "battlefield"`,
		`for o = Wood Elf#` + itoa(elf) + `:`,
		`o.controller == self.controller → True`,
		`o.controller → player1`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the reason has no %q:\n%s", want, text)
		}
	}
	if !strings.HasPrefix(c.Links[0].Place, "seeds.yaml:") {
		t.Errorf("place %q", c.Links[0].Place)
	}
}

// TestExplainChainGivesTheCallThroughAMethodWrapper: Shock's 2 damage to a
// Shield Bearer whose controller has an artifact goes through
// artifact-armor, which calls inner with 1.
func TestExplainChainGivesTheCallThroughAMethodWrapper(t *testing.T) {
	m := seedsMatch(t)
	run(t, m, card("shield_bearer", 1)+".zone = 'battlefield'")
	run(t, m, card("bauble", 1)+".zone = 'battlefield'")
	run(t, m, card("shock", 0)+".zone = 'hand'")
	bearer := objectOf(t, m, "shield_bearer", 1)
	shock := objectOf(t, m, "shock", 0)
	if err := m.Apply(Move{Seat: 0, Action: "playCard", Args: []starlark.Value{m.objValue(shock)}}); err != nil {
		t.Fatal(err)
	}
	if err := m.Apply(Move{Seat: 0, Action: "target", Args: []starlark.Value{m.objValue(bearer)}}); err != nil {
		t.Fatal(err)
	}
	c, err := m.ExplainChain(bearer, "deal_damage")
	if err != nil || len(c.Calls) != 1 {
		t.Fatalf("chain %+v, %v", c, err)
	}
	want := "deal_damage(2) -> Shield Bearer#" + itoa(bearer) + " while artifact-armor -> inner(1)"
	if got := c.Calls[0].String(); got != want {
		t.Errorf("call %q, want %q", got, want)
	}
	if at, _ := m.At(c.Calls[0].Step - 1); at != nil {
		if c, _ := at.ExplainChain(bearer, "deal_damage"); len(c.Calls) != 0 {
			t.Errorf("the step before the call lists it: %+v", c.Calls)
		}
	}
	if got := eval(t, m, card("shield_bearer", 1)+".damage"); got != "1" {
		t.Errorf("damage %s", got)
	}
}
