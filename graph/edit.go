package graph

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
)

// Edit is one reversible change of a pack: what the editor records for undo
// and redo. An edit is made by a constructor (MoveStates, EditState,
// AddObjectType, ...) against the pack as it is, and must then be applied to
// that pack in that state: Apply makes the change, Revert takes it back, and
// applying or reverting on a pack in another state returns an error and
// changes nothing. Edits hold their own copies of what they put in the pack
// and never share memory with it, so an edit applied, reverted and applied
// again gives the same pack each time.
//
// Use edits through a [History], which applies them, merges them into undo
// steps and tracks the saved revision.
type Edit interface {
	// Apply makes the change on p.
	Apply(p *Pack) error
	// Revert takes the change back on p, after Apply.
	Revert(p *Pack) error
	// Touched names what the edit changes (before and after it: a state whose
	// id changes is named by both ids), sorted, so that a view refreshes only
	// that.
	Touched() []Ref
	// Label says what the edit does, in lower case, for menus ("Undo move
	// state 21").
	Label() string
}

// RefKind says which part of a pack a [Ref] names.
type RefKind string

// The kinds of [Ref].
const (
	AllRef        RefKind = "all"         // the whole pack (ReplacePack)
	PackRef       RefKind = "pack"        // the pack's own keys: name, title, players, constants, ... (pack.yaml)
	StateRef      RefKind = "state"       // one state, by id as written
	PositionRef   RefKind = "position"    // where one state is drawn (the editor section), by state id as written
	ObjectTypeRef RefKind = "object_type" // one object type, by name
	ActionRef     RefKind = "action"      // one action, by name
	ScriptRef     RefKind = "script"      // one script, by name
)

// Ref names a part of a pack an edit touched. Name is the state's id as
// written (StateID.String()) or the object type's, action's or script's name;
// it is empty for AllRef and PackRef. Field is where inside it, as a slash
// path of YAML keys and names: "description", "transitions/pass",
// "while/guard", "methods/attack/body", "clauses/whenever/draw"; empty when
// the edit may change any part (a whole element added, deleted or replaced).
// Field is a hint for views (which form or card to refresh); Kind and Name
// are exact.
type Ref struct {
	Kind  RefKind
	Name  string
	Field string
}

// String formats r as "kind name/field", for messages and tests.
func (r Ref) String() string {
	s := string(r.Kind)
	if r.Name != "" {
		s += " " + r.Name
	}
	if r.Field != "" {
		s += "/" + r.Field
	}
	return s
}

// sortRefs sorts refs and drops duplicates.
func sortRefs(refs []Ref) []Ref {
	sort.Slice(refs, func(i, j int) bool {
		a, b := refs[i], refs[j]
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.Field < b.Field
	})
	return slices.Compact(refs)
}

// cloneOf returns a deep copy of v (nil for nil), like [Pack.Clone].
func cloneOf[T any](v *T) *T {
	if v == nil {
		return nil
	}
	return deepCopy(reflect.ValueOf(v)).Interface().(*T)
}

// Merge returns one edit that does first then next: next must have been made
// against the pack as first left it. Two edits of the same thing become one
// edit of it (the state as it was before first and as next left it; the
// positions before first and after next); any other pair becomes a batch of
// the two. The label is first's.
func Merge(first, next Edit) Edit {
	if m, ok := first.(interface{ merge(Edit) (Edit, bool) }); ok {
		if e, ok := m.merge(next); ok {
			return e
		}
	}
	if b, ok := first.(*batch); ok {
		return &batch{label: b.label, edits: append(slices.Clip(b.edits), next)}
	}
	return &batch{label: first.Label(), edits: []Edit{first, next}}
}

// Batch returns one edit that applies edits in order and reverts them in the
// reverse order. Each edit must have been made against the pack as the ones
// before it leave it (edits of different elements made against the same pack
// qualify when none of them inserts or deletes before another's index). If
// one fails, the ones applied are reverted and the pack is unchanged.
func Batch(label string, edits ...Edit) Edit {
	return &batch{label: label, edits: edits}
}

// Sequence builds one edit of several steps made one after the other: each
// step makes its edit against the pack as the steps before it leave it (they
// run on a copy of p; p is not changed). Use it for operations made of edits
// that shift each other's places: pasting several states (AddState each),
// deleting a selection (DeleteState each). The first error is returned.
func Sequence(p *Pack, label string, steps ...func(*Pack) (Edit, error)) (Edit, error) {
	scratch := p.Clone()
	edits := make([]Edit, 0, len(steps))
	for _, step := range steps {
		e, err := step(scratch)
		if err != nil {
			return nil, err
		}
		if err := e.Apply(scratch); err != nil {
			return nil, err
		}
		edits = append(edits, e)
	}
	return &batch{label: label, edits: edits}, nil
}

type batch struct {
	label string
	edits []Edit
}

func (b *batch) Label() string { return b.label }

func (b *batch) Apply(p *Pack) error {
	for i, e := range b.edits {
		if err := e.Apply(p); err != nil {
			for j := i - 1; j >= 0; j-- {
				_ = b.edits[j].Revert(p)
			}
			return err
		}
	}
	return nil
}

func (b *batch) Revert(p *Pack) error {
	for i := len(b.edits) - 1; i >= 0; i-- {
		if err := b.edits[i].Revert(p); err != nil {
			for j := i + 1; j < len(b.edits); j++ {
				_ = b.edits[j].Apply(p)
			}
			return err
		}
	}
	return nil
}

func (b *batch) Touched() []Ref {
	var out []Ref
	for _, e := range b.edits {
		out = append(out, e.Touched()...)
	}
	return sortRefs(out)
}

// editError is the error of an edit applied to a pack it was not made for.
func editError(label, format string, args ...any) error {
	return fmt.Errorf("edit %q: %s", label, fmt.Sprintf(format, args...))
}

// list describes one of the pack's ordered lists of named elements (states,
// object types, actions, scripts) for the element edits.
type list[T any] struct {
	kind RefKind
	noun string // in labels and errors: "state", "object type"
	get  func(*Pack) *[]*T
	key  func(*T) string // the name, or a state's id as written
}

var (
	stateList = list[State]{StateRef, "state",
		func(p *Pack) *[]*State { return &p.States }, func(s *State) string { return s.ID.String() }}
	objectTypeList = list[ObjectType]{ObjectTypeRef, "object type",
		func(p *Pack) *[]*ObjectType { return (*[]*ObjectType)(&p.ObjectTypes) }, func(t *ObjectType) string { return t.Name }}
	actionList = list[Action]{ActionRef, "action",
		func(p *Pack) *[]*Action { return (*[]*Action)(&p.Actions) }, func(a *Action) string { return a.Name }}
	scriptList = list[Script]{ScriptRef, "script",
		func(p *Pack) *[]*Script { return (*[]*Script)(&p.Scripts) }, func(s *Script) string { return s.Name }}
)

// index returns the index of the first element keyed key, or -1.
func (l list[T]) index(p *Pack, key string) int {
	for i, v := range *l.get(p) {
		if l.key(v) == key {
			return i
		}
	}
	return -1
}

// put inserts (before nil), deletes (after nil) or replaces the element at
// index of one of the pack's lists.
type put[T any] struct {
	l             list[T]
	index         int
	before, after *T // the edit's own copies; nil: no element
	field         string
	label         string
}

func (e *put[T]) Label() string        { return e.label }
func (e *put[T]) Apply(p *Pack) error  { return e.swap(p, e.before, e.after) }
func (e *put[T]) Revert(p *Pack) error { return e.swap(p, e.after, e.before) }

// swap replaces from (nil: nothing) at e.index by a copy of to (nil: nothing).
func (e *put[T]) swap(p *Pack, from, to *T) error {
	s := e.l.get(p)
	if from == nil {
		if e.index < 0 || e.index > len(*s) {
			return editError(e.label, "no place %d among %d %ss", e.index, len(*s), e.l.noun)
		}
		if to != nil {
			*s = slices.Insert(*s, e.index, cloneOf(to))
		}
		return nil
	}
	if e.index < 0 || e.index >= len(*s) || !reflect.DeepEqual((*s)[e.index], from) {
		return editError(e.label, "%s %s is not at place %d as the edit found it", e.l.noun, e.l.key(from), e.index)
	}
	if to == nil {
		*s = slices.Delete(*s, e.index, e.index+1)
		if len(*s) == 0 {
			*s = nil // as read from YAML: an empty list is absent
		}
		return nil
	}
	(*s)[e.index] = cloneOf(to)
	return nil
}

func (e *put[T]) Touched() []Ref {
	var out []Ref
	for _, v := range []*T{e.before, e.after} {
		if v != nil {
			out = append(out, Ref{Kind: e.l.kind, Name: e.l.key(v), Field: e.field})
		}
	}
	return sortRefs(out)
}

// merge joins two edits of the element at the same place: the element before
// e and after next. An insertion followed by a deletion of what it inserted
// leaves an edit that does nothing.
func (e *put[T]) merge(next Edit) (Edit, bool) {
	n, ok := next.(*put[T])
	if !ok || n.l.kind != e.l.kind || n.index != e.index || (e.after == nil) != (n.before == nil) {
		return nil, false
	}
	if e.after != nil && e.l.key(e.after) != e.l.key(n.before) {
		return nil, false
	}
	field := e.field
	if n.field != field {
		field = ""
	}
	return &put[T]{l: e.l, index: e.index, before: e.before, after: n.after, field: field, label: e.label}, true
}

// reorder moves the element at index from to index to of one of the pack's
// lists.
type reorder[T any] struct {
	l        list[T]
	key      string
	from, to int
	label    string
}

func (e *reorder[T]) Label() string        { return e.label }
func (e *reorder[T]) Apply(p *Pack) error  { return e.move(p, e.from, e.to) }
func (e *reorder[T]) Revert(p *Pack) error { return e.move(p, e.to, e.from) }
func (e *reorder[T]) Touched() []Ref       { return []Ref{{Kind: e.l.kind, Name: e.key}} }

func (e *reorder[T]) move(p *Pack, from, to int) error {
	s := e.l.get(p)
	if from < 0 || from >= len(*s) || to < 0 || to >= len(*s) || e.l.key((*s)[from]) != e.key {
		return editError(e.label, "%s %s is not at place %d", e.l.noun, e.key, from)
	}
	v := (*s)[from]
	*s = slices.Insert(slices.Delete(*s, from, from+1), to, v)
	return nil
}

// addElement makes the edit inserting a copy of v at index (-1: at the end).
// A key already in the list is refused.
func addElement[T any](p *Pack, l list[T], v *T, index int) (Edit, error) {
	key := l.key(v)
	if l.index(p, key) >= 0 {
		return nil, fmt.Errorf("add %s %s: there is one already", l.noun, key)
	}
	n := len(*l.get(p))
	if index < 0 || index > n {
		index = n
	}
	return &put[T]{l: l, index: index, after: cloneOf(v), label: "add " + l.noun + " " + key}, nil
}

// deleteElement makes the edit deleting the element keyed key.
func deleteElement[T any](p *Pack, l list[T], key string) (*put[T], error) {
	i := l.index(p, key)
	if i < 0 {
		return nil, fmt.Errorf("delete %s %s: there is none", l.noun, key)
	}
	return &put[T]{l: l, index: i, before: cloneOf((*l.get(p))[i]), label: "delete " + l.noun + " " + key}, nil
}

// changeElement makes the edit that replaces the element keyed key by what
// change makes of a copy of it. field says what change changes (see [Ref]).
// A new key must not be another element's.
func changeElement[T any](p *Pack, l list[T], key, field string, change func(*T)) (*put[T], error) {
	i := l.index(p, key)
	if i < 0 {
		return nil, fmt.Errorf("edit %s %s: there is none", l.noun, key)
	}
	before := cloneOf((*l.get(p))[i])
	after := cloneOf(before)
	change(after)
	if k := l.key(after); k != key && l.index(p, k) >= 0 {
		return nil, fmt.Errorf("rename %s %s to %s: there is one already", l.noun, key, k)
	}
	label := "edit " + l.noun + " " + key
	if field != "" {
		label += " " + strings.ReplaceAll(field, "/", " ")
	}
	return &put[T]{l: l, index: i, before: before, after: after, field: field, label: label}, nil
}

// moveElement makes the edit that moves the element keyed key to index to.
func moveElement[T any](p *Pack, l list[T], key string, to int) (Edit, error) {
	i := l.index(p, key)
	if i < 0 {
		return nil, fmt.Errorf("move %s %s: there is none", l.noun, key)
	}
	if n := len(*l.get(p)); to < 0 || to >= n {
		return nil, fmt.Errorf("move %s %s: no place %d among %d", l.noun, key, to, n)
	}
	return &reorder[T]{l: l, key: key, from: i, to: to, label: "move " + l.noun + " " + key}, nil
}
