package engine

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/rulestudio/studio/graph"
	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Program is a rule pack compiled once: every piece of code of the pack is a
// Starlark function ready to run in any number of matches. A Program is immutable
// and safe for concurrent use by many matches (each match runs on one goroutine).
type Program struct {
	Pack *graph.Pack

	states  []*cstate
	byName  map[string]*cstate
	actions map[string]*caction
	types   []*ctype
	typeIdx map[string]*ctype
	tags    map[string]int  // tag name -> bit
	granted map[string]bool // tags some while clause grants (its target)

	boards      []*graph.Board
	masks       []*bbMasks // per board: its bitboard masks (nil over 64 cells)
	decks       []string
	vis         *visibility // who sees what (the pack's visibility section)
	progression *hook
	timeout     *hook
	setup       *cstate   // state 1
	clauses     bool      // some object type or state has while/whenever/when
	usesBefore  bool      // some code calls before(): steps keep the previous state
	blocks      sync.Pool // released matchBlocks (see Match.Release)
	hooks       int       // pieces of code compiled into functions
	directHooks int       // those with a direct form (see dfn)
	// redoBodies: a body's direct form may stop partway, to be run again
	// with its action (Match.redoable); prints: some code may print, which
	// would show twice.
	redoBodies, prints bool
	predeclared        starlark.StringDict
	file               string

	objVars []*objVar                  // the variables loops over objects() visit by (objindex.go)
	units   []unit                     // the syntax of every piece of code, for the leak check's flows (faceflow.go)
	scripts map[string]*syntax.DefStmt // the scripts' top-level functions, by name
}

// cstate is a compiled state.
type cstate struct {
	idx       int
	s         *graph.State
	id        int
	sid       string // the id as written (s.ID.String()), for events
	name      string
	nameValue starlark.Value // name as a Starlark string, made once (state.name)
	typ       graph.StateType
	action    *hook // start procedure
	endaction *hook
	args      *hook
	ending    *hook
	possible  []*caction
	trans     []ctrans
	params    []*graph.Param
	defaults  []starlark.Value
	initPriv  *cstate
	clauses   *cclauses
	hasDesc   bool
}

type ctrans struct {
	name string
	to   *cstate
}

func (s *cstate) transition(name string) (*cstate, bool) {
	for _, t := range s.trans {
		if t.name == name {
			return t.to, true
		}
	}
	return nil, false
}

// caction is a compiled action.
type caction struct {
	a            *graph.Action
	name         string
	path         string // "actions/<name>", its events' Clause
	who          *hook
	params       []*graph.Param
	domains      []*hook
	precondition *hook
	body         *hook
}

// The context names a hook may use; each hook receives only those its text uses.
const (
	ctxPlayer = iota
	ctxActive
	ctxState
	ctxSelf
	ctxValue
	ctxInner
	ctxGame
	ctxPlayers
	numCtx
)

var ctxNames = [numCtx]string{"player", "active_player", "state", "self", "value", "inner", "game", "players"}

// hook is one compiled piece of code: a Starlark function taking the context
// names it uses, then its extra parameters (action or method parameters).
type hook struct {
	fn    starlark.Callable
	what  string // "state 3 (nextPlayer) action", for errors and events
	path  string // where the code is in the pack, as a slash path (see Event.Clause)
	pos   graph.Pos
	ctx   []int // context names, in the function's parameter order
	extra int   // number of extra parameters after the context
	pure  bool

	native *nativeHook // set when the code only calls a native component
	// lendsCombos: the code is one call of combinations(), whose list goes
	// to nothing but what called the hook (see Match.lendCombos)
	lendsCombos bool
	// lendsReturn: the code is a domain that is one call of a script
	// function with names and literals for arguments, or a list
	// comprehension, whose list goes to nothing but the engine, which gives
	// it back (see lendReq)
	lendsReturn bool
	direct      *dfn // the code's direct form, if it has one (see dfn)
}

var identRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// bgaFramework are the procedures BGA's framework supplies for its reserved
// states (gameSetup's action, gameEnd's action and args), which every
// states.inc.php and File > New's template name. A code field naming one that
// the scripts do not define does nothing rather than fail to compile.
var bgaFramework = map[string]bool{"stGameSetup": true, "stGameEnd": true, "argGameEnd": true}

// CompileError is a compile error of a pack's code, at its place in the YAML file.
type CompileError struct {
	File string
	Pos  graph.Pos // line and column in the YAML file
	What string    // which field: "action playDisc body"
	Msg  string
}

// Error formats the error as "file:line:col: what: msg".
func (e *CompileError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", e.File, e.Pos.Line, e.Pos.Column, e.What, e.Msg)
}

// Errors is a list of errors, reported together.
type Errors []error

// Error joins the errors, one a line.
func (es Errors) Error() string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

type compiler struct {
	p            *Program
	predeclared  starlark.StringDict
	errs         Errors
	scriptFailed bool // a script did not compile: names it defines are unknown, not wrong

	place       place                      // where the code compile is given runs (set by its caller)
	clauseState string                     // the state whose clauses compile is compiling ("" for an object type's)
	units       []unit                     // every piece of code that compiled, for the static checks
	scripts     map[string]*syntax.DefStmt // the scripts' top-level functions
	direct      *directCompiler
	domain      bool // compile is compiling a domain, whose value only the engine reads
}

// Compile compiles every piece of code of pack. Errors (a value of type [Errors]
// holding *[CompileError] and *[graph.PosError] values) name the YAML file's line
// and column.
func Compile(pack *graph.Pack) (*Program, error) {
	c := compilePack(pack)
	if len(c.errs) > 0 {
		return nil, c.errs
	}
	p := c.p
	p.prepareTypes()
	c.direct.resolveAttrs(p)
	c.direct.resolveObjLoops(p)
	p.predeclared = c.predeclared
	p.vis = newVisibility(pack, p.tags)
	p.units, p.scripts = c.units, c.scripts
	return p, nil
}

// compilePack compiles every piece of code of pack, collecting every error
// (it never stops at the first) and, for [Check], the syntax tree of each
// piece with the place it runs in.
func compilePack(pack *graph.Pack) *compiler {
	file := pack.Source
	if file == "" {
		file = pack.Name + ".yaml"
	}
	p := &Program{Pack: pack, byName: map[string]*cstate{}, actions: map[string]*caction{}, typeIdx: map[string]*ctype{}, tags: map[string]int{}, granted: map[string]bool{}, file: file}
	c := &compiler{p: p, predeclared: builtins(), direct: newDirectCompiler()}
	perr := func(pos graph.Pos, format string, args ...any) {
		c.errs = append(c.errs, &graph.PosError{File: file, Pos: pos, Msg: fmt.Sprintf(format, args...)})
	}
	// graphErr is an error graph.Check reports too: Check leaves it to it.
	graphErr := func(pos graph.Pos, format string, args ...any) {
		c.errs = append(c.errs, &structuralError{graph.PosError{File: file, Pos: pos, Msg: fmt.Sprintf(format, args...)}})
	}
	for i, b := range pack.Boards {
		if b.Width <= 0 || b.Height <= 0 || b.Width*b.Height > 1<<16 {
			perr(b.Pos, "board %s: width and height must be positive", b.Name)
			continue
		}
		p.boards = append(p.boards, b)
		p.masks = append(p.masks, newMasks(b.Width, b.Height))
		c.predeclared[b.Name] = newBoardValue(b.Name, i, b.Width, b.Height)
	}
	for i, d := range pack.Decks {
		p.decks = append(p.decks, d)
		c.predeclared[d] = newDeckValue(d, i)
	}
	for _, e := range pack.Visibility.BadWords() { // a typo of "nobody" would show the cards
		graphErr(e.Pos, "%s", e.Msg)
	}
	// Object types first: their names are needed by everything else.
	for _, t := range pack.ObjectTypes {
		ct := &ctype{t: t, name: t.Name, idx: len(p.types)}
		p.types = append(p.types, ct)
		p.typeIdx[t.Name] = ct
	}
	for _, t := range pack.ObjectTypes {
		for _, tag := range t.Tags {
			if _, ok := p.tags[tag]; !ok {
				p.tags[tag] = len(p.tags)
			}
		}
	}
	// Scripts: modules whose globals every other piece of code sees.
	for _, s := range pack.Scripts {
		c.script(s)
		c.p.prints = c.p.prints || strings.Contains(s.Code.Src, "print")
	}
	allowedIn := statesAllowing(pack)
	for _, a := range pack.Actions {
		c.place = place{states: allowedIn[a.Name], params: a.Params}
		path := "actions/" + a.Name
		ca := &caction{a: a, name: a.Name, path: path, params: a.Params}
		what := "action " + a.Name
		ca.who = c.compileAt(path+"/who", a.Who, what+" who", true, nil)
		var names []string
		for _, prm := range a.Params {
			c.domain = true
			ca.domains = append(ca.domains, c.compileAt(path+"/params/"+prm.Name+"/domain", prm.Domain, what+" param "+prm.Name+" domain", true, names))
			c.domain = false
			if prm.Domain.IsZero() {
				perr(prm.Pos, "%s: parameter %s needs a domain (the legal values)", what, prm.Name)
			}
			names = append(names, prm.Name)
		}
		ca.precondition = c.compileAt(path+"/precondition", a.Precondition, what+" precondition", true, names)
		ca.body = c.compileAt(path+"/body", a.Body, what+" body", false, names)
		p.actions[a.Name] = ca
	}
	for i, s := range pack.States {
		id, ok := pack.Resolve(s.ID)
		if !ok {
			perr(s.Pos, "state %s: unknown constant", s.ID)
		}
		cs := &cstate{idx: i, s: s, id: id, sid: s.ID.String(), name: s.Name, nameValue: starlark.String(s.Name), typ: s.Type, params: s.Params}
		if !s.Type.Known() {
			graphErr(s.Pos, "state %s: unknown type %q", s.Name, s.Type)
		}
		p.states = append(p.states, cs)
		if _, dup := p.byName[s.Name]; !dup {
			p.byName[s.Name] = cs
		}
		if id == graph.SetupID {
			p.setup = cs
		}
	}
	for _, cs := range p.states {
		s := cs.s
		what := fmt.Sprintf("state %d (%s)", cs.id, cs.name)
		c.place = place{states: []*graph.State{s}}
		path := "states/" + cs.sid
		cs.action = c.compileAt(path+"/action", s.Action, what+" action", false, nil)
		cs.endaction = c.compileAt(path+"/endaction", s.EndAction, what+" endaction", false, nil)
		cs.args = c.compileAt(path+"/args", s.Args, what+" args", true, nil)
		cs.ending = c.compileAt(path+"/ending", s.Ending, what+" ending", true, nil)
		cs.hasDesc = s.Description != "" || s.DescriptionMyTurn != ""
		for _, n := range s.PossibleActions {
			a := p.actions[n]
			if a == nil {
				graphErr(s.Pos, "%s: possibleactions names %q, which no action defines", what, n)
				continue
			}
			cs.possible = append(cs.possible, a)
		}
		for _, t := range s.Transitions {
			to := pack.State(t.To)
			if to == nil {
				graphErr(t.Pos, "%s: transition %q goes to state %s, which does not exist", what, t.Name, t.To)
				continue
			}
			cs.trans = append(cs.trans, ctrans{name: t.Name, to: p.states[indexOf(pack.States, to)]})
		}
		if s.InitialPrivate != nil {
			to := pack.State(*s.InitialPrivate)
			if to == nil || to.Type != graph.Private {
				graphErr(s.Pos, "%s: initialprivate must name a private state", what)
			} else {
				cs.initPriv = p.states[indexOf(pack.States, to)]
			}
		}
		for _, prm := range s.Params {
			var v starlark.Value = starlark.None
			if prm.Default != nil {
				v = fromGraphValue(*prm.Default)
			}
			cs.defaults = append(cs.defaults, v)
		}
		if s.Clauses != nil {
			c.place = place{states: []*graph.State{s}, sstate: s, self: true}
			c.clauseState = cs.name
			cs.clauses = c.clauses(s.Clauses, what, path+"/clauses")
			c.clauseState = ""
			p.clauses = p.clauses || cs.clauses.active()
		}
	}
	if p.setup == nil {
		perr(graph.Pos{}, "the pack has no state 1 (gameSetup)")
	}
	c.place = place{}
	p.progression = c.compileAt("progression", pack.Progression, "progression", true, nil)
	p.timeout = c.compileAt("timeout", pack.Timeout, "timeout", false, nil)
	for _, t := range p.types {
		c.place = place{otype: t.t, self: true}
		t.c = c.clauses(&t.t.Clauses, "object type "+t.name, "object_types/"+t.name)
		p.clauses = p.clauses || t.c.active()
	}
	return c
}

// structuralError is a compile error about the state graph itself (a missing
// transition target, an undefined possible action) that [graph.Check] also
// reports; [Check] leaves it out so that it is said once.
type structuralError struct{ graph.PosError }

func (e *structuralError) Unwrap() error { return &e.PosError }

func indexOf(ss []*graph.State, s *graph.State) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return -1
}

// script runs one of the pack's scripts once and adds its globals to the names
// every later piece of code sees.
func (c *compiler) script(s *graph.Script) {
	if m := loadRE.FindStringIndex(s.Code.Src); m != nil {
		line := strings.Count(s.Code.Src[:m[0]], "\n")
		c.errs = append(c.errs, &CompileError{File: c.p.file, Pos: graph.Pos{Line: s.Code.Pos.Line + line, Column: s.Code.Pos.Column}, What: "script " + s.Name,
			Msg: "load is not available: every script's top-level functions are already visible to all code of the pack"})
		c.scriptFailed = true
		return
	}
	opts := &syntax.FileOptions{While: true, TopLevelControl: true, GlobalReassign: true, Recursion: true, Set: true}
	text := scriptText(s.Code)
	f, prog, err := c.program(opts, text)
	if f != nil && len(f.Stmts) == 1 {
		if c.scripts == nil {
			c.scripts = map[string]*syntax.DefStmt{}
		}
		for _, st := range f.Stmts[0].(*syntax.IfStmt).True {
			if d, ok := st.(*syntax.DefStmt); ok {
				c.scripts[d.Name.Name] = d
			}
		}
	}
	if err != nil {
		c.syntaxErr(err, "script "+s.Name, s.Code.Pos, 0, 0, text, text)
		c.scriptFailed = true
		return
	}
	th := &starlark.Thread{Name: "load " + s.Name}
	th.SetMaxExecutionSteps(1 << 24)
	th.SetLocal(allocKey, &allocator{max: processAllocLimit()})
	predeclared := c.predeclaredFor(f)
	globals, err := prog.Init(th, predeclared)
	if err != nil {
		c.errs = append(c.errs, runError(c.p.file, "script "+s.Name, err))
		c.scriptFailed = true
		return
	}
	globals.Freeze()
	c.direct.script(f, globals, predeclared)
	for k, v := range globals {
		c.predeclared[k] = v
	}
}

// predeclaredFor returns the predeclared names that f (resolved against them)
// uses, with their values, and the guards its guarded tree calls (see
// program): the module of f looks a builtin up in it at every use, and a
// map of the few names a piece of code uses is several times quicker to
// look up than the whole (every builtin, board, deck and script function),
// about 4% of a random tic-tac-toe playout. Every name f resolves as
// predeclared is an identifier of f, so none is missing.
func (c *compiler) predeclaredFor(f *syntax.File) starlark.StringDict {
	d := starlark.StringDict{}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Ident:
			if v, ok := c.predeclared[n.Name]; ok {
				d[n.Name] = v
			} else if g, ok := guards[n.Name]; ok {
				d[n.Name] = g // a builtin of universeSizes
			}
		case *syntax.BinaryExpr:
			if sizedOp(n) {
				d[n.Op.String()] = guards[n.Op.String()]
			}
		case *syntax.AssignStmt:
			if g, ok := guards[n.Op.String()]; ok && n.Op != syntax.EQ {
				d[n.Op.String()] = g
			}
		case *syntax.DotExpr:
			if g, ok := guards["."+n.Name.Name]; ok {
				d["."+n.Name.Name] = g
			}
		}
		return true
	})
	return d
}

// program parses text and returns its syntax tree, resolved against the
// pack's predeclared names (what the checks and direct code read), and the
// program Starlark runs, compiled from a second, guarded tree of the same
// text (see guardTree), in which the builtins that make values of any size
// resolve to their guards.
func (c *compiler) program(opts *syntax.FileOptions, text string) (*syntax.File, *starlark.Program, error) {
	f, err := opts.Parse(c.p.file, text, 0)
	if err != nil {
		return nil, nil, err
	}
	if err := resolve.File(f, c.predeclared.Has, starlark.Universe.Has); err != nil {
		return f, nil, err
	}
	g, err := opts.Parse(c.p.file, text, 0)
	if err != nil {
		return f, nil, err
	}
	guardTree(g)
	prog, err := starlark.FileProgram(g, func(name string) bool { return c.predeclared.Has(name) || guards.Has(name) })
	return f, prog, err
}

var loadRE = regexp.MustCompile(`(?m)^load\s*\(`)

// scriptText is a script as Starlark text whose every line and column is the
// code's line and column in the YAML file: the lines are indented back to
// where the block scalar holds them, under an "if True:" on the line above
// (top-level statements inside it still define globals), so compile errors,
// run-time errors and backtraces all point into the file without any mapping.
func scriptText(code graph.Code) string {
	line, col := max(code.Pos.Line, 2), max(code.Pos.Column, 2)
	var b strings.Builder
	b.WriteString(strings.Repeat("\n", line-2))
	b.WriteString("if True:\n")
	indent := strings.Repeat(" ", col-1)
	for _, l := range strings.Split(strings.TrimRight(code.Src, "\n"), "\n") {
		if strings.TrimSpace(l) != "" {
			b.WriteString(indent)
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if strings.TrimSpace(code.Src) == "" {
		b.WriteString(indent + "pass\n") // an empty script is still a block
	}
	return b.String()
}

// syntaxErr records compile errors at their place in the YAML file (every
// error of a resolve pass: each undefined name is reported). Positions map
// through mapPos with firstLine and shift; text is the source parsed, when its
// lines are the file's (a missing ':' is reported at the end of its line);
// parsed is the source parsed, where the token an error names is looked for.
func (c *compiler) syntaxErr(err error, what string, at graph.Pos, firstLine, shift int, text, parsed string) {
	var se syntax.Error
	var errs resolve.ErrorList
	switch {
	case errors.As(err, &se):
		pos, msg := tokenStart(se.Msg, se.Pos, parsed), se.Msg
		if at, why, ok := unclosed(se.Msg, se.Pos, parsed, int32(max(at.Line, 2))); ok {
			pos, msg = at, why
		}
		if strings.HasPrefix(se.Msg, "got newline") && pos.Col == 1 && pos.Line > 1 && text != "" {
			// The scanner puts a newline at the start of the next line; the
			// designer's mistake is at the end of this one (a missing ':').
			if ls := strings.Split(text, "\n"); int(pos.Line)-2 < len(ls) {
				pos = syntax.MakePosition(nil, pos.Line-1, int32(len(strings.TrimRight(ls[pos.Line-2], " "))+1))
			}
		}
		c.errs = append(c.errs, &CompileError{File: c.p.file, Pos: mapPos(pos, firstLine, shift), What: what, Msg: msg})
	case errors.As(err, &errs) && len(errs) > 0:
		for _, e := range errs {
			if c.scriptFailed && strings.HasPrefix(e.Msg, "undefined: ") && !strings.HasPrefix(what, "script ") {
				continue // the script that failed may define it
			}
			// The name is the message's first word after "undefined: ":
			// Starlark may follow it with its guess by spelling.
			if rest, ok := strings.CutPrefix(e.Msg, "undefined: "); ok && rest != "" {
				name := strings.Fields(rest)[0]
				if ctxIndex(name) >= 0 && strings.HasPrefix(what, "script ") {
					e.Msg = fmt.Sprintf("undefined: %s (a context name: a script function receives it as a parameter, def f(%s):)", name, name)
				} else {
					e.Msg = c.builtinHint(e.Msg, name)
				}
			}
			c.errs = append(c.errs, &CompileError{File: c.p.file, Pos: mapPos(e.Pos, firstLine, shift), What: what, Msg: e.Msg})
		}
	default:
		c.errs = append(c.errs, &CompileError{File: c.p.file, Pos: at, What: what, Msg: err.Error()})
	}
}

// builtinHint puts in msg, an undefined name's error, the builtins whose
// names hold name ("next_player": activate_next_player), in place of
// Starlark's guess by spelling, which only knows names of about the same
// length ("did you mean stNextPlayer?").
func (c *compiler) builtinHint(msg, name string) string {
	if len(name) < 4 {
		return msg
	}
	var has []string
	for n, v := range c.predeclared {
		if _, ok := v.(*starlark.Builtin); ok && n != name && strings.Contains(n, name) {
			has = append(has, n)
		}
	}
	if len(has) == 0 {
		return msg
	}
	slices.Sort(has)
	if i := strings.Index(msg, " (did you mean"); i >= 0 {
		msg = msg[:i]
	}
	return msg + " (a builtin: " + strings.Join(has, ", ") + ")"
}

// mapPos is the one mapping from a position in Starlark text the compiler
// parsed to the YAML file: lines are already right (the text is padded with
// newlines); from firstLine on, columns move by shift (text parsed without the
// block's indentation). Every other text the compiler builds is indented back
// to the file's columns, and uses firstLine 0.
func mapPos(p syntax.Position, firstLine, shift int) graph.Pos {
	line, col := int(p.Line), int(p.Col)
	if firstLine > 0 && line >= firstLine {
		col += shift
	}
	return graph.Pos{Line: line, Column: max(col, 1)}
}

// statementWord are the Starlark keywords that are a whole statement alone:
// a code of just "pass" is that statement, not the name of a function.
var statementWord = map[string]bool{"pass": true, "break": true, "continue": true, "return": true}

var wordRE = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// compileAt compiles code as compile does and records path, the place of the
// code in the pack ("actions/mark/body", "object_types/elf/whenever/lord"),
// which events and run errors name.
func (c *compiler) compileAt(path string, code graph.Code, what string, expr bool, extra []string) *hook {
	h := c.compile(code, what, expr, extra)
	if h != nil {
		h.path = path
	}
	return h
}

// compile turns code into a hook. expr says the place holds an expression (a
// pure place); a pure place may also hold statements ending in return. extra are
// parameter names the code sees after the context names. A code that is just the
// name of a function of the scripts (BGA style: "action: stNextPlayer") calls that
// function, passing the context names it declares as parameters.
func (c *compiler) compile(code graph.Code, what string, expr bool, extra []string) *hook {
	if code.IsZero() {
		return nil
	}
	h := &hook{what: what, pos: code.Pos, pure: expr, extra: len(extra)}
	src := strings.TrimSpace(code.Src)
	if identRE.MatchString(src) && !statementWord[src] {
		if fn, ok := c.predeclared[src].(*starlark.Function); ok {
			h.fn = fn
			for i := 0; i < fn.NumParams(); i++ {
				name, _ := fn.Param(i)
				k := ctxIndex(name)
				if k < 0 {
					c.errs = append(c.errs, &CompileError{File: c.p.file, Pos: code.Pos, What: what, Msg: fmt.Sprintf("function %s: parameter %q is not one of %s", src, name, strings.Join(ctxNames[:], ", "))})
					return nil
				}
				h.ctx = append(h.ctx, k)
			}
			h.extra = 0
			h.direct = c.direct.named(fn)
			c.p.countHook(h)
			c.units = append(c.units, unit{what: what, code: code, pure: expr, place: c.place, named: src})
			return h
		}
		if bgaFramework[src] {
			return nil // BGA's framework runs it; the engine's match has nothing to do there
		}
		if b, ok := c.predeclared[src].(*starlark.Builtin); ok && !expr {
			h.fn, h.ctx, h.extra = b, nil, 0 // "action: end_turn" calls the builtin
			return h
		}
		if _, known := c.predeclared[src]; !known && !expr && ctxIndex(src) < 0 {
			if c.scriptFailed {
				return nil // the script that may define it has its own error
			}
			c.errs = append(c.errs, &CompileError{File: c.p.file, Pos: code.Pos, What: what,
				Msg: fmt.Sprintf("%s names no function of the pack's scripts (define def %s(): in scripts)", src, src)})
			return nil
		}
	}
	used := map[string]bool{}
	for _, w := range wordRE.FindAllString(code.Src, -1) {
		used[w] = true
	}
	var params []string
	for k, n := range ctxNames {
		if used[n] && !slices.Contains(extra, n) { // a parameter of that name hides the context name
			h.ctx = append(h.ctx, k)
			params = append(params, n)
		}
	}
	params = append(params, extra...)
	head := "def __hook(" + strings.Join(params, ", ") + "):"
	opts := &syntax.FileOptions{While: true, Recursion: true, Set: true}
	line, col := max(code.Pos.Line, 2), max(code.Pos.Column, 2)
	pad := strings.Repeat("\n", line-2)
	indent := strings.Repeat(" ", col-1)
	lines := strings.Split(strings.TrimRight(code.Src, "\n"), "\n")
	for i := range lines {
		lines[i] = indent + lines[i]
	}
	var text string
	if expr {
		// Parse alone first, for errors in the designer's terms.
		e, err := opts.ParseExpr(c.p.file, pad+"\n"+code.Src, 0)
		if err == nil {
			h.native = c.nativeCall(e, h)
			h.lendsCombos = c.bareCombinations(e, params)
			h.lendsReturn = c.domain && (plainCall(e) || listComprehension(e))
		}
		// Inside the parentheses indentation is free, so every line keeps its
		// column in the YAML file.
		wrapped := pad + head + " return (\n" + strings.Join(lines, "\n") + "\n)\n"
		lineErr := false
		if err != nil {
			// Lines may break freely inside the wrapper's parentheses.
			msg := err.Error()
			lineErr = strings.Contains(msg, "got newline") || strings.Contains(msg, "got indent") || strings.Contains(msg, "got outdent")
			if _, perr := opts.ParseExpr(c.p.file, pad+"\n("+code.Src+"\n)", 0); perr == nil {
				err = nil
			}
		}
		switch {
		case err == nil:
			text = wrapped
		case strings.Contains(code.Src, "return"): // statements ending in return
		case lineErr:
			// A line break the parentheses allow: the real error is further on,
			// where the wrapped text, whose columns are the file's, says.
			_, werr := opts.Parse(c.p.file, wrapped, 0)
			c.syntaxErr(werr, what, code.Pos, 0, 0, wrapped, wrapped)
			return nil
		default:
			c.syntaxErr(err, what, code.Pos, line, col-1, "", pad+"\n"+code.Src)
			return nil
		}
	}
	if text == "" {
		text = pad + head + "\n" + strings.Join(lines, "\n") + "\n"
	}
	f, prog, err := c.program(opts, text)
	if err != nil {
		c.syntaxErr(err, what, code.Pos, 0, 0, text, text)
		return nil
	}
	c.units = append(c.units, unit{what: what, code: code, pure: expr, place: c.place, fn: f.Stmts[0].(*syntax.DefStmt), ctx: h.ctx})
	if strings.Contains(code.Src, "before") {
		c.p.usesBefore = true
	}
	c.p.prints = c.p.prints || strings.Contains(code.Src, "print")
	predeclared := c.predeclaredFor(f)
	h.fn = c.init(prog, predeclared, what)
	if h.fn == nil {
		return nil
	}
	h.direct = c.direct.hook(f.Stmts[0].(*syntax.DefStmt), predeclared, h.lendsReturn)
	c.p.countHook(h)
	return h
}

// bareCombinations reports whether e is one call of the engine's
// combinations() (not a name the hook's parameters or the scripts took)
// whose arguments are names, literals and reads of a deck or a board: no
// code of the pack runs before it, which could call combinations() itself
// and keep its list.
func (c *compiler) bareCombinations(e syntax.Expr, params []string) bool {
	call, ok := e.(*syntax.CallExpr)
	if !ok {
		return false
	}
	id, ok := call.Fn.(*syntax.Ident)
	if !ok || id.Name != "combinations" || slices.Contains(params, id.Name) {
		return false
	}
	if b, ok := c.predeclared[id.Name].(*starlark.Builtin); !ok || b.Name() != "combinations" {
		return false
	}
	for _, a := range call.Args {
		if !c.plainArg(a, 1) {
			return false
		}
	}
	return true
}

// listComprehension reports whether e is [... for ...].
func listComprehension(e syntax.Expr) bool {
	comp, ok := e.(*syntax.Comprehension)
	return ok && !comp.Curly
}

// plainCall reports whether e is one call of a name with names and
// literals for arguments: no code runs but the callee's.
func plainCall(e syntax.Expr) bool {
	call, ok := e.(*syntax.CallExpr)
	if !ok {
		return false
	}
	if _, ok := call.Fn.(*syntax.Ident); !ok {
		return false
	}
	for _, a := range call.Args {
		switch a.(type) {
		case *syntax.Ident, *syntax.Literal:
		default:
			return false
		}
	}
	return true
}

// plainArg reports whether e is a name, a literal, or (depth > 0) a call of
// a deck's or a board's method with such arguments.
func (c *compiler) plainArg(e syntax.Expr, depth int) bool {
	switch e := e.(type) {
	case *syntax.Ident, *syntax.Literal:
		return true
	case *syntax.CallExpr:
		dot, ok := e.Fn.(*syntax.DotExpr)
		if !ok || depth == 0 {
			return false
		}
		recv, ok := dot.X.(*syntax.Ident)
		if !ok {
			return false
		}
		switch c.predeclared[recv.Name].(type) {
		case *deckValue, *boardValue:
		default:
			return false
		}
		for _, a := range e.Args {
			if !c.plainArg(a, depth-1) {
				return false
			}
		}
		return true
	}
	return false
}

// nativeCall recognizes an expression that only calls a method of a native
// component (board or deck) with context names or literals as arguments, maybe
// negated: "board.moves(player)", "not board.has_move(player)",
// "board.empty()". Such a hook calls the component directly, without a
// Starlark frame: the hot path of domains and preconditions.
func (c *compiler) nativeCall(e syntax.Expr, h *hook) *nativeHook {
	n := &nativeHook{}
	if u, ok := e.(*syntax.UnaryExpr); ok && u.Op == syntax.NOT {
		n.not, e = true, u.X
	}
	call, ok := e.(*syntax.CallExpr)
	if !ok {
		return nil
	}
	dot, ok := call.Fn.(*syntax.DotExpr)
	if !ok {
		return nil
	}
	recv, ok := dot.X.(*syntax.Ident)
	if !ok {
		return nil
	}
	switch v := c.predeclared[recv.Name].(type) {
	case *boardValue:
		if i := boardMethod(dot.Name.Name); i >= 0 {
			n.fn = v.methods[i]
		}
		if dot.Name.Name == "empty" && len(call.Args) == 0 && !n.not {
			n.empty = v
		}
		if dot.Name.Name == "moves" && len(call.Args) == 1 && !n.not {
			n.moves = v
		}
	case *deckValue:
		n.fn = v.methods[dot.Name.Name]
	}
	if n.fn == nil {
		return nil
	}
	for _, a := range call.Args {
		switch a := a.(type) {
		case *syntax.Ident:
			k := ctxIndex(a.Name)
			if k != ctxPlayer && k != ctxActive {
				return nil
			}
			n.args = append(n.args, nativeArg{ctx: k})
		case *syntax.Literal:
			var v starlark.Value
			switch x := a.Value.(type) {
			case int64:
				v = starlark.MakeInt64(x)
			case string:
				v = starlark.String(x)
			default:
				return nil
			}
			n.args = append(n.args, nativeArg{ctx: -1, lit: v})
		default:
			return nil
		}
	}
	return n
}

// nativeHook is a hook that calls a native component's method directly.
type nativeHook struct {
	fn    *starlark.Builtin
	args  []nativeArg
	not   bool
	empty *boardValue // set for "board.empty()": legal lists its cells without a list
	moves *boardValue // set for "board.moves(X)": legal lists its cells from the bitboards
}

type nativeArg struct {
	ctx int // ctxPlayer or ctxActive, or -1 for lit
	lit starlark.Value
}

func (c *compiler) init(prog *starlark.Program, predeclared starlark.StringDict, what string) starlark.Callable {
	th := &starlark.Thread{Name: "compile"}
	g, err := prog.Init(th, predeclared)
	if err != nil {
		c.errs = append(c.errs, runError(c.p.file, what, err))
		return nil
	}
	g.Freeze()
	return g["__hook"].(*starlark.Function)
}

func ctxIndex(name string) int {
	for k, n := range ctxNames {
		if n == name {
			return k
		}
	}
	return -1
}

// RunError is an error raised by a pack's code while a match runs: the code's
// place in the YAML file and the Starlark backtrace. Err is its cause when
// Starlark raised it (a *starlark.EvalError, whose own cause is the Go error of
// a builtin): errors.As reaches it through a RunError.
type RunError struct {
	File string
	Pos  graph.Pos // the failing line: the innermost frame of the call stack in the pack's file
	What string    // the place of the code, for people: "action playCard body"
	Msg  string
	// Source is where the failing code is in the pack, as a slash path
	// ("actions/playCard/body", "object_types/elf/whenever/lord",
	// "states/3/action"; see [Event]): the code to open. For a dead end it is
	// the state ("states/3"); "" when no one piece of code failed (a trigger
	// loop).
	Source    string
	Backtrace string       // Starlark's backtrace, as Starlark prints it
	Trace     []TraceFrame // the same call stack, outermost first, for tools
	Err       error
}

// TraceFrame is one frame of a run error's Starlark call stack.
type TraceFrame struct {
	// Func is the Starlark function: a script's function by its name, a
	// builtin by its ("next_state"), and "<code>" for the code written in a
	// field of the pack (a body, a condition...).
	Func string
	// File and Pos place the frame: the pack's file and the line and column
	// in it; empty for builtins, which have no source.
	File string
	Pos  graph.Pos
}

// Unwrap returns the Starlark error the RunError reports, if any.
func (e *RunError) Unwrap() error { return e.Err }

// Error formats the error as "file:line:col: what: msg" (without the backtrace).
func (e *RunError) Error() string {
	if e.Pos.IsValid() {
		return fmt.Sprintf("%s:%d:%d: %s: %s", e.File, e.Pos.Line, e.Pos.Column, e.What, e.Msg)
	}
	return fmt.Sprintf("%s: %s: %s", e.File, e.What, e.Msg)
}

func runError(file, what string, err error) error {
	var re *RunError
	if errors.As(err, &re) {
		return re
	}
	out := &RunError{File: file, What: what, Msg: err.Error(), Err: err}
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		stripGuards(ee)
		out.Msg = ee.Msg
		out.Backtrace = backtrace(ee)
		for _, fr := range ee.CallStack {
			tf := TraceFrame{Func: fr.Name}
			if fr.Name == "__hook" {
				tf.Func = "<code>"
			}
			if fr.Pos.IsValid() && fr.Pos.Filename() != "<builtin>" {
				tf.File, tf.Pos = fr.Pos.Filename(), graph.Pos{Line: int(fr.Pos.Line), Column: int(fr.Pos.Col)}
			}
			out.Trace = append(out.Trace, tf)
		}
		// The innermost frame in the pack's file is the place to show.
		for i := len(ee.CallStack) - 1; i >= 0; i-- {
			fr := ee.CallStack[i]
			if fr.Pos.Filename() == file {
				out.Pos = graph.Pos{Line: int(fr.Pos.Line), Column: int(fr.Pos.Col)}
				break
			}
		}
	}
	return out
}

// sortedKeys returns the keys of a string-keyed map in order.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
