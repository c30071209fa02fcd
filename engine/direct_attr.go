package engine

import (
	"errors"
	"slices"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// attrSite is one x.name read of direct code, for when x is an object: the
// index of the variable name is in each object type (by ctype.idx), -1 where
// name is not a variable of it (a property, a method, an undeclared variable,
// nothing). Conditions read a variable of every object objects() lists (the
// seed effects' c.zone), so the read goes straight to the value instead of
// through objectValue.Attr's names and the type's list of attributes.
type attrSite struct {
	name string
	vars []int32 // nil until resolveAttrs: every read takes Attr's way
	// plain: no while clause of the program targets name, so no wrapper
	// can be on it and a read skips the look for one (Match.wrapped)
	plain bool
}

// attrSite returns the site of a read of name, nil for the attributes every
// object has (id, type, has_tag...), which Attr answers itself.
func (dc *directCompiler) attrSite(name string) *attrSite {
	switch name {
	case "id", "type", "has_tag", "add_tag", "remove_tag":
		return nil
	}
	s := &attrSite{name: name}
	dc.sites = append(dc.sites, s)
	return s
}

// resolveAttrs fills every site's indices from the program's object types,
// once they are prepared and before any match runs (a site compiled later,
// by the debugger's console, keeps Attr's way).
func (dc *directCompiler) resolveAttrs(p *Program) {
	types := p.types
	for _, s := range dc.sites {
		s.plain = !p.wrapsName(s.name)
		s.vars = make([]int32, len(types))
		for _, t := range types {
			s.vars[t.idx] = -1
			if i, ok := t.attr(s.name); ok && i >= 0 {
				s.vars[t.idx] = int32(i)
			}
		}
	}
	dc.sites = nil
}

// read reads o.name as getAttr does when name is a variable of o's type:
// its value, rebound to m, through the wrappers on it. found is false when
// getAttr must answer: the object is gone, name is not a variable of its
// type, or a wrapper failed with an error getAttr words itself.
func (s *attrSite) read(m *Match, o *objectValue) (v starlark.Value, found bool, err error) {
	ob := m.obj(o.id)
	if ob == nil || ob.typ.idx >= len(s.vars) {
		return nil, false, nil
	}
	i := s.vars[ob.typ.idx]
	if i < 0 {
		return nil, false, nil
	}
	if s.plain {
		return m.rebind(ob.vars[i]), true, nil
	}
	v, err = m.wrapped(o.id, s.name, m.rebind(ob.vars[i]))
	if err != nil {
		var nsa starlark.NoSuchAttrError
		if errors.As(err, &nsa) {
			return nil, false, nil
		}
		return nil, false, err
	}
	return v, true, nil
}

// attrNamer is a value that answers whether a name is among its AttrNames
// without making them, noting the reads AttrNames notes: game and player,
// whose names include variables assigned as a match goes.
type attrNamer interface {
	hasAttrName(name string) bool
}

// inDir compiles name in dir(x) (and not in), how code asks whether a
// variable was assigned ("turns" in dir(game)), as a look through x's
// AttrNames: the answer dir's sorted list of boxed names would give,
// without making it. nil when e is not of that form.
func (fc *funcCompiler) inDir(e *syntax.BinaryExpr) dexpr {
	if e.Op != syntax.IN && e.Op != syntax.NOT_IN {
		return nil
	}
	call, ok := unparen(e.Y).(*syntax.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	id, ok := unparen(call.Fn).(*syntax.Ident)
	if !ok || id.Name != "dir" {
		return nil
	}
	if b, ok := id.Binding.(*resolve.Binding); !ok || b.Scope != resolve.Universal {
		return nil
	}
	if _, ok := call.Args[0].(*syntax.BinaryExpr); ok {
		return nil // dir(k=v): dir's own error
	}
	if _, ok := call.Args[0].(*syntax.UnaryExpr); ok {
		return nil // dir(*xs)
	}
	needle := fc.expr(e.X)
	fc.steps += stepsPerNode // the call's node, as expr would count it
	arg := fc.expr(call.Args[0])
	if needle == nil || arg == nil {
		return nil
	}
	in := e.Op == syntax.IN
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		n, err := needle(m, l)
		if err != nil {
			return nil, err
		}
		x, err := arg(m, l)
		if err != nil {
			return nil, err
		}
		found := false
		if an, ok := x.(attrNamer); ok {
			if s, ok := n.(starlark.String); ok {
				found = an.hasAttrName(string(s))
			} else {
				an.hasAttrName("") // the reads AttrNames notes
			}
		} else if ha, ok := x.(starlark.HasAttrs); ok {
			names := ha.AttrNames() // what it reads is noted, as dir's call notes it
			if s, ok := n.(starlark.String); ok {
				found = slices.Contains(names, string(s))
			}
		}
		return starlark.Bool(found == in), nil
	}
}
