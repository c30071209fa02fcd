package engine

import (
	"errors"

	"go.starlark.net/starlark"
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
func (dc *directCompiler) resolveAttrs(types []*ctype) {
	for _, s := range dc.sites {
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
