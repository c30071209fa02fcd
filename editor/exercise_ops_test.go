package editor

import (
	"math/rand/v2"
	"sort"
)

// opKind is a kind of operation: a step of one of the drivers, drawn as
// often as its weight among the others.
type opKind struct {
	name   string
	weight int
	run    func(x *exerciser, rng *rand.Rand) string // does it; says what it did
}

// opKinds are every operation the exerciser does. The drivers (a file
// each: exercise_canvas_test.go, exercise_forms_test.go,
// exercise_play_test.go) read as a designer's steps.
var opKinds = []opKind{
	// The canvas (exercise_canvas_test.go).
	{"state.new", 4, (*exerciser).newState},
	{"state.rename", 3, (*exerciser).renameState},
	{"state.delete", 2, (*exerciser).deleteState},
	{"state.select", 8, (*exerciser).selectState},
	{"transition.new", 3, (*exerciser).newTransition},
	{"transition.rename", 2, (*exerciser).renameTransition},
	{"transition.delete", 1, (*exerciser).deleteTransition},
	{"undo", 5, (*exerciser).undo},
	{"redo", 3, (*exerciser).redo},
	// Forms and tabs (exercise_forms_test.go).
	{"inspector.type", 12, (*exerciser).typeInInspector},
	{"inspector.clause", 2, (*exerciser).addStateClause},
	{"tab", 6, (*exerciser).switchTab},
	{"action.add", 2, (*exerciser).addAction},
	{"action.rename", 2, (*exerciser).renameAction},
	{"action.delete", 1, (*exerciser).deleteAction},
	{"action.type", 5, (*exerciser).typeInAction},
	{"type.add", 2, (*exerciser).addObjectType},
	{"type.rename", 2, (*exerciser).renameObjectType},
	{"type.delete", 1, (*exerciser).deleteObjectType},
	{"type.clause", 3, (*exerciser).addTypeClause},
	{"type.type", 5, (*exerciser).typeInObjectType},
	{"script.type", 2, (*exerciser).typeInScript},
	{"yaml.show", 2, (*exerciser).editAsYAML},
	{"display.type", 3, (*exerciser).typeInDisplay},
	{"display.add", 1, (*exerciser).addDisplayRow},
	// Files, matches, playtests, scenarios (exercise_play_test.go).
	{"open", 2, (*exerciser).openOther},
	{"save", 1, (*exerciser).save},
	{"match.start", 3, (*exerciser).startMatch},
	{"match.key", 8, (*exerciser).stepKey},
	{"match.take", 5, (*exerciser).takeMove},
	{"match.scrub", 3, (*exerciser).scrub},
	{"match.end", 2, (*exerciser).endMatch},
	{"match.filter", 1, (*exerciser).filterEvents},
	{"playtest", 1, (*exerciser).playtest},
	{"scenario.open", 1, (*exerciser).openScenario},
	{"tests.run", 1, (*exerciser).runTests},
}

// kindOf returns the kind named name, or nil.
func kindOf(name string) *opKind {
	for i := range opKinds {
		if opKinds[i].name == name {
			return &opKinds[i]
		}
	}
	return nil
}

// oneOf returns one of list, chosen by rng ("" for none).
func oneOf(rng *rand.Rand, list []string) string {
	if len(list) == 0 {
		return ""
	}
	return list[rng.IntN(len(list))]
}

// sortedKeys returns m's keys in order (map order is random; a run must
// replay).
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
