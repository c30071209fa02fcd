package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rulestudio/studio/graph"
	"go.starlark.net/syntax"
)

// Static warnings about hidden information (rule "hidden"): what `studio
// leaks` would find by playing, read from the code where it can be: a tag
// every seat sees that a while clause grants from cards some seat cannot
// see, a public variable assigned a face of such a card, an args entry
// showing one, a notification to every seat naming one. A card is read from a hidden place when the code names the
// place: deck.cards("hand", p), deck.top("deck"), deck.pick(n, p) (into a
// hand), deck.pick_for_location(n, from, "removed"), for a location the
// pack's visibility does not show to every seat. Faces flow as FaceFlow
// says (faceflow.go).

// hiddenWarnings reports the warnings of rule "hidden".
func (a *analyzer) hiddenWarnings() {
	p := a.c.p
	p.units, p.scripts = a.c.units, a.c.scripts
	hidden := func(loc string) bool { return a.pack.LocationSight(loc) != graph.SeenByEveryone }
	for _, t := range a.pack.ObjectTypes {
		a.grantedFromHidden(t.Clauses.While, hidden)
	}
	for _, s := range a.pack.States {
		if s.Clauses != nil {
			a.grantedFromHidden(s.Clauses.While, hidden)
		}
		if !s.Args.IsZero() {
			a.argsFromHidden(s, hidden)
		}
	}
	look := func(fn *syntax.DefStmt) {
		if fn == nil {
			return
		}
		fl := p.flowOf(fn, 0, hidden, nil)
		syntax.Walk(fn, func(n syntax.Node) bool {
			if call, ok := n.(*syntax.CallExpr); ok {
				if x := notifiedFace(call, fl); x != nil {
					start, _ := call.Span()
					a.report(graph.Warning, "hidden", gpos(start), "notify shows every seat a face of a card some seats cannot see (%s): give it to=player for the seat that may see it, or show the card first (reveal)",
						fl.where(x, fn))
				}
				return true
			}
			as, ok := n.(*syntax.AssignStmt)
			if !ok {
				return true
			}
			dot, ok := as.LHS.(*syntax.DotExpr)
			if !ok || a.pack.PrivateVariable(dot.Name.Name) || !fl.carries(as.RHS) {
				return true
			}
			start, _ := as.Span()
			owner := "a variable"
			if id, ok := dot.X.(*syntax.Ident); ok {
				owner = id.Name + "." + dot.Name.Name
			}
			a.report(graph.Warning, "hidden", gpos(start), "%s is public and is given a face of a card some seats cannot see (%s): every seat sees it; declare it private (visibility: variables) or keep the card where the pack hides it",
				owner, fl.where(as.RHS, fn))
			return true
		})
	}
	for _, u := range a.c.units {
		look(u.fn)
	}
	for _, name := range sortedKeys(a.c.scripts) {
		look(a.c.scripts[name])
	}
}

// notifiedFace returns the argument of call, a notify to every seat (no
// to=, or to=None), that carries a face of a hidden card; nil when call is
// no such notify or none does.
func notifiedFace(call *syntax.CallExpr, fl *flow) syntax.Expr {
	if id, ok := call.Fn.(*syntax.Ident); !ok || id.Name != "notify" {
		return nil
	}
	var face syntax.Expr
	for _, arg := range call.Args {
		x := arg
		if kw, ok := arg.(*syntax.BinaryExpr); ok && kw.Op == syntax.EQ {
			if k, ok := kw.X.(*syntax.Ident); ok && k.Name == "to" {
				if v, ok := kw.Y.(*syntax.Ident); !ok || v.Name != "None" {
					return nil // one seat's: what it may see is the rules' call
				}
				continue
			}
			x = kw.Y
		}
		if face == nil && fl.carries(x) {
			face = x
		}
	}
	return face
}

// grantedFromHidden warns of each public tag a while clause of ws grants
// from cards some seat cannot see.
func (a *analyzer) grantedFromHidden(ws []*graph.While, hidden func(string) bool) {
	for _, w := range ws {
		u := a.unitAt(w.Condition.Pos)
		if u == nil {
			continue
		}
		fl := a.c.p.flowOf(u.fn, 0, hidden, nil)
		loc := fl.reads(u.fn, 0)
		if loc == "" {
			continue
		}
		for _, t := range w.Target {
			if _, isTag := a.c.p.tags[t]; isTag && !a.pack.PrivateTag(t) {
				a.report(graph.Warning, "hidden", w.Condition.Pos, "tag %s is granted by while %s from cards some seats cannot see (%s), and every seat sees the tag: declare it private (visibility: tags) or grant it from what every seat sees",
					t, w.Name, loc)
			}
		}
	}
}

// argsFromHidden warns of each entry of state s's args that shows every
// seat a face of a card some seat cannot see.
func (a *analyzer) argsFromHidden(s *graph.State, hidden func(string) bool) {
	u := a.unitAt(s.Args.Pos)
	if u == nil {
		return
	}
	fn := u.fn
	if u.named != "" {
		fn = a.c.scripts[u.named]
	}
	ret := firstReturn(fn)
	if fn == nil || ret == nil || ret.Result == nil {
		return
	}
	fl := a.c.p.flowOf(fn, 0, hidden, nil)
	warn := func(pos graph.Pos, key string, e syntax.Expr) {
		a.report(graph.Warning, "hidden", pos, "state %s: args %s shows every seat a face of a card some seats cannot see (%s): put it under _private for the seat that may see it",
			s.Name, key, fl.where(e, fn))
	}
	if d, ok := unparen(ret.Result).(*syntax.DictExpr); ok {
		for _, x := range d.List {
			de := x.(*syntax.DictEntry)
			key := "entry"
			if lit, ok := de.Key.(*syntax.Literal); ok {
				key = fmt.Sprint(lit.Value)
			}
			if key == "_private" || !fl.carries(de.Value) {
				continue
			}
			start, _ := de.Key.Span()
			warn(gpos(start), key, de.Value)
		}
		return
	}
	if fl.carries(ret.Result) {
		warn(s.Args.Pos, "", ret.Result) // the whole dict
	}
}

// unitAt returns the piece of code written at pos, nil when none compiled.
func (a *analyzer) unitAt(pos graph.Pos) *unit {
	for i := range a.c.units {
		if u := &a.c.units[i]; u.code.Pos == pos && (u.fn != nil || u.named != "") {
			if u.fn == nil {
				return &unit{what: u.what, code: u.code, named: u.named, fn: a.c.scripts[u.named]}
			}
			return u
		}
	}
	return nil
}

// hiddenLoc returns the hidden location a deck method's call reads cards
// from, by its literal name; "" when none or when the code does not say.
func (fl *flow) hiddenLoc(method string, args []syntax.Expr) string {
	arg := func(i int, kw string) string { // the i-th positional argument, or keyword kw
		var v syntax.Expr
		pos := 0
		for _, a := range args {
			if b, ok := a.(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
				if id, ok := b.X.(*syntax.Ident); ok && id.Name == kw {
					v = b.Y
				}
				continue
			}
			if pos == i {
				v = a
			}
			pos++
		}
		if lit, ok := v.(*syntax.Literal); ok {
			if s, ok := lit.Value.(string); ok {
				return s
			}
		}
		return ""
	}
	var loc string
	switch method {
	case "cards", "top":
		loc = arg(0, "location")
	case "pick":
		loc = "hand"
	case "pick_for_location":
		loc = arg(2, "to")
	}
	if loc != "" && fl.hidden != nil && fl.hidden(loc) {
		return loc
	}
	return ""
}

// where names the hidden locations e reads cards from (else those its
// function fn reads, through its locals), for a message.
func (fl *flow) where(e syntax.Node, fn *syntax.DefStmt) string {
	if loc := fl.reads(e, 0); loc != "" {
		return "from " + loc
	}
	return "from " + fl.reads(fn, 0)
}

// reads returns the first hidden location n reads cards from, following
// the scripts' functions it calls; "" when it reads none.
func (fl *flow) reads(n syntax.Node, depth int) string {
	var locs []string
	syntax.Walk(n, func(x syntax.Node) bool {
		c, ok := x.(*syntax.CallExpr)
		if !ok {
			return true
		}
		switch fn := c.Fn.(type) {
		case *syntax.DotExpr:
			if loc := fl.hiddenLoc(fn.Name.Name, c.Args); loc != "" {
				locs = append(locs, loc)
			}
		case *syntax.Ident:
			if d := fl.p.scripts[fn.Name]; d != nil && depth < 4 {
				if loc := fl.reads(d, depth+1); loc != "" {
					locs = append(locs, loc)
				}
			}
		}
		return true
	})
	return strings.Join(dedupe(locs), ", ")
}

func dedupe(xs []string) []string {
	var out []string
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}
