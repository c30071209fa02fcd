package engine

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rulestudio/studio/graph"
	"go.starlark.net/starlark"
)

type builtinFn func(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error)

// builtins returns the names every piece of pack code sees besides the context
// names (player, active_player, state, self, value, inner, game, players).
func builtins() starlark.StringDict {
	d := starlark.StringDict{}
	for name, f := range engineFns {
		d[name] = starlark.NewBuiltin(name, func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
			m := matchOf(th)
			if m == nil {
				return nil, fmt.Errorf("%s: no match is running (call it from a procedure or action, not at load)", name)
			}
			return f(m, name, args, kw)
		})
	}
	return d
}

// engineFns are the engine's builtins, by name.
var engineFns map[string]builtinFn

func init() {
	engineFns = map[string]builtinFn{
		"next_state":           biNextState,
		"call":                 biCall,
		"end_turn":             biEndTurn,
		"end_game":             biEndGame,
		"set_active":           biSetActive,
		"activate_next_player": biActivateNext,
		"player_after":         biPlayerAfter,
		"player_no":            biPlayerNo,
		"set_all_multiactive":  biAllMulti,
		"set_multiactive":      biSetMulti,
		"deactivate":           biDeactivate,
		"is_multiactive":       biIsMulti,
		"rand":                 biRand,
		"shuffle":              biShuffle,
		"notify":               biNotify,
		"before":               biBefore,
		"objects":              biObjects,
		"create":               biCreate,
		"destroy":              biDestroy,
		"combinations":         biCombinations,
		"require":              biRequire,
		"reveal":               biReveal,
	}
}

func (m *Match) needBody(fn string) error {
	if err := m.mutable(fn); err != nil {
		return err
	}
	if !m.ctx.active {
		return fmt.Errorf("%s: only a body can change the match", fn)
	}
	return nil
}

// seatOf reads a builtin's player argument, a player or its seat number
// from 1, as a seat from 0; its error says both forms it takes.
func (m *Match) seatOf(fn string, v starlark.Value) (int, error) {
	switch p := v.(type) {
	case *playerValue:
		return p.seat, nil
	case starlark.Int:
		n, ok := p.Int64()
		if ok && n >= 1 && int(n) <= m.seats {
			return int(n) - 1, nil
		}
	}
	return 0, fmt.Errorf("%s: want a player or a seat number from 1 to %d, got %s", fn, m.seats, v.String())
}

func biNextState(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	name, ok := oneString(args, kw) // the common case, without allocating
	if !ok {
		var err error
		if name, err = unpackName(fn, args, kw); err != nil {
			return nil, err
		}
	}
	if err := m.needBody(fn); err != nil {
		return nil, err
	}
	return starlark.None, m.nextState(fn, name)
}

func (m *Match) nextState(fn, name string) error {
	c := m.ctx
	if c.frame >= len(m.st.frames) {
		return fmt.Errorf("%s: the state of this body has left the stack", fn)
	}
	f := m.frameAt(c.frame)
	if c.private {
		cur := m.p.states[f.priv[c.seat]]
		to, ok := cur.transition(name)
		if !ok {
			return fmt.Errorf("%s(%q): private state %s has no such transition (%s)", fn, name, cur.name, transNames(cur))
		}
		if to.typ == graph.Private {
			m.setPrivate(c.frame, c.seat, int16(to.idx))
			m.emit(Event{Kind: EvStateLeft, State: cur.name, StateID: cur.sid, Player: c.seat + 1, Name: name, Detail: "private"})
			m.emit(Event{Kind: EvStateEntered, State: to.name, StateID: to.sid, Player: c.seat + 1, Name: name, Detail: "private"})
			if to.action != nil {
				m.pushExec(execItem{h: to.action, name: actionName(to.name), player: c.seat, frame: c.frame})
			}
			return nil
		}
		if t, ok := f.st.transition(name); ok {
			to = t
		}
		m.pend(c.frame, to, name)
		return nil
	}
	to, ok := f.st.transition(name)
	if !ok {
		return fmt.Errorf("%s(%q): state %s has no such transition (%s)", fn, name, f.st.name, transNames(f.st))
	}
	m.pend(c.frame, to, name)
	return nil
}

func transNames(s *cstate) string {
	if len(s.trans) == 0 {
		return "it has none"
	}
	var ns []string
	for _, t := range s.trans {
		ns = append(ns, fmt.Sprintf("%q", t.name))
	}
	return "it has " + strings.Join(ns, ", ")
}

func biEndGame(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	if err := starlark.UnpackPositionalArgs(fn, args, kw, 0); err != nil {
		return nil, err
	}
	if err := m.needBody(fn); err != nil {
		return nil, err
	}
	var end *cstate
	for _, s := range m.p.states {
		if s.id == graph.EndID {
			end = s
		}
	}
	if end == nil {
		return nil, fmt.Errorf("%s: the pack has no state 99 (gameEnd)", fn)
	}
	m.pend(len(m.st.frames)-1, end, "end_game")
	return starlark.None, nil
}

func biCall(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	if len(args) != 1 {
		return nil, fmt.Errorf("%s: want the state to call, then its parameters by name", fn)
	}
	if err := m.needBody(fn); err != nil {
		return nil, err
	}
	var to *cstate
	switch v := args[0].(type) {
	case starlark.String:
		to = m.p.byName[string(v)]
	case starlark.Int:
		n, _ := v.Int64()
		for _, s := range m.p.states {
			if int64(s.id) == n {
				to = s
			}
		}
	}
	if to == nil {
		if _, isInt := args[0].(starlark.Int); isInt {
			return nil, fmt.Errorf("%s(%s): no state has id %s", fn, args[0], args[0])
		}
		return nil, fmt.Errorf("%s(%s): no state is named %s", fn, args[0], args[0])
	}
	if m.ctx.call != nil {
		return nil, fmt.Errorf("%s(%s): this body already called %s; a body calls one state", fn, to.name, m.ctx.call.st.name)
	}
	vals := append([]starlark.Value(nil), to.defaults...)
	if len(vals) < len(to.params) {
		vals = make([]starlark.Value, len(to.params))
	}
	set := make([]bool, len(to.params))
	for _, kv := range kw {
		name := string(kv[0].(starlark.String))
		found := false
		for i, p := range to.params {
			if p.Name == name {
				v := kv[1]
				if why := typeCheck(p.Type, v); why != "" {
					return nil, fmt.Errorf("%s(%s): parameter %s: %s", fn, to.name, name, why)
				}
				v.Freeze()
				vals[i], set[i], found = v, true, true
			}
		}
		if !found {
			return nil, fmt.Errorf("%s(%s): the state has no parameter %q", fn, to.name, name)
		}
	}
	for i, p := range to.params {
		if !set[i] && p.Default == nil {
			return nil, fmt.Errorf("%s(%s): missing parameter %s", fn, to.name, p.Name)
		}
		if vals[i] == nil {
			vals[i] = starlark.None
		}
	}
	m.ctx.call = &callReq{st: to, params: vals}
	return starlark.None, nil
}

func biEndTurn(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var p starlark.Value = starlark.None
	if err := starlark.UnpackPositionalArgs(fn, args, kw, 0, &p); err != nil {
		return nil, err
	}
	if err := m.needBody(fn); err != nil {
		return nil, err
	}
	seat := m.ctx.seat
	if p != starlark.None {
		var err error
		if seat, err = m.seatOf(fn, p); err != nil {
			return nil, err
		}
	}
	m.endTurn(m.ctx.frame, seat)
	return starlark.None, nil
}

func biSetActive(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	p, err := onlyArg(fn, args, kw)
	if err != nil {
		return nil, err
	}
	if err := m.needBody(fn); err != nil {
		return nil, err
	}
	seat, err := m.seatOf(fn, p)
	if err != nil {
		return nil, err
	}
	m.st.active = seat
	m.logWrite(rdActive, 0)
	return m.pvals[seat], nil
}

func biActivateNext(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	if len(args)+len(kw) > 0 {
		return nil, fmt.Errorf("%s: want no arguments", fn)
	}
	if err := m.needBody(fn); err != nil {
		return nil, err
	}
	m.st.active = (m.st.active + 1) % m.seats
	m.logWrite(rdActive, 0)
	return m.pvals[m.st.active], nil
}

func biPlayerAfter(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	p, err := onlyArg(fn, args, kw)
	if err != nil {
		return nil, err
	}
	seat, err := m.seatOf(fn, p)
	if err != nil {
		return nil, err
	}
	return m.pvals[(seat+1)%m.seats], nil
}

func biPlayerNo(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var n int
	if err := starlark.UnpackPositionalArgs(fn, args, kw, 1, &n); err != nil {
		return nil, err
	}
	if n < 1 || n > m.seats {
		return nil, fmt.Errorf("%s: no player %d", fn, n)
	}
	return m.pvals[n-1], nil
}

func biAllMulti(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	if err := starlark.UnpackPositionalArgs(fn, args, kw, 0); err != nil {
		return nil, err
	}
	if err := m.needBody(fn); err != nil {
		return nil, err
	}
	m.st.multi = 1<<m.seats - 1
	m.logWrite(rdMulti, 0)
	m.clearEnded(len(m.st.frames) - 1)
	return starlark.None, nil
}

func biSetMulti(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	ps, err := iterableArg(fn, args, kw)
	if err != nil {
		return nil, err
	}
	if err := m.needBody(fn); err != nil {
		return nil, err
	}
	set, err := m.seatsIn(fn, ps)
	if err != nil {
		return nil, err
	}
	m.st.multi = set
	m.logWrite(rdMulti, 0)
	return starlark.None, nil
}

// iterableArg reads a builtin's one iterable argument as
// UnpackPositionalArgs does, without making it escape when it is all the
// call has.
func iterableArg(fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Iterable, error) {
	if len(args) == 1 && len(kw) == 0 {
		if it, ok := args[0].(starlark.Iterable); ok {
			return it, nil
		}
	}
	var it starlark.Iterable
	err := starlark.UnpackPositionalArgs(fn, args, kw, 1, &it)
	return it, err
}

// seatsIn returns the seats of the players ps holds, a bit each. A list
// or a tuple is read by index, without the iterator Iterate makes (seatOf
// changes no list).
func (m *Match) seatsIn(fn string, ps starlark.Iterable) (uint64, error) {
	var set uint64
	add := func(v starlark.Value) error {
		s, err := m.seatOf(fn, v)
		if err == nil {
			set |= 1 << s
		}
		return err
	}
	switch x := ps.(type) {
	case *starlark.List:
		for i := range x.Len() {
			if err := add(x.Index(i)); err != nil {
				return 0, err
			}
		}
	case starlark.Tuple:
		for _, v := range x {
			if err := add(v); err != nil {
				return 0, err
			}
		}
	default:
		it := ps.Iterate()
		defer it.Done()
		var v starlark.Value
		for it.Next(&v) {
			if err := add(v); err != nil {
				return 0, err
			}
		}
	}
	return set, nil
}

func biIsMulti(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	p, err := onlyArg(fn, args, kw)
	if err != nil {
		return nil, err
	}
	s, err := m.seatOf(fn, p)
	if err != nil {
		return nil, err
	}
	m.note(rdMulti, 0, m.st.multi)
	return starlark.Bool(m.st.multi&(1<<s) != 0), nil
}

// deactivateArgs reads deactivate's arguments as UnpackPositionalArgs does,
// without making them escape when the player is all the call has.
func deactivateArgs(fn string, args starlark.Tuple, kw []starlark.Tuple) (p starlark.Value, trans string, err error) {
	if len(args) == 1 && len(kw) == 0 {
		return args[0], "", nil
	}
	var pv starlark.Value
	tr := ""
	err = starlark.UnpackPositionalArgs(fn, args, kw, 1, &pv, &tr)
	return pv, tr, err
}

// deactivate(player, transition="") is BGA's setPlayerNonMultiactive: the
// player leaves the multiactive set; when the set is empty, the state takes
// the transition.
func biDeactivate(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	p, trans, err := deactivateArgs(fn, args, kw)
	if err != nil {
		return nil, err
	}
	if err := m.needBody(fn); err != nil {
		return nil, err
	}
	s, err := m.seatOf(fn, p)
	if err != nil {
		return nil, err
	}
	m.st.multi &^= 1 << s
	m.logWrite(rdMulti, 0)
	// The multiactive state is the frame the body belongs to (or the top).
	i := min(m.ctx.frame, len(m.st.frames)-1)
	if f := m.frameAt(i); f.priv != nil && f.priv[s] >= 0 {
		m.setPrivate(i, s, -1)
	}
	if cs := m.frameAt(i).st; m.st.multi == 0 && !(trans == "" && len(cs.trans) == 0) {
		to, ok := cs.transition(trans)
		if !ok {
			return nil, fmt.Errorf("%s(%s, %q): state %s has no such transition (%s)", fn, p, trans, cs.name, transNames(cs))
		}
		m.pend(i, to, trans)
	}
	return starlark.None, nil
}

// rand64 returns the match's next random number (splitmix64 on the match state).
func (m *Match) rand64() uint64 {
	m.st.rng += 0x9E3779B97F4A7C15
	z := m.st.rng
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// intn returns a uniform int in [0, n).
func (m *Match) intn(n int) int {
	if n <= 1 {
		return 0
	}
	return int(m.rand64() % uint64(n))
}

func biRand(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var n int
	if err := starlark.UnpackPositionalArgs(fn, args, kw, 1, &n); err != nil {
		return nil, err
	}
	if err := m.needBody(fn); err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, fmt.Errorf("%s(%d): want n >= 1", fn, n)
	}
	r := m.intn(n)
	if m.rec {
		e := Event{Kind: EvRandom, Name: "rand"}
		if m.texting() {
			e.Detail = fmt.Sprintf("%d of %d", r, n)
		}
		m.emit(e)
	}
	return starlark.MakeInt(r), nil
}

func biShuffle(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	it, ok := oneIterable(args, kw)
	if !ok {
		var x starlark.Iterable // its own variable: only this rare path makes it escape
		if err := starlark.UnpackPositionalArgs(fn, args, kw, 1, &x); err != nil {
			return nil, err
		}
		it = x
	}
	if err := m.needBody(fn); err != nil {
		return nil, err
	}
	if err := m.mem.charge(elems(int(length(it)))); err != nil {
		return nil, err
	}
	vs := items(it)
	m.shuffle(len(vs), func(i, j int) { vs[i], vs[j] = vs[j], vs[i] })
	if m.rec {
		e := Event{Kind: EvRandom, Name: "shuffle"}
		if m.texting() {
			e.Detail = fmt.Sprintf("%d items", len(vs))
		}
		m.emit(e)
	}
	return starlark.NewList(vs), nil
}

// oneIterable returns a builtin's only argument when it is iterable,
// without UnpackPositionalArgs's allocation of a pointer to it.
func oneIterable(args starlark.Tuple, kw []starlark.Tuple) (starlark.Iterable, bool) {
	if len(args) != 1 || len(kw) != 0 {
		return nil, false
	}
	it, ok := args[0].(starlark.Iterable)
	return it, ok
}

// items returns the items of it in a new array, made at once for a list
// or tuple (read by index: no iterator, no growing array).
func items(it starlark.Iterable) []starlark.Value {
	if x, ok := it.(starlark.Indexable); ok {
		vs := make([]starlark.Value, x.Len())
		for i := range vs {
			vs[i] = x.Index(i)
		}
		return vs
	}
	var vs []starlark.Value
	iter := it.Iterate()
	var v starlark.Value
	for iter.Next(&v) {
		vs = append(vs, v)
	}
	iter.Done()
	return vs
}

func (m *Match) shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, m.intn(i+1))
	}
}

func unpackName(fn string, args starlark.Tuple, kw []starlark.Tuple) (string, error) {
	name := ""
	err := starlark.UnpackPositionalArgs(fn, args, kw, 0, &name)
	return name, err
}

// onlyArg reads a builtin's one positional argument as
// UnpackPositionalArgs would, without the allocation of its pointer when it
// is there (set_active and is_multiactive are called at every turn).
func onlyArg(fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	if len(args) == 1 && len(kw) == 0 {
		return args[0], nil
	}
	var p starlark.Value
	err := starlark.UnpackPositionalArgs(fn, args, kw, 1, &p)
	return p, err
}

func oneString(args starlark.Tuple, kw []starlark.Tuple) (string, bool) {
	if len(args) != 1 || len(kw) != 0 {
		return "", false
	}
	s, ok := args[0].(starlark.String)
	return string(s), ok
}

// oneCallable returns the only argument when it is a callable, without the
// allocation of UnpackPositionalArgs.
func oneCallable(args starlark.Tuple, kw []starlark.Tuple) (starlark.Callable, bool) {
	if len(args) != 1 || len(kw) != 0 {
		return nil, false
	}
	c, ok := args[0].(starlark.Callable)
	return c, ok
}

func biNotify(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var to Audience
	for _, kv := range kw {
		if s, _ := kv[0].(starlark.String); s == "to" {
			a, err := notifyTo(fn, kv[1])
			if err != nil {
				return nil, err
			}
			to = a
		}
	}
	if !m.rec && m.pure == 0 && m.ctx.active && len(args) == 1 {
		return starlark.None, nil // nobody records notifications
	}
	// The message without UnpackPositionalArgs' allocation, which says why
	// when it is not one; kw are the message's arguments, not the call's.
	msg, ok := oneString(args, nil)
	if !ok {
		var s string // its own variable: &msg would put msg on the heap
		if err := starlark.UnpackPositionalArgs(fn, args, nil, 1, &s); err != nil {
			return nil, err
		}
		msg = s
	}
	if err := m.needBody(fn); err != nil {
		return nil, err
	}
	if m.rec && !m.texting() {
		m.emit(Event{Kind: EvNotify, Player: m.ctx.seat + 1, To: to})
	} else if m.rec {
		sort.Slice(kw, func(i, j int) bool { return kw[i][0].(starlark.String) < kw[j][0].(starlark.String) })
		var parts []string
		t := m.notifyText(msg, kw)
		for i, kv := range kw {
			k, s, p := string(kv[0].(starlark.String)), kv[1].String(), plain(kv[1])
			parts = append(parts, k+"="+s)
			msg = strings.ReplaceAll(msg, "${"+k+"}", p)
			t.arg(i, k, s, p)
		}
		e := Event{Kind: EvNotify, Player: m.ctx.seat + 1, Name: msg, Detail: strings.Join(parts, ", "), To: to}
		if t != nil {
			m.emitNoted(e, seatNote{text: t})
		} else {
			m.emit(e)
		}
	}
	m.notified()
	return starlark.None, nil
}

// notifyTo reads notify's to= (BGA's notifyPlayer): a player, whom alone
// the notification is for, or None (everyone).
func notifyTo(fn string, v starlark.Value) (Audience, error) {
	switch p := v.(type) {
	case *playerValue:
		return Audience{only: true, seats: 1 << p.seat}, nil
	case starlark.NoneType:
		return Audience{}, nil
	}
	return Audience{}, fmt.Errorf("%s: to= is a player, not %s", fn, v.Type())
}

func plain(v starlark.Value) string {
	if s, ok := v.(starlark.String); ok {
		return string(s)
	}
	if p, ok := v.(*playerValue); ok {
		return p.m.names[p.seat]
	}
	return v.String()
}

// before(fn) calls fn as it would have answered at the start of the last step
// (SEMANTICS.md: history). fn must be pure.
func biBefore(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	f, ok := oneCallable(args, kw)
	if !ok {
		var c starlark.Callable // its own variable: only this rare path makes it escape
		if err := starlark.UnpackPositionalArgs(fn, args, kw, 1, &c); err != nil {
			return nil, err
		}
		f = c
	}
	cur := m.st
	if m.cur == nil {
		m.cur = cur
	}
	m.st = m.prev
	m.pure++
	if m.pure == 1 {
		m.pureWhat = "before()"
	}
	v, err := starlark.Call(m.thread, f, nil, nil)
	m.pure--
	m.st = cur
	if m.cur == cur {
		m.cur = nil
	}
	if m.beforeLog != nil && err == nil {
		*m.beforeLog = append(*m.beforeLog, v.String())
	}
	return v, err
}
