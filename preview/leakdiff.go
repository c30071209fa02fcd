package preview

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// diff is one field of what a seat receives that differs between the match
// and a copy dealt again.
type diff struct {
	field   string        // as the report names it
	key     *engine.Field // a variable or tag: whose writer to ask
	arg     string        // an args key
	action  string        // legal moves: the first action whose moves differ
	note    int           // a notification's place in the step (from 0); -1 for others
	leak    string        // why it is a leak whoever wrote it; "" to judge by its writer
	outcome bool          // the state the match is in: the rules announce it by moving there
	a, b    any
}

// viewDiffs lists the fields of two views of one seat that differ, in the
// order the report looks at them.
func viewDiffs(a, b *engine.View) []diff {
	var ds []diff
	add := func(d diff) {
		d.note = -1
		ds = append(ds, d)
	}
	if a.State != b.State || a.Private != b.Private || !reflect.DeepEqual(a.Stack, b.Stack) || !reflect.DeepEqual(a.Active, b.Active) || a.Over != b.Over || !reflect.DeepEqual(a.Winners, b.Winners) {
		add(diff{field: "state", outcome: true, a: a.State, b: b.State})
	}
	for _, k := range keysOf(a.Args, b.Args) {
		if !reflect.DeepEqual(a.Args[k], b.Args[k]) {
			add(diff{field: "args." + k, arg: k, a: a.Args[k], b: b.Args[k]})
		}
	}
	for _, k := range keysOf(a.PrivateArgs, b.PrivateArgs) {
		if !reflect.DeepEqual(a.PrivateArgs[k], b.PrivateArgs[k]) {
			add(diff{field: "private args." + k, arg: "_private", a: a.PrivateArgs[k], b: b.PrivateArgs[k]})
		}
	}
	for i := range a.Scores {
		if i < len(b.Scores) && a.Scores[i] != b.Scores[i] {
			add(diff{field: "player " + strconv.Itoa(i+1) + ".score", key: &engine.Field{Kind: engine.FieldPlayer, Owner: i, Name: "score"}, a: a.Scores[i], b: b.Scores[i]})
		}
	}
	for _, k := range keysOf(a.Variables, b.Variables) {
		if !reflect.DeepEqual(a.Variables[k], b.Variables[k]) {
			add(diff{field: "game." + k, key: &engine.Field{Kind: engine.FieldGame, Name: k}, a: a.Variables[k], b: b.Variables[k]})
		}
	}
	for p := 0; p < max(len(a.Players), len(b.Players)); p++ {
		pa, pb := at(a.Players, p), at(b.Players, p)
		for _, k := range keysOf(pa, pb) {
			if !reflect.DeepEqual(pa[k], pb[k]) {
				add(diff{field: "player " + strconv.Itoa(p+1) + "." + k, key: &engine.Field{Kind: engine.FieldPlayer, Owner: p, Name: k}, a: pa[k], b: pb[k]})
			}
		}
	}
	ds = append(ds, objectDiffs(a.Objects, b.Objects)...)
	if !reflect.DeepEqual(a.Legal, b.Legal) {
		act := differingAction(a.Legal, b.Legal)
		add(diff{field: "legal moves of " + act, action: act, leak: "depend on what the seat cannot see", a: onlyIn(a.Legal, b.Legal, act), b: onlyIn(b.Legal, a.Legal, act)})
	}
	for _, k := range keysOf(a.Decks, b.Decks) {
		if !reflect.DeepEqual(a.Decks[k], b.Decks[k]) {
			add(diff{field: "deck " + k, leak: "shows what the seat cannot see", a: a.Decks[k], b: b.Decks[k]})
		}
	}
	if !reflect.DeepEqual(a.Boards, b.Boards) {
		add(diff{field: "boards", leak: "depend on what the seat cannot see"})
	}
	if a.Progression != b.Progression {
		add(diff{field: "progression", leak: "depends on what the seat cannot see", a: a.Progression, b: b.Progression})
	}
	return ds
}

// objectDiffs lists the tags and variables of the objects of two views
// that differ; objects made or destroyed in one only are an outcome.
func objectDiffs(a, b []engine.ObjectView) []diff {
	var ds []diff
	if len(a) != len(b) {
		return []diff{{field: "objects", outcome: true, note: -1, a: len(a), b: len(b)}}
	}
	for i := range a {
		oa, ob := a[i], b[i]
		name := oa.Type + "#" + strconv.Itoa(oa.ID)
		if oa.ID != ob.ID {
			return []diff{{field: "objects", outcome: true, note: -1, a: oa.ID, b: ob.ID}}
		}
		has := func(tags []string, t string) bool {
			for _, x := range tags {
				if x == t {
					return true
				}
			}
			return false
		}
		tags := append(append([]string(nil), oa.Tags...), ob.Tags...)
		sort.Strings(tags)
		for j, t := range tags {
			if j > 0 && tags[j-1] == t {
				continue
			}
			if ha, hb := has(oa.Tags, t), has(ob.Tags, t); ha != hb {
				ds = append(ds, diff{field: name + " tag " + t, key: &engine.Field{Kind: engine.FieldTag, Owner: oa.ID, Name: t}, note: -1, a: ha, b: hb})
			}
		}
		for _, k := range keysOf(oa.Variables, ob.Variables) {
			if !reflect.DeepEqual(oa.Variables[k], ob.Variables[k]) {
				ds = append(ds, diff{field: name + "." + k, key: &engine.Field{Kind: engine.FieldObject, Owner: oa.ID, Name: k}, note: -1, a: oa.Variables[k], b: ob.Variables[k]})
			}
		}
	}
	return ds
}

// differingAction returns the first action, in the order the moves list
// them, whose legal moves differ between a and b.
func differingAction(a, b []graph.Move) string {
	of := func(ms []graph.Move, name string) []string {
		var out []string
		for _, m := range ms {
			if m.Action == name {
				out = append(out, m.String())
			}
		}
		return out
	}
	for _, m := range append(append([]graph.Move(nil), a...), b...) {
		if !reflect.DeepEqual(of(a, m.Action), of(b, m.Action)) {
			return m.Action
		}
	}
	return ""
}

// onlyIn returns the arguments of the moves of action act that a holds
// and b does not.
func onlyIn(a, b []graph.Move, act string) []json.RawMessage {
	in := map[string]bool{}
	for _, m := range b {
		in[m.String()] = true
	}
	out := []json.RawMessage{}
	for _, m := range a {
		if m.Action == act && !in[m.String()] {
			out = append(out, m.Args)
		}
	}
	return out
}

func at[T any](xs []T, i int) T {
	var zero T
	if i < len(xs) {
		return xs[i]
	}
	return zero
}

// keysOf returns the keys of a and b together, sorted.
func keysOf[V any](a, b map[string]V) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range []map[string]V{a, b} {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out
}

// show writes a field's value for the report, cut after showMax bytes.
func show(v any) string {
	if v == nil {
		return "nothing"
	}
	data, err := json.Marshal(v)
	if err != nil {
		data = []byte(fmt.Sprint(v))
	}
	if len(data) > showMax {
		return string(data[:showMax]) + "…"
	}
	return string(data)
}

const showMax = 120

// judge decides the differences ds a copy (dealt for seat s with seed,
// keeping keep) shows against the match m before the move (post false) or
// after it (post: after, the move mv, written gm): an
// announced outcome sets the copy aside; otherwise the first difference
// is the leak, recorded in the report. It reports whether it found one.
func (c *leakMatch) judge(m, after *engine.Match, s int, seed uint64, keep []engine.CardRef, ds []diff, post bool, mv engine.Move, gm graph.Move) bool {
	// Again, tracing who writes what: the copy, and its twin, the match
	// itself (a copy keeping every card where it is).
	probe := m.Probe(s, seed, keep, true)
	twin := m.Probe(s, seed, m.All(), true)
	shown := m
	if post {
		_ = probe.Apply(probe.Own(mv))
		_ = twin.Apply(twin.Own(mv))
		shown = after
	}
	prog := m.Program()
	var first *Leak
	for _, d := range ds {
		pos, why := c.writer(prog, shown, probe, twin, d)
		if why == "" {
			c.rep.Announced++
			return false // an announced outcome tells this copy from the match
		}
		if first == nil {
			first = &Leak{Seat: s, Step: shown.Step(), Seed: c.seed, Field: d.field, Why: why, Values: [2]string{show(d.a), show(d.b)}, File: m.File(), Pos: pos}
		}
	}
	if first == nil {
		return false
	}
	first.Record = c.rec
	first.Record.Moves = append([]graph.Move(nil), c.rec.Moves...)
	if post {
		first.Record.Moves = append(first.Record.Moves, gm)
	}
	c.rep.Leak = first
	return true
}

// writer returns the rule that wrote difference d and why it is a leak,
// or "" when it is an announced outcome.
func (c *leakMatch) writer(prog *engine.Program, shown, probe, twin *engine.Match, d diff) (graph.Pos, string) {
	const face = "carries a card's face"
	switch {
	case d.outcome:
		return graph.Pos{}, ""
	case d.action != "":
		return actionAt(c.pack, d.action), d.leak
	case d.leak != "":
		return graph.Pos{}, d.leak
	case d.arg != "":
		pos, _ := shown.ArgsAt(d.arg)
		if shown.ArgFace(d.arg) {
			return pos, face
		}
		return pos, ""
	case d.note >= 0:
		m, pos, ok := probe, graph.Pos{}, false
		for _, m = range []*engine.Match{probe, twin} {
			if pos, ok = m.NotifyWriter(d.note); ok {
				break
			}
		}
		if !ok || m.FaceFlow(pos) {
			return prog.StatementAt(pos), "names a card's face"
		}
		return prog.StatementAt(pos), ""
	}
	for _, m := range []*engine.Match{probe, twin} {
		if pos, ok := m.Writer(*d.key); ok {
			if m.FaceFlow(pos) {
				return prog.StatementAt(pos), face
			}
			return prog.StatementAt(pos), ""
		}
	}
	if d.key.Kind == engine.FieldTag {
		for _, m := range []*engine.Match{probe, twin} {
			if pos, ok := m.GrantedBy(d.key.Owner, d.key.Name); ok {
				return pos, "is granted by a while clause from what the seat cannot see"
			}
		}
	}
	return graph.Pos{}, "changes with what the seat cannot see"
}

// actionAt is where the legal moves of action name are decided: its first
// parameter's domain, else its precondition, else who may take it, else
// the action.
func actionAt(pack *graph.Pack, name string) graph.Pos {
	for _, a := range pack.Actions {
		if a.Name != name {
			continue
		}
		for _, p := range a.Params {
			if !p.Domain.IsZero() {
				return p.Domain.Pos
			}
		}
		for _, c := range []graph.Code{a.Precondition, a.Who} {
			if !c.IsZero() {
				return c.Pos
			}
		}
		return a.Pos
	}
	return graph.Pos{}
}
