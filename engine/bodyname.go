package engine

import (
	"strconv"

	"go.starlark.net/starlark"
)

// bodyName names a pending body for people ("Healer#5 when enters",
// "discardCard action"): for events, the execution stack, a trigger loop's
// error and Match.Hash. A playout reads none of them, so a name is joined
// from its parts only when read (execItem.what): a fired clause made five
// allocations for its name, a seed effects game about forty.
type bodyName struct {
	// owner is the whole name when words is nil. Else it is whose body it
	// is: an object's name as it was when its clause fired (its name
	// variable may change before the name is read), followed by "#" and the
	// item's self when that is an object, or a state's name.
	owner string
	words *string // what of the owner runs: "when enters", "action"
}

// actionWords are the words of a state's action pushed for a player.
var actionWords = "action"

// actionName names the action of state name pushed for a player.
func actionName(name string) bodyName { return bodyName{owner: name, words: &actionWords} }

// firedName names the body of clause tr of self (an object, or a state's
// parameters) as it fires: as label did, "Elf#2 whenever lord".
func firedName(self starlark.Value, tr *ctrigger) bodyName {
	if o, ok := self.(*objectValue); ok {
		return bodyName{owner: o.ownName(), words: &tr.words}
	}
	return bodyName{owner: self.String() + " " + tr.words}
}

// what is the item's name.
func (it *execItem) what() string {
	if it.name.words == nil {
		return it.name.owner
	}
	var buf [64]byte
	return string(it.appendWhat(buf[:0]))
}

// appendWhat appends the item's name to b.
func (it *execItem) appendWhat(b []byte) []byte {
	n := &it.name
	b = append(b, n.owner...)
	if n.words == nil {
		return b
	}
	if it.self != 0 {
		b = append(b, '#')
		b = strconv.AppendInt(b, int64(it.self), 10)
	}
	b = append(b, ' ')
	return append(b, *n.words...)
}
