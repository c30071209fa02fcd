package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// partWriters are the only places that write a state's seat or table parts
// (or the program's lists of the same names), by file and function ("" for
// any function of the file).
var partWriters = map[string]string{
	"state.go":      "", // seatsW, tablesW and the writers of each part
	"recycle.go":    "", // perft's spares, of dead lines
	"matchblock.go": "", // a new match's containers
	"match.go":      "NewMatch",
	"compile.go":    "", // the Program's boards and decks
}

// TestStatePartsWrittenInStateGo: a state's seat and table parts are
// embedded pointers (seatParts, tableParts) that snapshots share, so a write
// through one (st.scores[i] = ..., st.decks = ...) outside their writers
// would change every snapshot sharing it. Only the writers of partWriters
// assign to a part's field or an element of it.
func TestStatePartsWrittenInStateGo(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	found := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			allowed, ok := partWriters[name]
			allowed2 := ok && (allowed == "" || allowed == fd.Name.Name)
			ast.Inspect(fd, func(n ast.Node) bool {
				var lhs []ast.Expr
				switch n := n.(type) {
				case *ast.AssignStmt:
					lhs = n.Lhs
				case *ast.IncDecStmt:
					lhs = []ast.Expr{n.X}
				}
				for _, l := range lhs {
					if part := writtenPart(l); part != "" {
						found++
						if !allowed2 {
							t.Errorf("%s: %s written outside its writers (state.go)", fset.Position(l.Pos()), part)
						}
					}
				}
				return true
			})
		}
	}
	if found == 0 {
		t.Fatal("no write of a part found: the test looks at nothing")
	}
}

// writtenPart returns the part an assignment to e writes (x.scores,
// x.decks[i], ...), "" for none.
func writtenPart(e ast.Expr) string {
	if ix, ok := e.(*ast.IndexExpr); ok {
		e = ix.X
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	switch sel.Sel.Name {
	case "scores", "pvars", "pvers", "boards", "decks", "clocks":
		return sel.Sel.Name
	}
	return ""
}
