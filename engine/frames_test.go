package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestFramesWrittenInFramesGo: the state stack holds frames by value, so a
// pointer to a frame goes stale when a write copies or grows the stack (see
// frames.go). Only frames.go takes a frame for writing (frameW, framesW) or
// writes an element of a stack, in writers that write at once; the rest of
// the engine writes a frame by its index through them and cannot keep a
// writable pointer across a call that copies the stack.
func TestFramesWrittenInFramesGo(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if name == "frames.go" || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "frameW" || sel.Sel.Name == "framesW") {
					t.Errorf("%s: %s outside frames.go", fset.Position(n.Pos()), sel.Sel.Name)
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND && stackElem(n.X) {
					t.Errorf("%s: a pointer into a state stack taken outside frames.go (use frameAt)", fset.Position(n.Pos()))
				}
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					for sel, ok := l.(*ast.SelectorExpr); ok; sel, ok = l.(*ast.SelectorExpr) {
						l = sel.X // f.ended = ... writes f
					}
					if stackElem(l) {
						t.Errorf("%s: a frame written outside frames.go", fset.Position(n.Pos()))
					}
				}
			}
			return true
		})
	}
}

// stackElem reports whether e is an element of a state stack: X.frames[i].
func stackElem(e ast.Expr) bool {
	ix, ok := e.(*ast.IndexExpr)
	if !ok {
		return false
	}
	sel, ok := ix.X.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "frames"
}
