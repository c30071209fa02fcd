package bga

import (
	"fmt"
	"github.com/rulestudio/studio/internal/input"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// gameStateClass is BGA's base class of State classes.
const gameStateClass = `Bga\GameFramework\States\GameState`

// game reads the State classes of one game. Files are read from fsys (paths
// with "/"); messages name them as base/path.
type game struct {
	fsys    fs.FS
	base    string
	root    string               // the folder of the game's namespace root (modules/php), in fsys; "" when unknown
	rootNS  string               // the game's namespace root, Bga\Games\<name>
	files   []*phpFile           // the files of the States folder, in path order
	loaded  map[string]*phpFile  // every file read, by path in fsys; nil when absent or unreadable
	classes map[string]*phpClass // every class read, by lower-case fully qualified name
	consts  map[string]fileConst // constants defined at the top of a file, by fully qualified name
	diags   []graph.Diagnostic
	b       *builder
	states  []*classState
	byClass map[*phpClass]*classState
	used    []graph.Constant // the constants the states' ids need, in order of first use
	usedSet map[string]bool
	args    map[*phpClass]map[string]argVal // what each state's constructor passes to GameState's
}

// classState is a state read from a class, with what its transitions need.
type classState struct {
	cls *phpClass
	s   *graph.State
}

// warn records a warning at a place in a file.
func (g *game) warn(file string, pos graph.Pos, format string, args ...any) {
	g.diags = append(g.diags, graph.Diagnostic{File: file, Pos: pos, Severity: graph.Warning, Rule: "bga-import", Message: fmt.Sprintf(format, args...)})
}

// display names a path of fsys in messages.
func (g *game) display(p string) string {
	if g.base == "" {
		return p
	}
	return path.Join(g.base, p)
}

// readGame reads the State classes under dir (a States folder) of fsys, with
// their transitions. A panic (a bug) is returned as an internal error.
func readGame(fsys fs.FS, base, dir string) (g *game, err error) {
	g = &game{fsys: fsys, base: base, loaded: map[string]*phpFile{}, classes: map[string]*phpClass{},
		consts: map[string]fileConst{}, byClass: map[*phpClass]*classState{}, usedSet: map[string]bool{},
		args: map[*phpClass]map[string]argVal{}}
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, &graph.PosError{File: g.display(dir), Msg: fmt.Sprintf("internal error: %v", r)}
		}
	}()
	if err := g.readStates(dir); err != nil {
		return nil, err
	}
	if len(g.files) == 0 {
		return nil, &graph.PosError{File: g.display(dir), Msg: "no PHP files in the States folder"}
	}
	g.findRoot(dir)
	if g.root != "" {
		g.load(path.Join(g.root, "constants.inc.php"), true) // BGA includes it by itself
	}
	g.b = &builder{file: g.display(dir), constNames: map[string]bool{}, literals: map[string]graph.Pos{}, literalFiles: map[string]string{}}
	if err := g.readStateClasses(); err != nil {
		return nil, err
	}
	if len(g.states) == 0 {
		return nil, &graph.PosError{File: g.display(dir), Msg: "no State classes (classes extending " + gameStateClass + ") in the States folder"}
	}
	for _, cs := range g.states {
		if err := g.transitions(cs); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// readStates parses every .php file under dir, in path order.
func (g *game) readStates(dir string) error {
	return fs.WalkDir(g.fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return &graph.PosError{File: g.display(p), Msg: err.Error()}
		}
		if d.IsDir() || !strings.EqualFold(path.Ext(p), ".php") {
			return nil
		}
		src, err := input.ReadFS(g.fsys, p, input.BGA)
		if err != nil {
			return &graph.PosError{File: g.display(p), Msg: err.Error()}
		}
		f, err := parseFileSafely(src, g.display(p))
		if err != nil {
			return err
		}
		g.loaded[p] = f
		g.files = append(g.files, f)
		g.register(f)
		g.requires(f, p)
		return nil
	})
}

// requires reads the files f (at p in fsys) requires by a path from
// __DIR__, for the constants they define.
func (g *game) requires(f *phpFile, p string) {
	for _, r := range f.requires {
		if rest, ok := strings.CutPrefix(r, "__DIR__"); ok {
			if q := path.Join(path.Dir(p), rest); fs.ValidPath(q) {
				if _, seen := g.loaded[q]; seen {
					continue
				}
				if lf := g.load(q, false); lf != nil {
					g.requires(lf, q)
				}
			}
		}
	}
}

// parseFileSafely is parsePHPFile turning a panic (a bug) into an error.
func parseFileSafely(src []byte, file string) (f *phpFile, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, &graph.PosError{File: file, Msg: fmt.Sprintf("internal error: %v", r)}
		}
	}()
	return parsePHPFile(src, file)
}

// register adds the classes and constants of f to the game.
func (g *game) register(f *phpFile) {
	for _, c := range f.classes {
		if _, dup := g.classes[strings.ToLower(c.fqn)]; !dup {
			g.classes[strings.ToLower(c.fqn)] = c
		}
	}
	for _, c := range f.consts {
		if _, dup := g.consts[c.fqn]; !dup {
			g.consts[c.fqn] = c
		}
	}
}

// findRoot works out the game's namespace root and its folder from the first
// State file: namespace Bga\Games\X\States\Sub in modules/php/States/Sub/F.php
// puts Bga\Games\X in modules/php, as the framework's autoloader does (PSR-4).
func (g *game) findRoot(dir string) {
	for _, f := range g.files {
		parts := strings.Split(f.namespace, `\`)
		if len(parts) < 3 || parts[0] != "Bga" || parts[1] != "Games" {
			continue
		}
		g.rootNS = strings.Join(parts[:3], `\`)
		fileDir := ""
		for p, lf := range g.loaded {
			if lf == f {
				fileDir = path.Dir(p)
			}
		}
		root := fileDir
		for i := len(parts) - 1; i >= 3; i-- {
			if !strings.EqualFold(path.Base(root), parts[i]) {
				root = ""
				break
			}
			root = path.Dir(root)
		}
		if root == "" {
			root = path.Dir(dir)
		}
		g.root = root
		return
	}
	g.root = path.Dir(dir)
}

// load reads and registers the file at p (once); quiet files (the constants
// file BGA includes) may be absent without a word. A file that does not parse
// is a warning: the states that need it say what is missing.
func (g *game) load(p string, quiet bool) *phpFile {
	if f, seen := g.loaded[p]; seen {
		return f
	}
	g.loaded[p] = nil
	src, err := input.ReadFS(g.fsys, p, input.BGA)
	if err != nil {
		if !quiet {
			g.warn(g.display(p), graph.Pos{}, "cannot read: %v", err)
		}
		return nil
	}
	f, err := parseFileSafely(src, g.display(p))
	if err != nil {
		g.warn(g.display(p), graph.Pos{}, "not read: %v", err)
		return nil
	}
	g.loaded[p] = f
	g.register(f)
	return f
}

// class returns the class with fully qualified name fqn, reading its file from
// under the namespace root when it is not read yet (PSR-4: Bga\Games\X\A\B is
// modules/php/A/B.php).
func (g *game) class(fqn string) *phpClass {
	key := strings.ToLower(strings.TrimPrefix(fqn, `\`))
	if c, ok := g.classes[key]; ok {
		return c
	}
	if g.rootNS == "" || g.root == "" {
		return nil
	}
	rest, ok := strings.CutPrefix(strings.TrimPrefix(fqn, `\`), g.rootNS+`\`)
	if !ok {
		return nil
	}
	g.load(path.Join(g.root, strings.ReplaceAll(rest, `\`, "/")+".php"), true)
	return g.classes[key]
}

// parent returns the class c extends, and its fully qualified name.
func (g *game) parent(c *phpClass) (*phpClass, string) {
	if c.extends == "" {
		return nil, ""
	}
	fqn := c.file.resolveClass(c.extends)
	return g.class(fqn), fqn
}

// stateAncestry reports whether c extends GameState, directly or through
// classes of the game. missing names the first ancestor not in sight.
func (g *game) stateAncestry(c *phpClass) (ok bool, missing string) {
	for depth := 0; c != nil && depth < 20; depth++ {
		parent, fqn := g.parent(c)
		switch {
		case fqn == "":
			return false, ""
		case strings.EqualFold(fqn, gameStateClass):
			return true, ""
		case parent == nil:
			return false, fqn
		}
		c = parent
	}
	return false, ""
}

// readStateClasses reads every concrete class of the States folder that
// extends GameState, with its id, name, type and the fields its constructor
// passes.
func (g *game) readStateClasses() error {
	for _, f := range g.files {
		for _, c := range f.classes {
			if c.kind != kClass {
				continue
			}
			ok, missing := g.stateAncestry(c)
			if !ok {
				if missing != "" {
					g.warn(f.path, c.pos, "class %s extends %s, which is not in sight: not read as a state", c.name, missing)
				}
				continue
			}
			s, err := g.state(c)
			if err != nil {
				return err
			}
			cs := &classState{cls: c, s: s}
			g.states = append(g.states, cs)
			g.byClass[c] = cs
		}
	}
	return nil
}

// stateFields are GameState's constructor parameters (BGA's documentation,
// "State classes: State directory").
var stateFields = map[string]bool{
	"game": true, "id": true, "type": true, "name": true, "description": true, "descriptionMyTurn": true,
	"transitions": true, "updateGameProgression": true, "initialPrivate": true,
}

// state reads the state class c describes: the arguments its constructor
// (through any base classes of the game) passes to GameState's.
func (g *game) state(c *phpClass) (*graph.State, error) {
	args, err := g.gameStateArgs(c)
	if err != nil {
		return nil, err
	}
	file := c.file.path
	s := &graph.State{Pos: c.pos, File: file}
	idv, ok := args["id"]
	if !ok {
		return nil, posErrorf(file, c.pos, "class %s: no id: argument reaches GameState's constructor", c.name)
	}
	if s.ID, err = g.idOf(idv.f, c, idv.val, "class "+c.name+": id"); err != nil {
		return nil, err
	}
	where := "state " + s.ID.String()
	tv, ok := args["type"]
	if !ok {
		return nil, posErrorf(file, c.pos, "class %s: no type: argument reaches GameState's constructor", c.name)
	}
	b := g.fileBuilder(tv.f.path)
	if s.Type, _, err = b.stateType(tv.val, where+": type"); err != nil {
		return nil, err
	}
	// BGA ("State classes: State directory"): "name can be specified, by
	// default it will be the class name".
	s.Name = c.name
	if nv, ok := args["name"]; ok && nv.val.k != pNull {
		if s.Name, err = g.fileBuilder(nv.f.path).text(nv.val, where+": name"); err != nil {
			return nil, err
		}
	}
	if v, ok := args["description"]; ok {
		if s.Description, err = g.fileBuilder(v.f.path).text(v.val, where+": description"); err != nil {
			return nil, err
		}
	}
	if v, ok := args["descriptionMyTurn"]; ok {
		if s.DescriptionMyTurn, err = g.fileBuilder(v.f.path).text(v.val, where+": descriptionMyTurn"); err != nil {
			return nil, err
		}
	}
	if v, ok := args["updateGameProgression"]; ok {
		t, known := truth(v.val)
		if !known {
			return nil, posErrorf(v.f.path, v.val.pos, "%s: updateGameProgression must be true or false, not %s", where, v.val.describe())
		}
		s.UpdateGameProgression = t
	}
	for _, name := range sortedKeys(args) {
		if v := args[name]; !stateFields[name] {
			g.warn(v.f.path, v.val.pos, "%s: GameState's constructor has no argument %s: ignored", where, name)
		}
	}
	g.methodFields(c, s)
	g.args[c] = args
	return s, nil
}

// methodFields sets what a state's methods say: action (onEnteringState),
// args (getArgs) and possibleactions (the #[PossibleAction] methods).
func (g *game) methodFields(c *phpClass, s *graph.State) {
	if m := g.findMethod(c, "onEnteringState"); m != nil {
		s.Action = graph.Code{Src: "onEnteringState"}
	}
	if m := g.findMethod(c, "getArgs"); m != nil {
		s.Args = graph.Code{Src: "getArgs"}
	}
	for _, m := range g.allMethods(c) {
		if m.m.hasAttr("PossibleAction") {
			s.PossibleActions = append(s.PossibleActions, m.m.name)
		}
	}
}

// fileBuilder is the game's builder reporting errors in file.
func (g *game) fileBuilder(file string) *builder {
	b := *g.b
	b.file = file
	return &b
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
