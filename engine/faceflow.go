package engine

import (
	"maps"

	"github.com/rulestudio/studio/graph"
	"go.starlark.net/syntax"
)

// Face flows: whether the value a statement of the pack writes is computed
// from a card's face (its type, type_arg or identity, or a value looked up
// from them) or only from what comparisons and branches decide about it.
// The leak check asks it of a field that differs when what a seat cannot
// see is dealt again: a face reaching the field is a leak; an outcome (a
// guess's hit or miss, a comparison's loser) is what the rules announce.
//
// It reads the syntax of the code, within one function and through the
// return values of the scripts' functions it calls: a value carries a face
// when it is a card, a card's type, type_arg or id, or is made from one by
// arithmetic, indexing, containers, string building or calls; comparisons,
// not, len and the condition of a branch or of a conditional expression do
// not carry it (their outcome is not the face). Locals are followed
// without regard to order (a local assigned a face anywhere carries it
// everywhere), which can only call more things faces.

// faceAttrs are the attributes of a card that are its face.
var faceAttrs = map[string]bool{"type": true, "type_arg": true}

// cardMethods are the deck methods that give cards.
var cardMethods = map[string]bool{"top": true, "card": true, "cards": true, "pick": true, "pick_for_location": true}

// outcomeFns are builtins whose result says something about their
// arguments but is none of their values.
var outcomeFns = map[string]bool{"len": true, "bool": true, "any": true, "all": true, "type": true, "hasattr": true}

// flow holds what is known of one function's locals.
type flow struct {
	p     *Program
	cards map[string]bool // locals holding cards
	faces map[string]bool // locals holding faces
	depth int             // calls followed, against recursion
	// hidden, when set, limits the cards to those read from a location
	// it reports hidden from some seat, by a literal name (validate's
	// warnings, hiddenwarn.go); nil: every card.
	hidden func(loc string) bool
	// varFace, when set, says whether a variable of that name (of the
	// game, a player or an object) was last written a face: reading it
	// reads the face (Match.FaceFlow). nil: a variable read carries none.
	varFace func(name string) bool
}

// FaceFlow reports whether the statement of the pack's code at pos (a
// place [Match.Writer] or [Match.NotifyWriter] gives) writes a value that
// carries a card's face: the right-hand side of an assignment, the
// arguments of a call (notify's message arguments). found is false when no
// statement of the pack's code is there.
func (p *Program) FaceFlow(pos graph.Pos) (face, found bool) {
	return p.faceFlow(pos, nil)
}

func (p *Program) faceFlow(pos graph.Pos, varFace func(string) bool) (face, found bool) {
	fn, st := p.statementAt(pos)
	if st == nil {
		return false, false
	}
	fl := p.flowOf(fn, 0, nil, varFace)
	switch s := st.(type) {
	case *syntax.AssignStmt:
		return fl.carries(s.RHS), true
	case *syntax.ExprStmt:
		if c, ok := s.X.(*syntax.CallExpr); ok {
			for _, a := range c.Args {
				if b, ok := a.(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
					a = b.Y // a keyword argument's value
				}
				if fl.carries(a) {
					return true, true
				}
			}
			return false, true
		}
		return fl.carries(s.X), true
	case *syntax.ReturnStmt:
		return s.Result != nil && fl.carries(s.Result), true
	}
	return false, true
}

// ArgFaceFlow reports whether the args code at code (a state's args field)
// computes key's value from a card's face: the value of the dict entry
// key when the code writes its dict out, else the whole result.
func (p *Program) ArgFaceFlow(code graph.Pos, key string) bool {
	return p.argFaceFlow(code, key, nil)
}

func (p *Program) argFaceFlow(code graph.Pos, key string, varFace func(string) bool) bool {
	for _, u := range p.units {
		if u.fn == nil || u.code.Pos != code {
			continue
		}
		fl := p.flowOf(u.fn, 0, nil, varFace)
		ret := firstReturn(u.fn)
		if ret == nil || ret.Result == nil {
			return false
		}
		if e := dictEntry(ret.Result, key); e != nil {
			return fl.carries(e.Value)
		}
		return fl.carries(ret.Result)
	}
	return false
}

// dictKeyAt returns the place of key in the dict the code at code (an args
// field) writes out.
func (p *Program) dictKeyAt(code graph.Pos, key string) (graph.Pos, bool) {
	for _, u := range p.units {
		if u.fn == nil || u.code.Pos != code {
			continue
		}
		if ret := firstReturn(u.fn); ret != nil && ret.Result != nil {
			if e := dictEntry(ret.Result, key); e != nil {
				start, _ := e.Key.Span()
				return graph.Pos{Line: int(start.Line), Column: int(start.Col)}, true
			}
		}
	}
	return graph.Pos{}, false
}

func firstReturn(fn *syntax.DefStmt) *syntax.ReturnStmt {
	var ret *syntax.ReturnStmt
	syntax.Walk(fn, func(n syntax.Node) bool {
		if r, ok := n.(*syntax.ReturnStmt); ok && ret == nil {
			ret = r
		}
		return ret == nil
	})
	return ret
}

func dictEntry(e syntax.Expr, key string) *syntax.DictEntry {
	for {
		pe, ok := e.(*syntax.ParenExpr)
		if !ok {
			break
		}
		e = pe.X
	}
	d, ok := e.(*syntax.DictExpr)
	if !ok {
		return nil
	}
	for _, x := range d.List {
		de := x.(*syntax.DictEntry)
		if lit, ok := de.Key.(*syntax.Literal); ok && lit.Value == key {
			return de
		}
	}
	return nil
}

// statementAt returns the innermost simple statement (an assignment, an
// expression, a return) of the pack's code whose span holds pos, and the
// function it is in.
func (p *Program) statementAt(pos graph.Pos) (*syntax.DefStmt, syntax.Stmt) {
	var bestFn *syntax.DefStmt
	var best syntax.Stmt
	within := func(n syntax.Node) bool {
		start, end := n.Span()
		a := start.Line < int32(pos.Line) || start.Line == int32(pos.Line) && start.Col <= int32(pos.Column)
		b := end.Line > int32(pos.Line) || end.Line == int32(pos.Line) && end.Col >= int32(pos.Column)
		return a && b
	}
	look := func(fn *syntax.DefStmt) {
		if fn == nil || !within(fn) {
			return
		}
		syntax.Walk(fn, func(n syntax.Node) bool {
			switch n.(type) {
			case *syntax.AssignStmt, *syntax.ExprStmt, *syntax.ReturnStmt:
				if within(n) {
					best, bestFn = n.(syntax.Stmt), fn
				}
			}
			return true
		})
	}
	for _, u := range p.units {
		look(u.fn)
	}
	for _, d := range p.scripts {
		look(d)
	}
	return bestFn, best
}

// flowOf follows fn's locals: which hold cards and which faces.
func (p *Program) flowOf(fn *syntax.DefStmt, depth int, hidden func(string) bool, varFace func(string) bool) *flow {
	fl := &flow{p: p, cards: map[string]bool{}, faces: map[string]bool{}, depth: depth, hidden: hidden, varFace: varFace}
	if fn == nil {
		return fl
	}
	bind := func(lhs syntax.Expr, card, face bool) bool {
		changed := false
		var names func(e syntax.Expr)
		names = func(e syntax.Expr) {
			switch x := e.(type) {
			case *syntax.Ident:
				if card && !fl.cards[x.Name] {
					fl.cards[x.Name], changed = true, true
				}
				if face && !fl.faces[x.Name] {
					fl.faces[x.Name], changed = true, true
				}
			case *syntax.TupleExpr:
				for _, y := range x.List {
					names(y)
				}
			case *syntax.ListExpr:
				for _, y := range x.List {
					names(y)
				}
			case *syntax.ParenExpr:
				names(x.X)
			}
		}
		names(lhs)
		return changed
	}
	for range 8 { // to a fixpoint; deeper chains of locals are rare
		changed := false
		for _, st := range fn.Body {
			syntax.Walk(st, func(n syntax.Node) bool {
				switch x := n.(type) {
				case *syntax.AssignStmt:
					if bind(x.LHS, fl.cardish(x.RHS), fl.carries(x.RHS)) {
						changed = true
					}
				case *syntax.ForStmt:
					if bind(x.Vars, fl.cardish(x.X), fl.carries(x.X)) {
						changed = true
					}
				}
				return true
			})
		}
		if !changed {
			break
		}
	}
	return fl
}

// cardish reports whether e is a card or a container of cards.
func (fl *flow) cardish(e syntax.Expr) bool {
	switch x := e.(type) {
	case *syntax.Ident:
		return fl.cards[x.Name]
	case *syntax.ParenExpr:
		return fl.cardish(x.X)
	case *syntax.IndexExpr:
		return fl.cardish(x.X)
	case *syntax.SliceExpr:
		return fl.cardish(x.X)
	case *syntax.CallExpr:
		if d, ok := x.Fn.(*syntax.DotExpr); ok && cardMethods[d.Name.Name] {
			return fl.hidden == nil || fl.hiddenLoc(d.Name.Name, x.Args) != ""
		}
		if id, ok := x.Fn.(*syntax.Ident); ok && (id.Name == "sorted" || id.Name == "list" || id.Name == "reversed") && len(x.Args) > 0 {
			return fl.cardish(x.Args[0])
		}
	case *syntax.ListExpr:
		for _, y := range x.List {
			if fl.cardish(y) {
				return true
			}
		}
	case *syntax.Comprehension:
		return fl.within(x).cardish(x.Body) // a DictEntry body is no card
	}
	return false
}

// carries reports whether e's value carries a card's face.
func (fl *flow) carries(e syntax.Expr) bool {
	if e == nil {
		return false
	}
	if fl.cardish(e) {
		return true // a card's identity tells its face
	}
	switch x := e.(type) {
	case *syntax.Ident:
		return fl.faces[x.Name]
	case *syntax.Literal:
		return false
	case *syntax.ParenExpr:
		return fl.carries(x.X)
	case *syntax.DotExpr:
		if faceAttrs[x.Name.Name] || x.Name.Name == "id" {
			return fl.cardish(x.X)
		}
		if fl.cardish(x.X) {
			return false // a card's location: where it is, not which
		}
		return fl.carries(x.X) || fl.varFace != nil && fl.varFace(x.Name.Name)
	case *syntax.BinaryExpr:
		switch x.Op {
		case syntax.EQL, syntax.NEQ, syntax.LT, syntax.GT, syntax.LE, syntax.GE, syntax.IN, syntax.NOT_IN:
			return false // an outcome
		}
		return fl.carries(x.X) || fl.carries(x.Y)
	case *syntax.UnaryExpr:
		if x.Op == syntax.NOT {
			return false
		}
		return fl.carries(x.X)
	case *syntax.CondExpr:
		return fl.carries(x.True) || fl.carries(x.False)
	case *syntax.IndexExpr:
		return fl.carries(x.X) || fl.carries(x.Y)
	case *syntax.SliceExpr:
		return fl.carries(x.X)
	case *syntax.TupleExpr:
		return fl.any(x.List)
	case *syntax.ListExpr:
		return fl.any(x.List)
	case *syntax.DictExpr:
		for _, y := range x.List {
			de := y.(*syntax.DictEntry)
			if fl.carries(de.Key) || fl.carries(de.Value) {
				return true
			}
		}
	case *syntax.Comprehension:
		in := fl.within(x)
		if b, ok := x.Body.(*syntax.DictEntry); ok {
			return in.carries(b.Key) || in.carries(b.Value)
		}
		return in.carries(x.Body)
	case *syntax.CallExpr:
		return fl.callCarries(x)
	}
	return false
}

func (fl *flow) any(es []syntax.Expr) bool {
	for _, e := range es {
		if fl.carries(e) {
			return true
		}
	}
	return false
}

// callCarries reports whether a call's result carries a face: a builtin's
// when an argument does (but those saying only something about their
// arguments, such as len), a method's when its receiver or an argument
// does, a script function's when an argument does or its own returns do.
func (fl *flow) callCarries(c *syntax.CallExpr) bool {
	args := make([]syntax.Expr, len(c.Args))
	for i, a := range c.Args {
		if b, ok := a.(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
			a = b.Y
		}
		args[i] = a
	}
	switch fn := c.Fn.(type) {
	case *syntax.Ident:
		if outcomeFns[fn.Name] {
			return false
		}
		if fl.any(args) {
			return true
		}
		if d := fl.p.scripts[fn.Name]; d != nil && fl.depth < 4 {
			inner := fl.p.flowOf(d, fl.depth+1, fl.hidden, fl.varFace)
			face := false
			syntax.Walk(d, func(n syntax.Node) bool {
				if r, ok := n.(*syntax.ReturnStmt); ok && r.Result != nil && inner.carries(r.Result) {
					face = true
				}
				return !face
			})
			return face
		}
		return false
	case *syntax.DotExpr:
		if fn.Name.Name == "count" || fn.Name.Name == "has_tag" {
			return false
		}
		return fl.carries(fn.X) || fl.any(args)
	}
	return fl.any(args)
}

// StatementAt returns where the innermost simple statement of the pack's
// code holding pos begins (pos itself when none holds it): a place
// [Match.Writer] gives is the instruction's, inside the statement (the dot
// of game.x = ..., the parenthesis of notify(...)).
func (p *Program) StatementAt(pos graph.Pos) graph.Pos {
	if _, st := p.statementAt(pos); st != nil {
		start, _ := st.Span()
		return graph.Pos{Line: int(start.Line), Column: int(start.Col)}
	}
	return pos
}

// within returns the flow inside comprehension c: its for clauses' names
// are its own, holding cards or faces as what they range over does.
func (fl *flow) within(c *syntax.Comprehension) *flow {
	in := &flow{p: fl.p, cards: maps.Clone(fl.cards), faces: maps.Clone(fl.faces), depth: fl.depth, hidden: fl.hidden, varFace: fl.varFace}
	for _, cl := range c.Clauses {
		fc, ok := cl.(*syntax.ForClause)
		if !ok {
			continue
		}
		card, face := in.cardish(fc.X), in.carries(fc.X)
		var set func(e syntax.Expr)
		set = func(e syntax.Expr) {
			switch v := e.(type) {
			case *syntax.Ident:
				in.cards[v.Name], in.faces[v.Name] = card, face
			case *syntax.TupleExpr:
				for _, y := range v.List {
					set(y)
				}
			case *syntax.ParenExpr:
				set(v.X)
			}
		}
		set(fc.Vars)
	}
	return in
}
