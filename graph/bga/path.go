package bga

import (
	"errors"
	"fmt"
	"github.com/rulestudio/studio/internal/input"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// ImportPath reads the state machine of the BGA game at path, which may be:
//
//   - a states.inc.php file (see [ImportFile]);
//   - a game's folder: its modules/php/States/ folder of State classes, its
//     states.inc.php, or both (a game may keep a few states in each form;
//     BGA reads both, and so does ImportPath, saying so in an Info
//     diagnostic). When the folder has neither, a single subfolder that holds
//     modules/php/States/ is taken as the game's folder;
//   - a States/ folder (or any folder of State-class files).
//
// State classes are read as [ImportStates] describes. The diagnostics are
// warnings about what could not be read (a returned value where the game goes
// that cannot be worked out without running it, a class whose base is not in
// sight), each naming file, line and column; errors stop the import.
func ImportPath(path string) (*graph.Pack, []graph.Diagnostic, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, nil, fmt.Errorf("import %s: %w", path, err)
	}
	if !info.IsDir() {
		p, err := ImportFile(path)
		return p, nil, err
	}
	l, err := locate(path)
	if err != nil {
		return nil, nil, err
	}
	return l.read()
}

// IsGameFolder reports whether dir holds something [ImportPath] reads as a
// BGA game: modules/php/States/ or a states.inc.php, in dir or in one
// subfolder (several such subfolders count too: ImportPath then says which to
// pick), or State-class files, dir being a States/ folder.
func IsGameFolder(dir string) bool {
	_, err := locate(dir)
	var pe *graph.PosError
	return err == nil || !errors.As(err, &pe) || pe.Msg != noGame
}

// noGame is locate's message for a folder that holds no BGA game.
const noGame = "no states.inc.php, modules/php/States/ or State classes in the folder"

// ImportStates reads the State classes of the States folder dir of fsys (a
// path with "/"); base is how messages name fsys's root. Files the classes
// need outside dir are looked up in fsys as BGA's autoloader finds them: the
// constants file modules/php/constants.inc.php, and classes of the game's
// namespace Bga\Games\<name> under modules/php (PSR-4).
//
// One state per concrete class that extends BGA's GameState (directly or
// through classes of the game); id, type, name, descriptions, transitions,
// updateGameProgression and initialPrivate from the arguments its
// constructor passes to GameState's; the name, when none is passed, is the
// class name, as BGA derives it. action is "onEnteringState" and args
// "getArgs" when the class has those methods; possibleactions are its
// #[PossibleAction] methods. Transitions the code takes without declaring them
// (return NextPlayer::class;, return ST_END_GAME;) are added with
// Inferred set.
func ImportStates(fsys fs.FS, base, dir string) (*graph.Pack, []graph.Diagnostic, error) {
	g, err := readGame(fsys, base, dir)
	if err != nil {
		return nil, nil, err
	}
	return g.pack(dir)
}

// layout is what a folder holds for ImportPath.
type layout struct {
	fsys    fs.FS
	base    string // the folder fsys reads, as messages name it
	states  string // the States folder in fsys, "" for none
	machine string // the states.inc.php in fsys, "" for none
}

func isDir(fsys fs.FS, p string) bool {
	info, err := fs.Stat(fsys, p)
	return err == nil && info.IsDir()
}

func isFile(fsys fs.FS, p string) bool {
	info, err := fs.Stat(fsys, p)
	return err == nil && !info.IsDir()
}

// locate works out what the folder dir holds.
func locate(dir string) (layout, error) {
	dir = filepath.Clean(dir)
	if strings.EqualFold(filepath.Base(dir), "States") {
		parent := filepath.Dir(dir)
		return layout{fsys: os.DirFS(parent), base: parent, states: filepath.Base(dir)}, nil
	}
	l := layout{fsys: os.DirFS(dir), base: dir}
	l.find("")
	if l.states == "" && l.machine == "" {
		var found []string
		entries, _ := fs.ReadDir(l.fsys, ".")
		for _, e := range entries {
			if e.IsDir() && isDir(l.fsys, path.Join(e.Name(), "modules/php/States")) {
				found = append(found, e.Name())
			}
		}
		switch len(found) {
		case 1:
			l.find(found[0])
		case 0:
		default:
			return l, &graph.PosError{File: dir, Msg: "several games in the folder (" + strings.Join(found, ", ") + "); import one of them"}
		}
	}
	if l.states == "" && l.machine == "" {
		if m, _ := fs.Glob(l.fsys, "*.php"); len(m) > 0 {
			parent := filepath.Dir(dir)
			return layout{fsys: os.DirFS(parent), base: parent, states: filepath.Base(dir)}, nil
		}
		return l, &graph.PosError{File: dir, Msg: noGame}
	}
	return l, nil
}

// find looks for the two forms in the game folder sub of l.fsys.
func (l *layout) find(sub string) {
	if p := path.Join(sub, "modules/php/States"); isDir(l.fsys, p) {
		l.states = p
	}
	if p := path.Join(sub, "states.inc.php"); isFile(l.fsys, p) {
		l.machine = p
	}
}

// display names a path of l.fsys in messages.
func (l layout) display(p string) string { return filepath.Join(l.base, filepath.FromSlash(p)) }

// read imports what l holds.
func (l layout) read() (*graph.Pack, []graph.Diagnostic, error) {
	var array *graph.Pack
	if l.machine != "" {
		src, err := input.ReadFS(l.fsys, l.machine, input.BGA)
		if err != nil {
			return nil, nil, fmt.Errorf("import %s: %w", l.display(l.machine), err)
		}
		if array, err = Import(src, l.display(l.machine)); err != nil {
			return nil, nil, err
		}
		if l.states == "" {
			return array, nil, nil
		}
	}
	g, err := readGame(l.fsys, l.base, l.states)
	if err != nil {
		return nil, nil, err
	}
	p, diags, err := g.pack(l.states)
	if err != nil || array == nil {
		return p, diags, err
	}
	return g.merge(array, p, l), g.diags, nil
}

// merge joins the states of a game's states.inc.php (array) and of its State
// classes (classes), as BGA does for a game that has both: the array's states
// first. The array's constants from the game's constants file are resolved.
func (g *game) merge(array, classes *graph.Pack, l layout) *graph.Pack {
	out := *array
	out.States = append(append([]*graph.State{}, array.States...), classes.States...)
	out.Source = l.base
	out.Name = classes.Name
	have := map[string]bool{}
	for _, c := range out.Constants {
		have[c.Name] = true
	}
	global := &phpFile{}
	need := func(id graph.StateID) {
		if id.Const == "" || have[id.Const] {
			return
		}
		if v, ok := g.lookupConst(global, nil, id.Const); ok && v.k == pInt {
			have[id.Const] = true
			out.Constants = append(out.Constants, graph.Constant{Name: id.Const, Value: graph.Value{Kind: graph.IntValue, Int: v.i}, Pos: v.pos})
		}
	}
	for _, s := range array.States {
		s.File = l.display(l.machine) // the pack's Source is the game folder
		need(s.ID)
		for _, t := range s.Transitions {
			need(t.To)
		}
		if s.InitialPrivate != nil {
			need(*s.InitialPrivate)
		}
	}
	for _, c := range classes.Constants {
		if !have[c.Name] {
			have[c.Name] = true
			out.Constants = append(out.Constants, c)
		}
	}
	sym := map[string]bool{}
	for _, s := range append(append([]string{}, array.Symbolic...), classes.Symbolic...) {
		sym[s] = true
	}
	out.Symbolic = nil
	for s := range sym {
		out.Symbolic = append(out.Symbolic, s)
	}
	sort.Strings(out.Symbolic)
	ids := map[string]*graph.State{}
	for _, s := range out.States {
		key := out.Key(s.ID)
		if first, dup := ids[key]; dup {
			g.warn(l.display(l.states), s.Pos, "state %s %q: its id is also state %q's in %s; BGA refuses two states with one id",
				s.ID, s.Name, first.Name, l.display(l.machine))
		}
		ids[key] = s
	}
	g.diags = append(g.diags, graph.Diagnostic{File: l.base, Severity: graph.Info, Rule: "bga-import",
		Message: fmt.Sprintf("the game has both forms: read %d states from %s and %d State classes from %s",
			len(array.States), l.display(l.machine), len(classes.States), l.display(l.states))})
	return &out
}
