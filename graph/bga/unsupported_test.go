package bga

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// documentedPattern turns an error docs/bga-import.md lists into a pattern:
// "..." in it stands for any text.
func documentedPattern(doc string) *regexp.Regexp {
	parts := strings.Split(doc, "...")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile(strings.Join(parts, ".*"))
}

// TestUnsupportedClassesAsDocumented reads a State-class game for each error
// docs/bga-import.md lists under "State classes: not supported", checks the
// whole message and its place, and then that every listed error is one of
// them: the list and the importer say the same.
func TestUnsupportedClassesAsDocumented(t *testing.T) {
	base := "abstract class Base extends GameState {\n" +
		"    function __construct(Game $game, int $id) { parent::__construct($game, id: $id, type: StateType::GAME); }\n}\n"
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"no id", map[string]string{"States/S.php": stateClass("S", "type: StateType::GAME", "")},
			"g/modules/php/States/S.php:10:7: class S: no id: argument reaches GameState's constructor"},
		{"no type", map[string]string{"States/S.php": stateClass("S", "id: 2", "")},
			"g/modules/php/States/S.php:10:7: class S: no type: argument reaches GameState's constructor"},
		{"no constructor", map[string]string{"States/S.php": "<?php\nnamespace Bga\\Games\\T\\States;\nuse Bga\\GameFramework\\States\\GameState;\nclass S extends GameState {}\n"},
			"g/modules/php/States/S.php:4:7: class S: no constructor passes its id and type to GameState's"},
		{"no parent call", map[string]string{"States/S.php": strings.Replace(stateClass("S", "id: 2", ""), "parent::__construct($game, id: 2);", "$this->x = 1;", 1)},
			"g/modules/php/States/S.php:12:14: class S: the constructor of S does not call parent::__construct(...)"},
		{"positional", map[string]string{"States/S.php": stateClass("S", "2, StateType::GAME", "")},
			"g/modules/php/States/S.php:14:36: class S: write the arguments of GameState's constructor after $game as named arguments (id: ..., type: ...)"},
		{"unpacking", map[string]string{"States/S.php": stateClass("S", "...$args", "")},
			"g/modules/php/States/S.php:14:36: argument unpacking (...) in parent::__construct() is not supported"},
		{"no parameter", map[string]string{"States/S.php": strings.Replace(stateClass("S", "idx: 3", ""), "class S extends GameState\n", base+"class S extends Base\n", 1)},
			"g/modules/php/States/S.php:17:41: Base's constructor has no parameter $idx"},
		{"id not an id", map[string]string{"States/S.php": stateClass("S", "id: [2], type: StateType::GAME", "")},
			"g/modules/php/States/S.php:14:40: class S: id must be a state id (an integer, a constant or X::class), not an array"},
		{"not a state class", map[string]string{"States/S.php": stateClass("S", "id: 2, type: StateType::GAME, transitions: ['x' => Nope::class]", "")},
			`g/modules/php/States/S.php:14:87: state 2: transitions "x": Nope::class is not a State class of this game`},
		{"type", map[string]string{"States/S.php": stateClass("S", "id: 2, type: StateType::WEIRD", "")},
			"g/modules/php/States/S.php:14:49: state 2: type: unknown state type constant StateType::WEIRD (not defined in this file and not a well-known name)"},
		{"progression", map[string]string{"States/S.php": stateClass("S", "id: 2, type: StateType::GAME, updateGameProgression: PROGRESS", "")},
			`g/modules/php/States/S.php:14:89: state 2: updateGameProgression must be true or false, not the constant PROGRESS`},
		{"call", map[string]string{"States/S.php": stateClass("S", "id: $this->game->nextId(), type: StateType::GAME", "")},
			"g/modules/php/States/S.php:14:40: not declarative: call to $this->game->nextId()"},
		{"variable", map[string]string{"States/S.php": stateClass("S", "id: $nope, type: StateType::GAME", "")},
			"g/modules/php/States/S.php:14:40: undefined variable $nope"},
		{"string and constant", map[string]string{"States/S.php": stateClass("S", "id: 2, type: StateType::GAME, transitions: [GO => 2]", ""),
			"States/T.php": stateClass("T", "id: 3, type: StateType::GAME, name: 'GO'", "")},
			`g/modules/php/States/T.php:14:72: the string "GO" is also written as a constant; Rule Studio cannot keep the two apart`},
		{"transition written twice", map[string]string{"States/S.php": stateClass("S", "id: 2, type: StateType::GAME, transitions: ['ST_X' => 2, ST_X => 2]", "")},
			`g/modules/php/States/S.php:14:93: state 2: transitions: "ST_X" is written twice (once as a constant)`},
		{"initialPrivate", map[string]string{"States/S.php": stateClass("S", "id: 2, type: StateType::MULTIPLE_ACTIVE_PLAYER, initialPrivate: Nope::class", "")},
			`g/modules/php/States/S.php:14:100: state 2: initialPrivate: Nope::class is not a State class of this game`},
		{"no states", map[string]string{"States/Helper.php": "<?php\nclass Helper {}\n"},
			`g/modules/php/States: no State classes (classes extending Bga\GameFramework\States\GameState) in the States folder`},
		{"no php", map[string]string{"States/README.md": "notes\n"},
			"g/modules/php/States: no PHP files in the States folder"},
		{"string", map[string]string{"States/S.php": stateClass("S", "id: 2, type: StateType::GAME", "public function f() { return 'x; }")},
			"g/modules/php/States/S.php:16:30: unterminated string"},
		{"comment", map[string]string{"States/S.php": stateClass("S", "id: 2, type: StateType::GAME", "/* never closed")},
			"g/modules/php/States/S.php:16:1: unterminated comment"},
		{"heredoc", map[string]string{"States/S.php": stateClass("S", "id: 2, type: StateType::GAME", "public function f() { return <<<EOT\nno end\n; }")},
			"g/modules/php/States/S.php:16:30: unterminated heredoc"},
		{"malformed heredoc", map[string]string{"States/S.php": stateClass("S", "id: 2, type: StateType::GAME", "public function f() { return <<<'EOT\n; }")},
			"g/modules/php/States/S.php:16:30: malformed heredoc"},
		{"unexpected", map[string]string{"States/S.php": stateClass("S", "id: 2, type: StateType::GAME", "public function f() { return 1; } }")},
			`g/modules/php/States/S.php:17:1: unexpected "}", expected a value`},
	}
	var got []string
	for _, tt := range tests {
		_, _, err := ImportStates(gameFS(tt.files), "g", "modules/php/States")
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: error\n got: %v\nwant: %s", tt.name, err, tt.want)
		}
		if err != nil {
			got = append(got, err.Error())
		}
	}
	// The folder errors of ImportPath.
	root := t.TempDir()
	for _, g := range []string{"a", "b"} {
		p := filepath.Join(root, "two", g, "modules", "php", "States")
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, "none"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ dir, want string }{
		{"two", ": several games in the folder (a, b); import one of them"},
		{"none", ": no states.inc.php, modules/php/States/ or State classes in the folder"},
	} {
		_, _, err := ImportPath(filepath.Join(root, c.dir))
		if want := filepath.Join(root, c.dir) + c.want; err == nil || err.Error() != want {
			t.Errorf("ImportPath(%s): %v, want %s", c.dir, err, want)
		}
		if err != nil {
			got = append(got, err.Error())
		}
	}
	for _, doc := range documentedUnsupported(t) {
		re, found := documentedPattern(doc), false
		for _, e := range got {
			found = found || re.MatchString(e)
		}
		if !found {
			t.Errorf("docs/bga-import.md lists %q, which no error here gives", doc)
		}
	}
}
