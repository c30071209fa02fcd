package engine

import (
	"strconv"
	"testing"

	"go.starlark.net/starlark"
)

// firedHealer returns a seed effects match whose first player's healer has
// just entered the battlefield, its when clause fired and pushed, and the
// healer's id.
func firedHealer(t *testing.T) (*Match, int) {
	t.Helper()
	m := seedsMatch(t)
	healer := card("healer", 0)
	id := objID(t, m, healer)
	if err := m.objValue(id).(*objectValue).SetField("zone", starlark.String("battlefield")); err != nil {
		t.Fatal(err)
	}
	if err := m.settle(); err != nil {
		t.Fatal(err)
	}
	if len(m.st.exec) != 1 {
		t.Fatalf("the healer entered, %d bodies pending: want its when clause's", len(m.st.exec))
	}
	return m, id
}

// TestFiredLabelMadeWhenRead: a clause that fires makes no label (no
// allocation) until something reads it.
func TestFiredLabelMadeWhenRead(t *testing.T) {
	m, id := firedHealer(t)
	tr := m.lookup(id).typ.c.when[0]
	e := &planEntry{tr: tr, src: id, kind: planWhen}
	self := m.objValue(id)
	if got := testing.AllocsPerRun(50, func() { m.firedOf(e, self, 0) }); got != 0 {
		t.Errorf("a fire made %.0f allocations: want none until its label is read", got)
	}
}

// TestFiredLabelAsAtFire: a fired clause's label, read after its owner's
// name changed, names the owner as it was when the clause fired, as
// ExecStack, the stack's events and the state's hash read it.
func TestFiredLabelAsAtFire(t *testing.T) {
	m, id := firedHealer(t)
	want := "Healer#" + strconv.Itoa(id) + " when enters"
	hash := m.Hash()
	rename := func(name string) {
		t.Helper()
		if err := m.objValue(id).(*objectValue).SetField("name", starlark.String(name)); err != nil {
			t.Fatal(err)
		}
	}
	rename("Medic")
	renamed := m.Hash()
	ex := m.ExecStack()
	if len(ex) != 1 || ex[0].What != want {
		t.Fatalf("the execution stack %+v: want the body of %q", ex, want)
	}
	rename("Healer")
	if m.Hash() != hash || renamed == hash {
		t.Errorf("the hash with the name back is %x, at the fire %x (renamed %x): want the same, and another renamed", m.Hash(), hash, renamed)
	}
}
