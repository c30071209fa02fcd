package engine

import "go.starlark.net/starlark"

// The place of an object, as the pack's visibility.zones sees it: the
// value of its variable zone and the player its variable controller names
// (the seed model's conventions, like controller in ownerOf). Everything
// else about an object is its face.
const (
	zoneVar       = "zone"
	controllerVar = "controller"
)

// zoneOf returns ob's zone: its variable zone when it holds a string, else
// "" (a zone no pack names, face up).
func zoneOf(ob *object) string {
	v, ok := ob.typ.varIdx[zoneVar]
	var z starlark.Value
	if ok {
		z = ob.vars[v]
	} else {
		z = ob.extra[zoneVar]
	}
	s, _ := z.(starlark.String)
	return string(s)
}

// isPlace reports whether a variable is part of an object's place.
func isPlace(name string) bool { return name == zoneVar || name == controllerVar }

// objectBack is ob as a seat that does not see its face sees it: its id
// and place only; false when the seat sees nothing of it (a nobody zone).
func (m *Match) objectBack(ob *object) (ObjectView, bool) {
	if m.p.vis.zones[zoneOf(ob)] == sightNobody {
		return ObjectView{}, false
	}
	ov := ObjectView{ID: ob.id, Variables: map[string]any{}}
	for _, name := range []string{zoneVar, controllerVar} {
		if v, ok := m.varOf(ob, name); ok {
			ov.Variables[name] = toGo(v, nil) // a zone name or a player: no card to hide
		}
	}
	return ov, true
}
