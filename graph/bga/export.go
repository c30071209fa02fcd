package bga

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// Export writes p as a states.inc.php text that BGA accepts: the opening tag, a
// header comment, the pack's namespace, use declarations and requires, its
// constants as define() calls inside an if (!defined(...)) guard, and
// $machinestates as a short-syntax array. Each state's fields come in a fixed
// order (name, description, descriptionmyturn, type, action, args,
// possibleactions, transitions, updateGameProgression, initialprivate, then its
// Extra keys in order). Ids, targets and the strings listed in p.Symbolic are
// written as code, as the author wrote them; non-empty descriptions (and Extra
// strings whose key starts with "description") are wrapped in clienttranslate().
// A state whose type is a StateType enum case (StateType::GAME), as in BGA's
// newer files, is written as a GameStateBuilder::create()->...->build() chain,
// unless it has Extra keys or initialprivate, which the chain cannot hold: then
// it is an array with 'type' => StateType::GAME->value (the case's string). In a
// pack that uses GameStateBuilder, states exactly like the ones
// GameStateBuilder::gameSetup(n) and ::endScore() build are written that way.
//
// The seed model's state fields (params, ending, endaction, clauses) have no
// place in a states.inc.php file and are not written. Export fails on what BGA
// cannot hold: an action or args that is code rather than a method name, or a
// constant name that is not PHP.
//
// Importing the result gives a pack equal to p (up to positions) when p came
// from [Import].
func Export(p *graph.Pack) (out []byte, err error) {
	if p == nil {
		return nil, fmt.Errorf("export: no pack")
	}
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("export %s: internal error: %v", p.Name, r)
		}
	}()
	w := &writer{sym: map[string]bool{}}
	for _, s := range p.Symbolic {
		w.sym[s] = true
	}
	for _, u := range p.Uses {
		if u == "GameStateBuilder" || strings.HasSuffix(u, `\GameStateBuilder`) {
			w.builder = "GameStateBuilder"
		}
	}
	return w.pack(p)
}

type writer struct {
	buf     bytes.Buffer
	sym     map[string]bool
	builder string // how to name GameStateBuilder, "" when the pack does not use it
}

func (w *writer) printf(format string, args ...any) { fmt.Fprintf(&w.buf, format, args...) }

func (w *writer) pack(p *graph.Pack) ([]byte, error) {
	name := p.Name
	if name == "" {
		name = "game"
	}
	w.printf("<?php\n")
	w.printf("/**\n * states.inc.php\n *\n * %s game states description.\n *\n", commentSafe(name))
	w.printf(" * Written by Rule Studio from the rule pack %q.\n", commentSafe(name))
	w.printf(" * !! It is not a good idea to modify this file when a game is running !!\n */\n\n")
	if p.Namespace != "" {
		if !phpName.MatchString(p.Namespace) {
			return nil, fmt.Errorf("export %s: namespace %q is not a PHP name", name, p.Namespace)
		}
		w.printf("namespace %s;\n\n", p.Namespace)
	}
	for _, u := range p.Uses {
		if !validUse(u) {
			return nil, fmt.Errorf("export %s: use declaration %q is not PHP", name, u)
		}
		w.printf("use %s;\n", u)
	}
	if len(p.Uses) > 0 {
		w.printf("\n")
	}
	for _, r := range p.Requires {
		if rest, ok := strings.CutPrefix(r, "__DIR__"); ok {
			w.printf("require_once __DIR__ . %s;\n", phpString(rest))
		} else {
			w.printf("require_once %s;\n", phpString(r))
		}
	}
	if len(p.Requires) > 0 {
		w.printf("\n")
	}
	if len(p.Constants) > 0 {
		w.printf("if (!defined(%s)) { // guard: this file is included several times\n", phpString(p.Constants[0].Name))
		for _, c := range p.Constants {
			v, err := w.value(c.Value, false)
			if err != nil {
				return nil, fmt.Errorf("export %s: constant %s: %w", name, c.Name, err)
			}
			w.printf("    define(%s, %s);\n", phpString(c.Name), v)
		}
		w.printf("}\n\n")
	}
	w.printf("$machinestates = [\n")
	for i, s := range p.States {
		if s == nil {
			return nil, fmt.Errorf("export %s: state %d is missing", name, i+1)
		}
		if i > 0 {
			w.printf("\n")
		}
		if err := w.state(s); err != nil {
			return nil, fmt.Errorf("export %s: state %s: %w", name, s.ID, err)
		}
	}
	w.printf("];\n")
	return w.buf.Bytes(), nil
}

// validUse reports whether u is a use declaration as the importer writes it.
func validUse(u string) bool {
	lx := newLexer([]byte(u+";"), "")
	lx.php = true
	t, err := lx.next()
	if err != nil {
		return false
	}
	var cur token
	next := func() error {
		var err error
		cur, err = lx.next()
		return err
	}
	got, err := useText("", t, next, func() token { return cur })
	return err == nil && got == u && u != "" && lx.off == len(u)+1
}

// commentSafe keeps a name from closing the header comment.
func commentSafe(s string) string { return strings.ReplaceAll(s, "*/", "* /") }

var (
	phpName  = regexp.MustCompile(`^\\?[A-Za-z_\x80-\xff][A-Za-z0-9_\x80-\xff]*(\\[A-Za-z_\x80-\xff][A-Za-z0-9_\x80-\xff]*)*$`)
	phpIdent = regexp.MustCompile(`^[A-Za-z_\x80-\xff][A-Za-z0-9_\x80-\xff]*$`)
)

// id writes a state id as its author wrote it.
func (w *writer) id(id graph.StateID) (string, error) {
	if id.Const == "" {
		return strconv.Itoa(id.Num), nil
	}
	if err := checkCode(id.Const); err != nil {
		return "", err
	}
	return id.Const, nil
}

// str writes a string, or the code it stands for when it is symbolic.
func (w *writer) str(s string) (string, error) {
	if w.sym[s] {
		if err := checkCode(s); err != nil {
			return "", err
		}
		return s, nil
	}
	return phpString(s), nil
}

// translated writes a description: clienttranslate('...') unless empty or
// symbolic.
func (w *writer) translated(s string) (string, error) {
	if s == "" || w.sym[s] {
		return w.str(s)
	}
	return "clienttranslate(" + phpString(s) + ")", nil
}

// method writes an action or args: a BGA method name. A designer's pack
// often holds the Starlark code itself there; the error quotes its first
// line only and says how to make the state exportable.
func (w *writer) method(c graph.Code) (string, error) {
	if !phpIdent.MatchString(c.Src) && !w.sym[c.Src] {
		src := c.Src
		if i := strings.IndexByte(src, '\n'); i >= 0 {
			src = src[:i] + "…"
		}
		return "", fmt.Errorf("%q is Starlark code, not a PHP method name: to export the state, put the code in a function of scripts and give the function's name", src)
	}
	return w.str(c.Src)
}

func (w *writer) state(s *graph.State) error {
	key, err := w.id(s.ID)
	if err != nil {
		return err
	}
	type field struct{ k, v string }
	var fs []field
	add := func(k string, v string, err error) error {
		if err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
		fs = append(fs, field{k, v})
		return nil
	}
	var v string
	v, err = w.str(s.Name)
	if err := add("name", v, err); err != nil {
		return err
	}
	if s.Description != "" || s.Type != graph.Private {
		v, err = w.translated(s.Description)
		if err := add("description", v, err); err != nil {
			return err
		}
	}
	if s.DescriptionMyTurn != "" {
		v, err = w.translated(s.DescriptionMyTurn)
		if err := add("descriptionmyturn", v, err); err != nil {
			return err
		}
	}
	switch {
	case s.TypeConst != "":
		if err := checkCode(s.TypeConst); err != nil {
			return add("type", "", err)
		}
		v = s.TypeConst
		if strings.Contains(v, "::") && !strings.HasSuffix(v, "->value") {
			v += "->value" // an enum case; BGA's arrays hold its string
		}
		_ = add("type", v, nil)
	default:
		_ = add("type", phpString(string(s.Type)), nil)
	}
	if !s.Action.IsZero() {
		v, err = w.method(s.Action)
		if err := add("action", v, err); err != nil {
			return err
		}
	}
	if !s.Args.IsZero() {
		v, err = w.method(s.Args)
		if err := add("args", v, err); err != nil {
			return err
		}
	}
	if s.PossibleActions != nil {
		parts := make([]string, len(s.PossibleActions))
		for i, a := range s.PossibleActions {
			if parts[i], err = w.str(a); err != nil {
				return fmt.Errorf("possibleactions: %w", err)
			}
		}
		_ = add("possibleactions", "["+strings.Join(parts, ", ")+"]", nil)
	}
	if s.Transitions != nil {
		parts := make([]string, len(s.Transitions))
		for i, t := range s.Transitions {
			n, err := w.str(t.Name)
			if err != nil {
				return fmt.Errorf("transition %q: %w", t.Name, err)
			}
			to, err := w.id(t.To)
			if err != nil {
				return fmt.Errorf("transition %q: %w", t.Name, err)
			}
			parts[i] = n + " => " + to
		}
		_ = add("transitions", "["+strings.Join(parts, ", ")+"]", nil)
	}
	if s.UpdateGameProgression {
		_ = add("updateGameProgression", "true", nil)
	}
	if s.InitialPrivate != nil {
		v, err = w.id(*s.InitialPrivate)
		if err := add("initialprivate", v, err); err != nil {
			return err
		}
	}
	for _, e := range s.Extra {
		if standardKeys[e.Key] {
			return fmt.Errorf("extra key %q is a standard field", e.Key)
		}
		v, err = w.value(e.Value, strings.HasPrefix(e.Key, "description"))
		if err := add(e.Key, v, err); err != nil {
			return err
		}
	}
	if w.builderForm(s) {
		w.printf("    %s => %s::create()\n", key, w.builderClass())
		for _, f := range fs {
			v := f.v
			if f.k == "type" {
				v = s.TypeConst // the enum case itself, as ->type() takes it
			}
			w.printf("        ->%s(%s)\n", f.k, v)
		}
		w.printf("        ->build(),\n")
		return nil
	}
	if n, ok := w.setupShape(s); ok {
		w.printf("    %s => %s::gameSetup(%s)->build(),\n", key, w.builderClass(), n)
		return nil
	}
	if w.builder != "" && endScoreShape(s) {
		w.printf("    %s => %s::endScore()->build(),\n", key, w.builderClass())
		return nil
	}
	w.printf("    %s => [\n", key)
	for _, f := range fs {
		w.printf("        %s => %s,\n", phpString(f.k), f.v)
	}
	w.printf("    ],\n")
	return nil
}

// builderForm reports whether a state is written as a GameStateBuilder chain:
// when its type is a StateType enum case (as builder files write it), and it has
// nothing the builder cannot say (Extra keys, initialprivate).
func (w *writer) builderForm(s *graph.State) bool {
	cls, _, ok := strings.Cut(strings.TrimSuffix(s.TypeConst, "->value"), "::")
	if !ok || len(s.Extra) > 0 || s.InitialPrivate != nil || strings.HasSuffix(s.TypeConst, "->value") {
		return false
	}
	return cls == "StateType" || strings.HasSuffix(cls, `\StateType`)
}

func (w *writer) builderClass() string {
	if w.builder != "" {
		return w.builder
	}
	return `\Bga\GameFramework\GameStateBuilder`
}

// setupShape reports whether s is exactly what GameStateBuilder::gameSetup(n)
// builds, in a pack that uses the builder, and returns n as written.
func (w *writer) setupShape(s *graph.State) (string, bool) {
	if w.builder == "" || s.Name != "gameSetup" || s.Type != graph.Manager || s.TypeConst != "" ||
		s.Description != "" || s.DescriptionMyTurn != "" || s.Action.Src != "stGameSetup" || !s.Args.IsZero() ||
		s.PossibleActions != nil || len(s.Transitions) != 1 || s.Transitions[0].Name != "" ||
		s.UpdateGameProgression || s.InitialPrivate != nil || len(s.Extra) > 0 || w.sym["gameSetup"] || w.sym[""] {
		return "", false
	}
	n, err := w.id(s.Transitions[0].To)
	return n, err == nil
}

// endScoreShape reports whether s is what GameStateBuilder::endScore() builds.
func endScoreShape(s *graph.State) bool {
	return s.Name == "endScore" && s.Type == graph.Game && s.TypeConst == "" && s.Description == "" &&
		s.DescriptionMyTurn == "" && s.Action.Src == "stEndScore" && s.Args.IsZero() && s.PossibleActions == nil &&
		len(s.Transitions) == 1 && s.Transitions[0].Name == "" && s.Transitions[0].To == graph.NumID(graph.EndID) &&
		!s.UpdateGameProgression && s.InitialPrivate == nil && len(s.Extra) == 0
}

// value writes a graph.Value as a PHP literal. translate wraps non-empty
// strings in clienttranslate().
func (w *writer) value(v graph.Value, translate bool) (string, error) {
	switch v.Kind {
	case graph.NullValue:
		return "null", nil
	case graph.BoolValue:
		return strconv.FormatBool(v.Bool), nil
	case graph.IntValue:
		return strconv.FormatInt(v.Int, 10), nil
	case graph.FloatValue:
		if math.IsInf(v.Float, 0) || math.IsNaN(v.Float) {
			return "", fmt.Errorf("%v has no PHP literal", v.Float)
		}
		s := strconv.FormatFloat(v.Float, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eEn") {
			s += ".0"
		}
		return s, nil
	case graph.StringValue:
		if translate && v.Str != "" {
			return "clienttranslate(" + phpString(v.Str) + ")", nil
		}
		return phpString(v.Str), nil
	case graph.ConstValue:
		if err := checkCode(v.Str); err != nil {
			return "", err
		}
		return v.Str, nil
	case graph.ListValue:
		parts := make([]string, len(v.List))
		for i, it := range v.List {
			s, err := w.value(it, translate)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	case graph.MapValue:
		parts := make([]string, len(v.Map))
		for i, e := range v.Map {
			switch e.Key.Kind {
			case graph.IntValue, graph.StringValue, graph.ConstValue:
			default:
				return "", fmt.Errorf("a PHP array key must be an integer, a string or a constant, not %s", e.Key)
			}
			k, err := w.value(e.Key, false)
			if err != nil {
				return "", err
			}
			val, err := w.value(e.Value, translate)
			if err != nil {
				return "", err
			}
			parts[i] = k + " => " + val
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	}
	return "", fmt.Errorf("unknown value kind %d", v.Kind)
}

// phpString quotes s as a single-quoted PHP string.
func phpString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		if s[i] == '\'' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('\'')
	return b.String()
}

// checkCode accepts the code a symbolic string may hold: constants (NAME,
// Class::NAME, Class::NAME->value) and single-quoted strings joined by ".".
// Anything else could not have come from an import and is refused, so that
// export never writes arbitrary PHP.
func checkCode(s string) error {
	lx := newLexer([]byte(s), "")
	lx.php = true
	want := "operand"
	for {
		t, err := lx.next()
		if err != nil || !lx.php {
			return fmt.Errorf("%q is not a PHP constant", s)
		}
		switch {
		case t.kind == tEOF:
			if want == "operand" {
				return fmt.Errorf("%q is not a PHP constant", s)
			}
			return nil
		case want == "operand" && t.kind == tIdent && phpName.MatchString(t.text) && !isKeywordName(t.text):
			want = "operator"
			// Class::NAME and ->value
			for {
				save := *lx
				t2, err := lx.next()
				if err != nil {
					return fmt.Errorf("%q is not a PHP constant", s)
				}
				if t2.kind == tPunct && t2.text == "::" {
					t3, err := lx.next()
					if err != nil || t3.kind != tIdent || !phpIdent.MatchString(t3.text) {
						return fmt.Errorf("%q is not a PHP constant", s)
					}
					continue
				}
				if t2.kind == tPunct && t2.text == "->" {
					t3, err := lx.next()
					if err != nil || t3.kind != tIdent || t3.text != "value" {
						return fmt.Errorf("%q is not a PHP constant", s)
					}
					continue
				}
				*lx = save
				break
			}
		case want == "operand" && t.kind == tString && !t.dq && strings.HasPrefix(s[t.off:], "'"):
			want = "operator"
		case want == "operand" && t.kind == tInt:
			want = "operator"
		case want == "operator" && t.kind == tPunct && t.text == ".":
			want = "operand"
		default:
			return fmt.Errorf("%q is not a PHP constant", s)
		}
	}
}

// isKeywordName reports names that are PHP literals or keywords rather than
// constants.
func isKeywordName(s string) bool {
	switch strings.ToLower(s) {
	case "true", "false", "null", "array", "new", "function", "fn", "clone", "print", "echo", "include",
		"include_once", "require", "require_once", "exit", "die", "eval", "isset", "empty", "list", "match", "static":
		return true
	}
	return computing[strings.ToLower(s)] != ""
}
