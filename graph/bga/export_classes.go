package bga

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// File is one file an export writes: its path (with "/", relative to the
// game's folder) and its content.
type File struct {
	Path string
	Data []byte
}

// ExportClasses writes p as BGA State classes, the form BGA's newer games
// use: one class per state in modules/php/States/<Class>.php, in namespace
// Bga\Games\<pack name>\States, with stubs a developer fills in (getArgs when
// the state has args, onEnteringState when it has an action, a
// #[PossibleAction] method per possible action, zombie in every state that is
// not a game state, as BGA requires), and the constants its ids need: plain
// ones in modules/php/constants.inc.php (BGA includes it), Class::NAME ones
// as classes (an enum for Class::NAME->value) under modules/php.
//
// A state's class is its name made a PHP class name (playerTurn gives
// PlayerTurn; name: is passed when the two differ, since BGA's default name is
// the class name). Declared transitions are passed as transitions:, with
// X::class for states of the pack. Inferred transitions are returned by the
// stubs: by onEnteringState when the state has an action, else by each
// possible action, else by zombie, else by an onEnteringState written for
// them; onEnteringState also returns the state's only transition when it has
// one. Importing the result with [ImportStates] gives the same states (ids,
// names, types, descriptions, transitions declared and inferred, possible
// actions, updateGameProgression, initialprivate).
//
// States of type manager are BGA's own (1 gameSetup, 99 gameEnd) and are not
// written; transitions to them keep their ids. A possible action that is not
// a PHP method name and a constant name that is not PHP are errors. What a State class
// has no place for is not written: the action and args method names
// (onEnteringState and getArgs replace them; their names are kept in a
// comment), Extra keys and the seed model's fields.
func ExportClasses(p *graph.Pack) (files []File, err error) {
	if p == nil {
		return nil, fmt.Errorf("export: no pack")
	}
	defer func() {
		if r := recover(); r != nil {
			files, err = nil, fmt.Errorf("export %s: internal error: %v", p.Name, r)
		}
	}()
	x := &classWriter{p: p, ns: `Bga\Games\` + namespaceName(p.Name), sym: map[string]bool{}, class: map[string]string{}}
	for _, s := range p.Symbolic {
		x.sym[s] = true
	}
	if err := x.names(); err != nil {
		return nil, err
	}
	for _, s := range x.states {
		data, err := x.stateFile(s)
		if err != nil {
			return nil, fmt.Errorf("export %s: state %s: %w", p.Name, s.ID, err)
		}
		files = append(files, File{Path: "modules/php/States/" + x.class[s.ID.String()] + ".php", Data: data})
	}
	consts, err := x.constantFiles()
	if err != nil {
		return nil, fmt.Errorf("export %s: %w", p.Name, err)
	}
	files = append(files, consts...)
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

// classWriter writes one pack's State classes.
type classWriter struct {
	p      *graph.Pack
	ns     string // the game's namespace
	sym    map[string]bool
	states []*graph.State    // the states written as classes
	class  map[string]string // state id as written => class name
	byKey  map[string]string // state key (Pack.Key) => class name
	uses   map[string]bool   // constant classes the current file uses
	buf    strings.Builder   // the current file
}

// reservedClassNames are PHP's reserved words, which cannot name a class.
var reservedClassNames = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`abstract and array as break callable case catch class clone const continue declare default do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile enum eval exit extends final finally fn for foreach function global goto if implements include include_once instanceof insteadof interface isset list match namespace new or print private protected public readonly require require_once return static switch throw trait try unset use var while xor yield bool false float int iterable mixed never null numeric object parent resource self string true void`) {
		reservedClassNames[w] = true
	}
}

// phpClassName makes name a PHP class name: letters, digits and _ kept, the
// first letter upper case ("playerTurn" gives "PlayerTurn", "end-score"
// gives "EndScore"); def when nothing is left.
func phpClassName(name, def string) string {
	var b strings.Builder
	upper := true
	for _, r := range name {
		switch {
		case r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			if upper && r >= 'a' && r <= 'z' {
				r -= 'a' - 'A'
			}
			b.WriteRune(r)
			upper = false
		default:
			upper = true
		}
	}
	out := b.String()
	if out == "" || out[0] >= '0' && out[0] <= '9' {
		out = def + out
	}
	if reservedClassNames[strings.ToLower(out)] {
		out += "State"
	}
	return out
}

// namespaceName makes a pack name the last part of the game's namespace
// Bga\Games\<name>: letters, digits and _ kept as they are ("azul" stays
// "azul", "dont-let-it-die" gives "dontletitdie").
func namespaceName(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			b.WriteRune(r)
		}
	}
	out := b.String()
	if out == "" || out[0] >= '0' && out[0] <= '9' || reservedClassNames[strings.ToLower(out)] {
		out = "Game" + out
	}
	return out
}

// names picks each state's class name, unique ignoring case (as PHP class and
// file names are).
func (x *classWriter) names() error {
	x.byKey = map[string]string{}
	taken := map[string]bool{}
	for i, s := range x.p.States {
		if s == nil {
			return fmt.Errorf("export %s: state %d is missing", x.p.Name, i+1)
		}
		if s.Type == graph.Manager {
			// BGA's own states (1 gameSetup, 99 gameEnd): a game written in
			// classes does not declare them.
			continue
		}
		name := phpClassName(s.Name, "State"+phpClassName(s.ID.String(), ""))
		try := name
		for n := 2; taken[strings.ToLower(try)]; n++ {
			try = name + strconv.Itoa(n)
		}
		taken[strings.ToLower(try)] = true
		x.class[s.ID.String()] = try
		x.byKey[x.p.Key(s.ID)] = try
		x.states = append(x.states, s)
	}
	return nil
}

func (x *classWriter) printf(format string, args ...any) { fmt.Fprintf(&x.buf, format, args...) }

// target writes a transition target: X::class for a state written as a
// class whose id is written the same way (so that importing gives the same
// id back), else the id as written.
func (x *classWriter) target(id graph.StateID) (string, error) {
	if c, ok := x.class[id.String()]; ok && x.byKey[x.p.Key(id)] == c {
		return c + "::class", nil
	}
	return x.id(id)
}

// id writes a state id as written, noting the constant class it needs.
func (x *classWriter) id(id graph.StateID) (string, error) {
	if id.Const == "" {
		return strconv.Itoa(id.Num), nil
	}
	if err := checkCode(id.Const); err != nil {
		return "", err
	}
	if cls, _, ok := strings.Cut(id.Const, "::"); ok {
		if !phpIdent.MatchString(cls) {
			return "", fmt.Errorf("constant %s: the class %s is not a plain PHP class name", id.Const, cls)
		}
		if x.shadowed(cls) {
			// A use line would clash with the name in the state's file:
			// the constant class is named in full.
			return `\` + x.ns + `\` + id.Const, nil
		}
		x.uses[cls] = true
	}
	return id.Const, nil
}

// shadowed reports whether a constant class cls of the game's namespace
// cannot be imported with a use line into a state's file, because its name
// (ignoring case, as PHP compares class names) is already a State class of
// the export, which the file's namespace names, or one of the framework's
// classes the file uses.
func (x *classWriter) shadowed(cls string) bool {
	switch strings.ToLower(cls) {
	case "statetype", "gamestate", "possibleaction":
		return true
	case "game":
		return cls != "Game" // Game itself is used already
	}
	for _, c := range x.class {
		if strings.EqualFold(c, cls) {
			return true
		}
	}
	return false
}

// str writes a string, or the code it stands for when it is symbolic.
func (x *classWriter) str(s string) (string, error) {
	if x.sym[s] {
		if err := checkCode(s); err != nil {
			return "", err
		}
		return s, nil
	}
	return phpString(s), nil
}

// translated writes a description in clienttranslate().
func (x *classWriter) translated(s string) (string, error) {
	if x.sym[s] {
		return x.str(s)
	}
	return "clienttranslate(" + phpString(s) + ")", nil
}

// stateTypes are the StateType enum cases of BGA's State classes.
var stateTypes = map[graph.StateType]string{
	graph.ActivePlayer:         "StateType::ACTIVE_PLAYER",
	graph.MultipleActivePlayer: "StateType::MULTIPLE_ACTIVE_PLAYER",
	graph.Private:              "StateType::PRIVATE",
	graph.Game:                 "StateType::GAME",
}

// stateFile writes the class of state s.
func (x *classWriter) stateFile(s *graph.State) ([]byte, error) {
	x.buf.Reset()
	x.uses = map[string]bool{}
	cls := x.class[s.ID.String()]
	ctor, err := x.ctorArgs(s, cls)
	if err != nil {
		return nil, err
	}
	body, err := x.methods(s)
	if err != nil {
		return nil, err
	}
	x.printf("<?php\n\n/**\n * State %s of the rule pack %q, written by Rule Studio.\n */\n\n", commentSafe(s.ID.String()), commentSafe(x.p.Name))
	x.printf("declare(strict_types=1);\n\nnamespace %s\\States;\n\n", x.ns)
	uses := []string{`Bga\GameFramework\StateType`, `Bga\GameFramework\States\GameState`, x.ns + `\Game`}
	if len(s.PossibleActions) > 0 {
		uses = append(uses, `Bga\GameFramework\States\PossibleAction`)
	}
	for c := range x.uses {
		if c != "Game" { // Game's constants are in the game's class, used already
			uses = append(uses, x.ns+`\`+c)
		}
	}
	sort.Strings(uses)
	for _, u := range uses {
		x.printf("use %s;\n", u)
	}
	x.printf("\nclass %s extends GameState\n{\n", cls)
	x.printf("    function __construct(\n        protected Game $game,\n    ) {\n        parent::__construct($game,\n")
	for _, a := range ctor {
		x.printf("            %s,\n", a)
	}
	x.printf("        );\n    }\n")
	x.buf.WriteString(body)
	x.printf("}\n")
	return []byte(x.buf.String()), nil
}

// ctorArgs returns the named arguments of the state's GameState constructor.
func (x *classWriter) ctorArgs(s *graph.State, cls string) ([]string, error) {
	id, err := x.id(s.ID)
	if err != nil {
		return nil, fmt.Errorf("id: %w", err)
	}
	typ, ok := stateTypes[s.Type]
	if !ok {
		return nil, fmt.Errorf("type %q has no StateType case", s.Type)
	}
	args := []string{"id: " + id, "type: " + typ}
	if s.Name != cls {
		v, err := x.str(s.Name)
		if err != nil {
			return nil, fmt.Errorf("name: %w", err)
		}
		args = append(args, "name: "+v)
	}
	if s.Description != "" {
		v, err := x.translated(s.Description)
		if err != nil {
			return nil, fmt.Errorf("description: %w", err)
		}
		args = append(args, "description: "+v)
	}
	if s.DescriptionMyTurn != "" {
		v, err := x.translated(s.DescriptionMyTurn)
		if err != nil {
			return nil, fmt.Errorf("descriptionMyTurn: %w", err)
		}
		args = append(args, "descriptionMyTurn: "+v)
	}
	var declared []string
	for _, t := range s.Transitions {
		if t.Inferred {
			continue
		}
		n, err := x.str(t.Name)
		if err != nil {
			return nil, fmt.Errorf("transition %q: %w", t.Name, err)
		}
		to, err := x.target(t.To)
		if err != nil {
			return nil, fmt.Errorf("transition %q: %w", t.Name, err)
		}
		declared = append(declared, n+" => "+to)
	}
	if declared != nil {
		args = append(args, "transitions: ["+strings.Join(declared, ", ")+"]")
	}
	if s.UpdateGameProgression {
		args = append(args, "updateGameProgression: true")
	}
	if s.InitialPrivate != nil {
		to, err := x.target(*s.InitialPrivate)
		if err != nil {
			return nil, fmt.Errorf("initialprivate: %w", err)
		}
		args = append(args, "initialPrivate: "+to)
	}
	return args, nil
}

// methods writes the stubs of a state's class.
func (x *classWriter) methods(s *graph.State) (string, error) {
	var inferred []string
	for _, t := range s.Transitions {
		if t.Inferred {
			to, err := x.target(t.To)
			if err != nil {
				return "", fmt.Errorf("transition %q: %w", t.Name, err)
			}
			inferred = append(inferred, to)
		}
	}
	for _, a := range s.PossibleActions {
		if !phpIdent.MatchString(a) {
			return "", fmt.Errorf("possible action %q is not a PHP method name", a)
		}
	}
	player := s.Type != graph.Game
	// Where the inferred transitions are returned (see ExportClasses).
	home := "onEnteringState"
	switch {
	case !s.Action.IsZero():
	case len(s.PossibleActions) > 0:
		home = "actions"
	case player:
		home = "zombie"
	}
	var b strings.Builder
	if !s.Args.IsZero() {
		fmt.Fprintf(&b, "\n    public function getArgs(): array\n    {\n        // TODO: the data the client needs in this state%s.\n        return [];\n    }\n", was(s.Args.Src, "getArgs"))
	}
	if !s.Action.IsZero() || home == "onEnteringState" && len(inferred) > 0 {
		returns := inferred
		if len(s.Transitions) == 1 && !s.Transitions[0].Inferred {
			to, err := x.target(s.Transitions[0].To)
			if err != nil {
				return "", err
			}
			returns = []string{to}
		}
		fmt.Fprintf(&b, "\n    public function onEnteringState()\n    {\n        // TODO: what the game does when it enters this state%s.\n", was(s.Action.Src, "onEnteringState"))
		b.WriteString(stubReturns(returns))
		b.WriteString("    }\n")
	}
	for _, a := range s.PossibleActions {
		fmt.Fprintf(&b, "\n    #[PossibleAction]\n    public function %s()\n    {\n        // TODO: check and apply the action (BGA passes arguments by name: int $activePlayerId, array $args, ...).\n", a)
		if home == "actions" {
			b.WriteString(stubReturns(inferred))
		}
		b.WriteString("    }\n")
	}
	if player {
		b.WriteString("\n    public function zombie(int $playerId)\n    {\n        // TODO: play for a player who left the game.\n")
		if home == "zombie" {
			b.WriteString(stubReturns(inferred))
		}
		b.WriteString("    }\n")
	}
	return b.String(), nil
}

// was notes the method name a states.inc.php gave, when it differs. A
// designer's pack holds Starlark code there instead, which is not PHP and
// may span lines a // comment cannot hold: it is only said to be left out.
func was(name, now string) string {
	switch {
	case name == "" || name == now:
		return ""
	case !phpIdent.MatchString(name):
		return " (the pack's Starlark code for it is not exported)"
	}
	return " (was " + name + ")"
}

// stubReturns writes the returns of a stub that leads to the states in
// targets: one return, or a choice the developer fills in.
func stubReturns(targets []string) string {
	switch len(targets) {
	case 0:
		return ""
	case 1:
		return "        return " + targets[0] + ";\n"
	}
	var b strings.Builder
	b.WriteString("        $next = null; // TODO: where the game goes next\n")
	for _, t := range targets[:len(targets)-1] {
		fmt.Fprintf(&b, "        if ($next === %s) {\n            return %s;\n        }\n", phpString(strings.TrimSuffix(t, "::class")), t)
	}
	fmt.Fprintf(&b, "        return %s;\n", targets[len(targets)-1])
	return b.String()
}

// constantFiles writes the constants the ids need: plain names in
// modules/php/constants.inc.php, Class::NAME in a class Class,
// Class::NAME->value in an enum Class.
func (x *classWriter) constantFiles() ([]File, error) {
	var plain []string
	type member struct{ name, value string }
	classes := map[string][]member{}
	enums := map[string]bool{}
	var order []string
	for _, c := range x.p.Constants {
		if err := checkCode(c.Name); err != nil {
			return nil, fmt.Errorf("constant %s: %w", c.Name, err)
		}
		w := &writer{sym: x.sym}
		v, err := w.value(c.Value, false)
		if err != nil {
			return nil, fmt.Errorf("constant %s: %w", c.Name, err)
		}
		cls, name, ok := strings.Cut(c.Name, "::")
		if !ok && !phpIdent.MatchString(c.Name) {
			return nil, fmt.Errorf("constant %s is not a plain PHP constant name", c.Name)
		}
		if !ok {
			plain = append(plain, fmt.Sprintf("const %s = %s;\n", c.Name, v))
			continue
		}
		if !phpIdent.MatchString(cls) {
			return nil, fmt.Errorf("constant %s: the class %s is not a plain PHP class name", c.Name, cls)
		}
		if _, seen := classes[cls]; !seen {
			order = append(order, cls)
		}
		if n, ok := strings.CutSuffix(name, "->value"); ok {
			enums[cls] = true
			classes[cls] = append(classes[cls], member{"case " + n, v})
		} else {
			classes[cls] = append(classes[cls], member{"const " + name, v})
		}
	}
	var out []File
	if len(plain) > 0 {
		var b strings.Builder
		fmt.Fprintf(&b, "<?php\n\n/**\n * The state ids of %s, written by Rule Studio. BGA includes this file by itself.\n */\n\n", commentSafe(x.p.Name))
		for _, line := range plain {
			b.WriteString(line)
		}
		out = append(out, File{Path: "modules/php/constants.inc.php", Data: []byte(b.String())})
	}
	for _, cls := range order {
		var b strings.Builder
		fmt.Fprintf(&b, "<?php\n\n/**\n * State ids of %s, written by Rule Studio.\n */\n\ndeclare(strict_types=1);\n\nnamespace %s;\n\n", commentSafe(x.p.Name), x.ns)
		if enums[cls] {
			fmt.Fprintf(&b, "enum %s: int\n{\n", cls)
		} else {
			fmt.Fprintf(&b, "class %s\n{\n", cls)
		}
		for _, m := range classes[cls] {
			if strings.HasPrefix(m.name, "case ") && !enums[cls] {
				continue
			}
			fmt.Fprintf(&b, "    %s = %s;\n", m.name, m.value)
		}
		b.WriteString("}\n")
		out = append(out, File{Path: "modules/php/" + cls + ".php", Data: []byte(b.String())})
	}
	return out, nil
}
