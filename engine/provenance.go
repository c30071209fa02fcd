package engine

import "github.com/rulestudio/studio/graph"

// Provenance: which statement of the pack last wrote each field a seat can
// receive (a game, player or object variable, a tag, a notification), so
// that the leak check names the rule that wrote a field that tells a seat
// what it cannot see. It is off (Match.prov nil) in every match but the
// leak check's probes: a write then costs one nil test, and BenchmarkPlayout
// does not move. Probes run every piece of code through Starlark's
// interpreter (Options.Interpret), whose thread knows the instruction each
// frame is at; direct code keeps no position until it fails.

// provenance maps a field to the place of the statement that last wrote it
// while provenance was on.
type provenance struct {
	at     map[Field]graph.Pos
	notify []graph.Pos // the place of each notify call, in the order of its events
}

// Field is one thing a match holds that a seat may receive, as the leak
// check compares and names them.
type Field struct {
	Kind  string // FieldGame, FieldPlayer, FieldObject, FieldTag
	Owner int    // the seat (0-based) of a player's variable, the id of an object
	Name  string // the variable or the tag
}

// Kinds of [Field].
const (
	FieldGame   = "game"   // a game variable
	FieldPlayer = "player" // a player's variable or score
	FieldObject = "object" // an object's variable
	FieldTag    = "tag"    // an object's own tag (add_tag, remove_tag)
)

// wrote records that the running statement wrote field key.
func (m *Match) wrote(kind string, owner int, name string) {
	if m.prov != nil {
		m.prov.at[Field{kind, owner, name}] = m.here()
	}
}

// notified records the place of a notify call whose event was just emitted.
func (m *Match) notified() {
	if m.prov != nil {
		m.prov.notify = append(m.prov.notify, m.here())
	}
}

// here is the place in the pack's file of the innermost Starlark frame of
// the running code that is not a builtin's: the statement calling the
// builtin, or doing the assignment, that is running.
func (m *Match) here() graph.Pos {
	if m.thread == nil {
		return graph.Pos{}
	}
	for i := 0; i < m.thread.CallStackDepth(); i++ {
		p := m.thread.CallFrame(i).Pos
		if p.Filename() == m.p.file {
			return graph.Pos{Line: int(p.Line), Column: int(p.Col)}
		}
	}
	return graph.Pos{}
}
