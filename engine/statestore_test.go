package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// stateKeepers are the places of the package's source that store a state
// (*mstate, or an mstate copied whole) or a state stack ([]frame) anywhere
// but in a local variable, and the fields that can hold one, each with why reusing the past a step
// drops (statereuse.go) cannot change what it reads. A store or a field not
// listed fails TestStatesStoredOnlyByKeepers: a state kept beyond its step
// must be held (Match.hold) before it is listed here.
var stateKeepers = map[string]string{
	// Fields that can hold a state.
	"field Match.st":        "the present: never dropped (dropPast skips it)",
	"field Match.prev":      "the past the step reads: dropped by endStep only, when the next step's start replaces it",
	"field Match.next":      "the running step's start: becomes prev at endStep",
	"field Match.cur":       "the present while before() reads the past, within a step",
	"field Match.spare":     "the dropped past itself, until the next snapshot takes it",
	"field Match.history0":  "the first state: never dropped (dropPast skips it)",
	"field Match.history":   "with history, which reuses nothing",
	"field Match.starts":    "with history, which reuses nothing",
	"field execItem.past":   "a trigger's pending body: held by fire",
	"field undoState.saved": "held by save",
	"field undoState.prev":  "held by undoPoint",
	"field perft.states":    "perft's own states, reused without snapshots (recycle.go)",
	"field blockParts.st":   "a new match's first state (matchblock.go), its history0 when it snapshots",

	"field mstate.frames":     "a state's stack: shared by its copies until one writes (frames.go)",
	"field spares.frameLists": "dead stacks: perft's lines' (recycle.go), or a dropped past's (deadFrames)",

	// Stores, by function.
	"(*Match).snapshot: Match.st":             "the copy the match goes on in",
	"(*Match).newState: Match.spare":          "taken for the snapshot",
	"(*Match).dropPast: Match.spare":          "not held, not history0, not the present nor the past",
	"(*Match).setPrev: Match.prev":            "the one writer of the past (writelog.go notes its log position): endStep's step start replacing the past dropped, step's pending body's past (held by fire) while it runs and back, rederive's snapshot of the determinized copy's own",
	"(*Match).endStep: Match.next":            "nil",
	"(*Match).endStep: append Match.history":  "with history",
	"(*Match).endStep: append Match.starts":   "with history",
	"(*Match).beginStep: Match.next":          "the snapshot: the step's start",
	"(*Program).NewMatch: Match.st":           "the first state",
	"(*Program).NewMatch: Match.history0":     "never dropped",
	"(*Program).NewMatch: Match.prev":         "history0",
	"(*Match).restore: Match.st":              "a saved state, held by save, copied at once",
	"(*Match).undo: Match.prev":               "the undo point's past, held by undoPoint",
	"(*Match).undo: Match.history":            "cut back",
	"(*Match).undo: Match.starts":             "cut back",
	"(*Match).undoPoint: undoState{}":         "holds both",
	"(*Match).fire: execItem.past":            "held just after",
	"(*perft).walk: *mstate":                  "perft's own state, a copy of s (held)",
	"(*perft).walk: append perft.states":      "perft's own",
	"(*perft).walk: Match.st":                 "s, held, copied at once; or perft's own",
	"(*perft).walk: Match.prev":               "prev, held",
	"biBefore: Match.st":                      "the past while before() runs, and back",
	"biBefore: Match.cur":                     "the present meanwhile",
	"(*funcCompiler).beforeLambda: Match.st":  "as biBefore",
	"(*funcCompiler).beforeLambda: Match.cur": "as biBefore",
	"(*Match).newState: *mstate":              "the copy, in the dropped past",
	"(*Match).endStep: Match.history":         "with history",
	"(*Match).endStep: Match.starts":          "with history",
	"(*perft).walk: perft.states":             "perft's own",
	"(*Match).At: Match.prev":                 "with history",
	"(*Match).Fork: Match.prev":               "the match's past, held",
	"(*Match).fork: Match{}":                  "history0, never dropped",
	"(*Match).fork: Match.st":                 "held",
	"(*Match).fork: Match.prev":               "held",
	"(*Match).share: Match.history":           "with history",
	"(*Match).share: Match.starts":            "with history",

	// State stacks, by function: a state's own, or a dead one.
	"(*Match).frameW: mstate.frames":                   "the state's own copy",
	"(*Match).framesW: mstate.frames":                  "the state's own copy",
	"(*Match).pushState: mstate.frames":                "the state's own copy, grown",
	"(*Match).pushState: append m.framesW()":           "the state's own copy",
	"(*Match).popFrame: mstate.frames":                 "the state's own copy",
	"(*Program).NewMatch: mstate.frames":               "the first state's",
	"(*matchBlock).firstFrame: []frame{}":              "the first state's",
	"(*spares).recycle: spares.frameLists":             "a dead line's (recycle.go)",
	"(*spares).recycle: append spares.frameLists":      "a dead line's (recycle.go)",
	"(*Match).cloneFrames: spares.frameLists":          "taken",
	"(*Match).cloneFrames: append spares.frameLists[]": "taken",
	"(*Match).dropPast: spares.frameLists":             "a dropped past's, when deadFrames",
	"(*Match).dropPast: append spares.frameLists[:]":   "a dropped past's, when deadFrames",
	"(*spares).release: spares{}":                      "a released match's, emptied: its dead stacks cleared from the array kept",
}

// TestStatesStoredOnlyByKeepers: a step's snapshot reuses the struct of the
// past the step before stopped reading unless something held it
// (statereuse.go), so whatever keeps a state must hold it. This reads the
// package's source and fails on any store of a state, and any field that
// can hold one, not in stateKeepers, and on entries of stateKeepers no
// longer found (so that the list stays the true one).
func TestStatesStoredOnlyByKeepers(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
	}
	// The package's own types are all a state is: imports are left
	// unresolved (their errors ignored) so that the test reads this package
	// alone.
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: emptyImporter{}, Error: func(error) {}}
	pkg, _ := conf.Check("engine", fset, parsed, info)
	mst := pkg.Scope().Lookup("mstate").Type()
	found := map[string]bool{}
	report := func(key string, pos token.Pos) {
		found[key] = true
		if _, ok := stateKeepers[key]; !ok {
			t.Errorf("%s: %s: a state stored outside the keepers listed in stateKeepers: "+
				"a step reuses the past it drops (statereuse.go); hold what is kept (Match.hold), then list it", fset.Position(pos), key)
		}
	}
	// Fields.
	for _, name := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := 0; i < st.NumFields(); i++ {
			if f := st.Field(i); holdsState(f.Type(), mst) {
				report("field "+name+"."+f.Name(), f.Pos())
			}
		}
	}
	// Stores.
	for _, f := range parsed {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn := funcName(fd)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					for _, l := range n.Lhs {
						if tv, ok := info.Types[l]; ok && holdsState(tv.Type, mst) && !isLocal(l, info) {
							report(fn+": "+storeName(l, info), n.Pos())
						}
					}
				case *ast.CompositeLit:
					if tv, ok := info.Types[n]; ok && compositeHolds(n, tv.Type, mst) {
						report(fn+": "+typeName(tv.Type)+"{}", n.Pos())
					}
				case *ast.CallExpr:
					if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "append" && len(n.Args) > 1 {
						if tv, ok := info.Types[n.Args[0]]; ok && holdsState(tv.Type, mst) {
							report(fn+": append "+storeName(n.Args[0], info), n.Pos())
						}
					}
				case *ast.SendStmt:
					report(fn+": send", n.Pos())
				}
				return true
			})
		}
	}
	var stale []string
	for k := range stateKeepers {
		if !found[k] {
			stale = append(stale, k)
		}
	}
	sort.Strings(stale)
	for _, k := range stale {
		t.Errorf("stateKeepers lists %q, no longer in the source", k)
	}
}

type emptyImporter struct{}

func (emptyImporter) Import(path string) (*types.Package, error) {
	return types.NewPackage(path, filepath.Base(path)), nil
}

// holdsState reports whether a value of type t is or directly holds a
// state: *mstate, mstate, or a slice, array, map or channel of them.
func holdsState(t types.Type, mst types.Type) bool {
	if s, ok := t.(*types.Slice); ok && s.Elem().String() == "engine.frame" {
		return true // a state stack (deadFrames takes a dropped past's)
	}
	switch u := t.(type) {
	case *types.Pointer:
		return types.Identical(u.Elem(), mst)
	case *types.Slice:
		return holdsState(u.Elem(), mst)
	case *types.Array:
		return holdsState(u.Elem(), mst)
	case *types.Map:
		return holdsState(u.Elem(), mst) || holdsState(u.Key(), mst)
	case *types.Chan:
		return holdsState(u.Elem(), mst)
	}
	return types.Identical(t, mst)
}

// compositeHolds reports whether the composite literal lit, of type t,
// gives a state: a value to a struct's field that holds one, or an element
// of a list of states.
func compositeHolds(lit *ast.CompositeLit, t types.Type, mst types.Type) bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return len(lit.Elts) > 0 && holdsState(t, mst)
	}
	for i, e := range lit.Elts {
		f := -1
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			for j := 0; j < st.NumFields(); j++ {
				if id, ok := kv.Key.(*ast.Ident); ok && st.Field(j).Name() == id.Name {
					f = j
				}
			}
		} else {
			f = i
		}
		if f >= 0 && holdsState(st.Field(f).Type(), mst) {
			return true
		}
	}
	return false
}

// isLocal reports whether e is a variable of the function (or blank).
func isLocal(e ast.Expr, info *types.Info) bool {
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	if id.Name == "_" {
		return true
	}
	obj := info.Defs[id]
	if obj == nil {
		obj = info.Uses[id]
	}
	v, ok := obj.(*types.Var)
	return ok && v.Parent() != nil && v.Parent() != v.Pkg().Scope()
}

// storeName names where e stores: Type.field, or *T for a store through a
// pointer.
func storeName(e ast.Expr, info *types.Info) string {
	switch e := e.(type) {
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok {
			return typeName(sel.Recv()) + "." + e.Sel.Name
		}
	case *ast.StarExpr:
		return "*" + typeName(info.Types[e.X].Type)
	case *ast.IndexExpr:
		return storeName(e.X, info) + "[]"
	case *ast.SliceExpr:
		return storeName(e.X, info) + "[:]"
	case *ast.Ident:
		return "package var " + e.Name
	}
	return types.ExprString(e)
}

// typeName is t's name without the package: Match for *Match.
func typeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		if _, named := p.Elem().(*types.Named); named {
			t = p.Elem()
		}
	}
	return types.TypeString(t, func(*types.Package) string { return "" })
}

// funcName is fd's name with its receiver's type: (*Match).step.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	return "(" + types.ExprString(fd.Recv.List[0].Type) + ")." + fd.Name.Name
}
