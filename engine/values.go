package engine

import (
	"fmt"
	"sort"

	"github.com/rulestudio/studio/graph"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

func matchOf(th *starlark.Thread) *Match {
	m, _ := th.Local("match").(*Match)
	return m
}

// playerValue is a seat as pack code sees it: p.no (1-based seat number, also
// the player's colour on boards), p.id (the same), p.name, p.score (assignable),
// and any player variable (assignable: p.life -= 5).
type playerValue struct {
	m    *Match
	seat int
}

var (
	_ starlark.HasSetField = (*playerValue)(nil)
	_ starlark.Comparable  = (*playerValue)(nil)
)

func (p *playerValue) String() string        { return fmt.Sprintf("player%d", p.seat+1) }
func (p *playerValue) Type() string          { return "player" }
func (p *playerValue) Freeze()               {}
func (p *playerValue) Truth() starlark.Bool  { return true }
func (p *playerValue) Hash() (uint32, error) { return uint32(p.seat + 1), nil }
func (p *playerValue) CompareSameType(op syntax.Token, y starlark.Value, depth int) (bool, error) {
	q := y.(*playerValue)
	switch op {
	case syntax.EQL:
		return p.seat == q.seat, nil
	case syntax.NEQ:
		return p.seat != q.seat, nil
	case syntax.LT:
		return p.seat < q.seat, nil
	case syntax.LE:
		return p.seat <= q.seat, nil
	case syntax.GT:
		return p.seat > q.seat, nil
	case syntax.GE:
		return p.seat >= q.seat, nil
	}
	return false, fmt.Errorf("player: unsupported comparison %s", op)
}

func (p *playerValue) AttrNames() []string {
	names := []string{"id", "name", "no", "score"}
	p.m.note(rdPlayer, p.seat, p.m.st.pvers[p.seat])
	names = append(names, p.m.st.pvars[p.seat].names()...)
	return names
}

// hasAttrName reports whether name is in AttrNames, noting what it reads,
// without making the names (name in dir(player): see inDir).
func (p *playerValue) hasAttrName(name string) bool {
	p.m.note(rdPlayer, p.seat, p.m.st.pvers[p.seat])
	switch name {
	case "id", "name", "no", "score":
		return true
	}
	return p.m.st.pvars[p.seat].index(name) >= 0
}

func (p *playerValue) Attr(name string) (starlark.Value, error) {
	switch name {
	case "no", "id":
		return starlark.MakeInt(p.seat + 1), nil
	case "name":
		return starlark.String(p.m.names[p.seat]), nil
	}
	p.m.note(rdPlayer, p.seat, p.m.st.pvers[p.seat])
	if name == "score" {
		return starlark.MakeInt(p.m.st.scores[p.seat]), nil
	}
	if v, ok := p.m.st.pvars[p.seat].get(name); ok {
		return p.m.rebind(v), nil
	}
	if cur := p.m.cur; cur != nil { // inside before(): as game variables
		p.m.notePresent(rdPlayer, p.seat, cur.pvers[p.seat])
		if v, ok := cur.pvars[p.seat].get(name); ok {
			return p.m.rebind(v), nil
		}
	}
	return nil, nil
}

func (p *playerValue) SetField(name string, v starlark.Value) error {
	m := p.m
	if m.pure > 0 {
		return m.mutable(p.String() + "." + name)
	}
	switch name {
	case "no", "id", "name":
		return fmt.Errorf("player.%s cannot be assigned", name)
	case "score":
		var n int
		if err := starlark.AsInt(v, &n); err != nil {
			return fmt.Errorf("player.score: %v", err)
		}
		if m.st.scores[p.seat] == n {
			return nil // no change, no event
		}
		m.playerW(p.seat)
		m.scoresW()[p.seat] = n
		m.wrote(FieldPlayer, p.seat, "score")
		if m.rec {
			e := Event{Kind: EvVariable, Player: p.seat + 1, Name: "score", Field: "score", To: m.varAudience(p.seat, "score")}
			if m.texting() {
				e.Detail = v.String()
			}
			m.emit(e)
		}
		return nil
	}
	if old, _ := m.st.pvars[p.seat].get(name); same(old, v) {
		return nil // no change, no event
	}
	v.Freeze()
	m.pvarsW(p.seat).set(name, v)
	m.wrote(FieldPlayer, p.seat, name)
	if m.rec {
		e := Event{Kind: EvVariable, Player: p.seat + 1, Name: name, Field: name, To: m.varAudience(p.seat, name)}
		if m.texting() {
			e.Detail = v.String()
		}
		m.emitValue(e, v)
	}
	return nil
}

// boundGame is `game`: the match's own variables (game.x = 1 creates one) and
// read-only facts: game.active_player, game.players, game.step, game.state (the
// top state's name). Code receives it as a context name.
type boundGame struct{ m *Match }

var _ starlark.HasSetField = (*boundGame)(nil)

func (g *boundGame) String() string        { return "game" }
func (g *boundGame) Type() string          { return "game" }
func (g *boundGame) Freeze()               {}
func (g *boundGame) Truth() starlark.Bool  { return true }
func (g *boundGame) Hash() (uint32, error) { return 7, nil }
func (g *boundGame) AttrNames() []string {
	g.m.note(rdGame, 0, g.m.st.gvarsVer)
	return append([]string{"active_player", "players", "state", "step"}, g.m.st.vars.names()...)
}

// hasAttrName reports whether name is in AttrNames, noting what it reads,
// without making the names (name in dir(game): see inDir).
func (g *boundGame) hasAttrName(name string) bool {
	g.m.note(rdGame, 0, g.m.st.gvarsVer)
	switch name {
	case "active_player", "players", "state", "step":
		return true
	}
	return g.m.st.vars.index(name) >= 0
}

func (g *boundGame) Attr(name string) (starlark.Value, error) {
	m := g.m
	switch name {
	case "active_player":
		m.noteActive()
		return m.pvals[m.st.active], nil
	case "players":
		return m.playersValue(), nil
	case "step":
		m.note(rdStep, 0, uint64(m.st.step))
		return starlark.MakeInt(m.st.step), nil
	case "state":
		m.note(rdFrames, 0, m.st.framesVer)
		if t := m.top(); t != nil {
			return starlark.String(t.st.name), nil
		}
		return starlark.None, nil
	}
	m.note(rdGame, 0, m.st.gvarsVer)
	if v, ok := m.st.vars.get(name); ok {
		return m.rebind(v), nil
	}
	if m.cur != nil { // inside before(): a variable assigned since reads as it is now, as an object created since does
		m.notePresent(rdGame, 0, m.cur.gvarsVer)
		if v, ok := m.cur.vars.get(name); ok {
			return m.rebind(v), nil
		}
	}
	return nil, starlark.NoSuchAttrError(fmt.Sprintf("game has no variable %q (assign one in a body: game.%s = ...)", name, name))
}
func (g *boundGame) SetField(name string, v starlark.Value) error {
	m := g.m
	if m.pure > 0 {
		return m.mutable("game." + name)
	}
	switch name {
	case "active_player", "players", "state", "step":
		return fmt.Errorf("game.%s cannot be assigned (use set_active and next_state)", name)
	}
	if old, _ := m.st.vars.get(name); same(old, v) {
		return nil // no change, no event
	}
	v.Freeze()
	m.varsW().set(name, v)
	m.wrote(FieldGame, 0, name)
	if m.rec {
		e := Event{Kind: EvVariable, Field: name, To: m.varAudience(-1, name)}
		if m.texting() {
			e.Name, e.Detail = "game."+name, v.String()
		}
		m.emitValue(e, v)
	}
	return nil
}

// paramsValue is `state`: the top frame's parameters (state.source).
type paramsValue struct {
	m      *Match // the match reading them (bind.go)
	st     *cstate
	values []starlark.Value
}

func (p *paramsValue) String() string        { return "state " + p.st.name }
func (p *paramsValue) Type() string          { return "state" }
func (p *paramsValue) Freeze()               {}
func (p *paramsValue) Truth() starlark.Bool  { return true }
func (p *paramsValue) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable: state") }
func (p *paramsValue) AttrNames() []string {
	var out []string
	for _, prm := range p.st.params {
		out = append(out, prm.Name)
	}
	out = append(out, "id", "name")
	sort.Strings(out)
	return out
}
func (p *paramsValue) Attr(name string) (starlark.Value, error) {
	for i, prm := range p.st.params {
		if prm.Name == name {
			return p.m.rebind(p.values[i]), nil
		}
	}
	switch name {
	case "name":
		return p.st.nameValue, nil
	case "id":
		return starlark.MakeInt(p.st.id), nil
	}
	return nil, nil
}

// fromGraphValue converts a literal of the pack into a frozen Starlark value.
func fromGraphValue(v graph.Value) starlark.Value {
	switch v.Kind {
	case graph.BoolValue:
		return starlark.Bool(v.Bool)
	case graph.IntValue:
		return starlark.MakeInt64(v.Int)
	case graph.FloatValue:
		return starlark.Float(v.Float)
	case graph.StringValue, graph.ConstValue:
		return starlark.String(v.Str)
	case graph.ListValue:
		var out []starlark.Value
		for _, it := range v.List {
			out = append(out, fromGraphValue(it))
		}
		l := starlark.NewList(out)
		l.Freeze()
		return l
	case graph.MapValue:
		d := starlark.NewDict(len(v.Map))
		for _, e := range v.Map {
			_ = d.SetKey(fromGraphValue(e.Key), fromGraphValue(e.Value))
		}
		d.Freeze()
		return d
	}
	return starlark.None
}

// playersValue is the players tuple as a Value: converting a Tuple to an
// interface allocates, so it is done once a match, when code first takes
// players (not at all in a match whose code never does).
func (m *Match) playersValue() starlark.Value {
	if m.players == nil {
		m.players = m.playersTuple
	}
	return m.players
}
