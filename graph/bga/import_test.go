package bga

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// importYAML imports src as t.php and returns the canonical YAML of the pack,
// after checking that export → import gives the same model.
func importYAML(t *testing.T, src string) string {
	t.Helper()
	p, err := Import([]byte(src), "t.php")
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	y := canonical(t, "import", p)
	php, err := Export(p)
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	p2, err := Import(php, "t.php")
	if err != nil {
		t.Fatalf("re-import: %v\n%s", err, php)
	}
	if y2 := canonical(t, "re-import", p2); !bytes.Equal(y, y2) {
		t.Fatalf("export → import changed the model:\n%s\n---\n%s\n--- php:\n%s", y, y2, php)
	}
	return string(y)
}

// TestImportConstructs checks each construct of corpus/README.md on a small
// snippet; want is the pack's canonical YAML after the "pack: t" line.
func TestImportConstructs(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{
			name: "long array syntax",
			src: `<?php
$machinestates = array(
    1 => array("name" => "gameSetup", "description" => "", "type" => "manager",
        "action" => "stGameSetup", "transitions" => array("" => 2)),
    2 => array("name" => "playerTurn", "description" => clienttranslate('${actplayer} must play'),
        "descriptionmyturn" => clienttranslate('${you} must play'), "type" => "activeplayer",
        "possibleactions" => array("play", "pass"), "transitions" => array("play" => 2, "pass" => 99)),
);`,
			want: `states:
  - id: 1
    name: gameSetup
    type: manager
    action: stGameSetup
    transitions:
      "": 2
  - id: 2
    name: playerTurn
    type: activeplayer
    description: ${actplayer} must play
    descriptionmyturn: ${you} must play
    possibleactions: [play, pass]
    transitions:
      play: 2
      pass: 99
`,
		},
		{
			name: "short and long syntax mixed, trailing commas, comments, close tag",
			src: `leading text is HTML
<?php
# hash comment
/* block
   comment */
$machinestates = [ // trailing
    10 => array(
        'name' => 'a', /* inline */ 'type' => 'game',
        'transitions' => ['x' => 11,],
    ),
    11 => ['name' => 'b', 'type' => 'game', 'updateGameProgression' => true, ],
];
?>
trailing HTML`,
			want: `states:
  - id: 10
    name: a
    type: game
    transitions:
      x: 11
  - id: 11
    name: b
    type: game
    updateGameProgression: true
`,
		},
		{
			name: "define inside if (!defined) guard",
			src: `<?php
if (!defined('ST_END')) { // guard
    define("ST_TURN", 2);
    define('ST_END', 99);
}
$machinestates = [
    ST_TURN => ['name' => 'turn', 'type' => 'activeplayer', 'transitions' => ['end' => ST_END]],
];`,
			want: `constants:
  ST_TURN: 2
  ST_END: 99
states:
  - id: ST_TURN
    name: turn
    type: activeplayer
    transitions:
      end: ST_END
`,
		},
		{
			name: "constants of a required file stay symbolic",
			src: `<?php
require_once("modules/php/constants.inc.php");
include __DIR__ . '/more.inc.php';
$machinestates = [
    ST_TURN => ['name' => 'turn', 'type' => 'activeplayer', 'transitions' => ['end' => ST_END]],
];`,
			want: `requires: [modules/php/constants.inc.php, __DIR__/more.inc.php]
states:
  - id: ST_TURN
    name: turn
    type: activeplayer
    transitions:
      end: ST_END
`,
		},
		{
			name: "class constants and symbolic names",
			src: `<?php
$machinestates = [
    GameStates::ST_TURN => ['name' => GameStates::TURN_NAME, 'type' => 'activeplayer',
        'possibleactions' => ['act' . ACT_PLAY], 'transitions' => [ST_END => GameStates::ST_END]],
];`,
			want: `symbolic: ['''act'' . ACT_PLAY', 'GameStates::TURN_NAME', ST_END]
states:
  - id: GameStates::ST_TURN
    name: GameStates::TURN_NAME
    type: activeplayer
    possibleactions: ['''act'' . ACT_PLAY']
    transitions:
      ST_END: GameStates::ST_END
`,
		},
		{
			name: "helper variables and array union",
			src: `<?php
$common = ['zombiePass' => 99];
$basic = [1 => ['name' => 'gameSetup', 'type' => 'manager', 'transitions' => ['' => 2]]];
$turns = [
    2 => ['name' => 'turn', 'type' => 'activeplayer', 'transitions' => ['next' => 2] + $common],
    1 => ['name' => 'ignored', 'type' => 'game'],
];
$machinestates = $basic + $turns;`,
			want: `states:
  - id: 1
    name: gameSetup
    type: manager
    transitions:
      "": 2
  - id: 2
    name: turn
    type: activeplayer
    transitions:
      next: 2
      zombiePass: 99
`,
		},
		{
			name: "concatenation, clienttranslate, totranslate, escapes, double quotes",
			src: `<?php
$machinestates = [
    2 => ['name' => 'turn', 'type' => 'activeplayer',
        'description' => clienttranslate('${actplayer} can\'t ' . "play") . ' ' . 2,
        'descriptionmyturn' => totranslate("\${you} \"must\" play ${x}")],
];`,
			want: `states:
  - id: 2
    name: turn
    type: activeplayer
    description: ${actplayer} can't play 2
    descriptionmyturn: ${you} "must" play ${x}
`,
		},
		{
			name: "duplicate keys: PHP keeps the first position and the last value",
			src: `<?php
$machinestates = [
    2 => ['name' => 'first', 'type' => 'game', 'name' => 'second'],
    3 => ['name' => 'three', 'type' => 'game'],
    '2' => ['name' => 'replaced', 'type' => 'game'],
];`,
			want: `states:
  - id: 2
    name: replaced
    type: game
  - id: 3
    name: three
    type: game
`,
		},
		{
			name: "non-standard keys go to Extra",
			src: `<?php
define('PHASE_MAIN', 3);
$machinestates = [
    2 => ['name' => 'turn', 'type' => 'activeplayer',
        'descriptionskippable' => clienttranslate('${you} may skip'),
        'phase' => PHASE_MAIN, 'other' => OTHER_FILE, 'args' => null,
        'list' => [1, 2.5, 'x', true, null], 'map' => ['a' => 1, 5 => -2]],
];`,
			want: `constants:
  PHASE_MAIN: 3
states:
  - id: 2
    name: turn
    type: activeplayer
    extra:
      descriptionskippable: ${you} may skip
      phase: !const PHASE_MAIN
      other: !const OTHER_FILE
      list:
        - 1
        - 2.5
        - x
        - true
        - null
      map:
        a: 1
        5: -2
`,
		},
		{
			name: "namespace, use and declare",
			src: `<?php
declare(strict_types=1);
namespace Bga\Games\Demo;
use Bga\GameFramework\StateType;
use Bga\GameFramework\{GameStateBuilder, Other};
$machinestates = [2 => ['name' => 'turn', 'type' => StateType::ACTIVE_PLAYER]];`,
			want: `namespace: Bga\Games\Demo
uses: [Bga\GameFramework\StateType, 'Bga\GameFramework\{GameStateBuilder, Other}']
states:
  - id: 2
    name: turn
    type: activeplayer
    typeconst: StateType::ACTIVE_PLAYER
`,
		},
		{
			name: "GameStateBuilder chains",
			src: `<?php
use Bga\GameFramework\GameStateBuilder;
use Bga\GameFramework\StateType;
$machinestates = [
    1 => GameStateBuilder::gameSetup(ST_START)->build(),
    ST_START => GameStateBuilder::create()
        ->name('start')
        ->description(clienttranslate('${actplayer} must start'))
        ->descriptionMyTurn(clienttranslate('${you} must start'))
        ->type(StateType::MULTIPLE_ACTIVE_PLAYER)
        ->action('stStart')
        ->args(args: 'argStart')
        ->possibleActions(['go'])
        ->transitions(['go' => 98])
        ->updateGameProgression(true)
        ->build(),
    98 => GameStateBuilder::endScore()->build(),
];`,
			want: `uses: [Bga\GameFramework\GameStateBuilder, Bga\GameFramework\StateType]
states:
  - id: 1
    name: gameSetup
    type: manager
    action: stGameSetup
    transitions:
      "": ST_START
  - id: ST_START
    name: start
    type: multipleactiveplayer
    typeconst: StateType::MULTIPLE_ACTIVE_PLAYER
    description: ${actplayer} must start
    descriptionmyturn: ${you} must start
    action: stStart
    args: argStart
    possibleactions: [go]
    transitions:
      go: 98
    updateGameProgression: true
  - id: 98
    name: endScore
    type: game
    action: stEndScore
    transitions:
      "": 99
`,
		},
		{
			name: "type constants: defined, well-known and enum",
			src: `<?php
if (!defined('GAME_STATE_TYPE_GAME')) {
    define('GAME_STATE_TYPE_GAME', 'game');
}
$machinestates = [
    2 => ['name' => 'a', 'type' => GAME_STATE_TYPE_GAME],
    3 => ['name' => 'b', 'type' => ACTIVE_PLAYER],
    4 => ['name' => 'c', 'type' => MULTI],
    5 => ['name' => 'd', 'type' => STATE_TYPE_PRIVATE],
    6 => ['name' => 'e', 'type' => StateType::MANAGER->value],
];`,
			want: `constants:
  GAME_STATE_TYPE_GAME: game
states:
  - id: 2
    name: a
    type: game
    typeconst: GAME_STATE_TYPE_GAME
  - id: 3
    name: b
    type: activeplayer
    typeconst: ACTIVE_PLAYER
  - id: 4
    name: c
    type: multipleactiveplayer
    typeconst: MULTI
  - id: 5
    name: d
    type: private
    typeconst: STATE_TYPE_PRIVATE
  - id: 6
    name: e
    type: manager
    typeconst: StateType::MANAGER
`,
		},
		{
			name: "generated if (false) type-checking block is skipped",
			src: `<?php
if (false) {
    /** @var demo $game */
    $game->stStart();
    foreach ($a as $b) { $game->x($b); }
}
$machinestates = [2 => ['name' => 'a', 'type' => 'game', 'action' => 'stStart']];`,
			want: `states:
  - id: 2
    name: a
    type: game
    action: stStart
`,
		},
		{
			name: "transitions written as a list, initialprivate",
			src: `<?php
$machinestates = [
    2 => ['name' => 'a', 'type' => 'multipleactiveplayer', 'initialprivate' => 3, 'transitions' => [4, ST_X]],
    3 => ['name' => 'p', 'type' => 'private', 'descriptionmyturn' => '${you} choose'],
];`,
			want: `states:
  - id: 2
    name: a
    type: multipleactiveplayer
    transitions:
      "0": 4
      "1": ST_X
    initialprivate: 3
  - id: 3
    name: p
    type: private
    descriptionmyturn: ${you} choose
`,
		},
		{
			name: "simple $machinestates[...] assignments",
			src: `<?php
$machinestates = [2 => ['name' => 'a', 'type' => 'game']];
$machinestates[3] = ['name' => 'b', 'type' => 'game'];
$machinestates[2]['transitions']['next'] = 3;
$machinestates += [4 => ['name' => 'c', 'type' => 'game'], 2 => ['name' => 'no']];`,
			want: `states:
  - id: 2
    name: a
    type: game
    transitions:
      next: 3
  - id: 3
    name: b
    type: game
  - id: 4
    name: c
    type: game
`,
		},
		{
			name: "const statement and defined() || define()",
			src: `<?php
const ST_A = 2;
defined('ST_B') || define('ST_B', ST_A + 1);
defined('ST_A') or define('ST_A', 50);
$machinestates = [ST_A => ['name' => 'a', 'type' => 'game', 'transitions' => ['' => ST_B]]];`,
			want: `constants:
  ST_A: 2
  ST_B: 3
states:
  - id: ST_A
    name: a
    type: game
    transitions:
      "": ST_B
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := importYAML(t, tt.src)
			want := "format: 1\npack: t\n" + tt.want
			if got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestImportPositions checks that states and transitions carry the place of
// their key in the PHP file.
func TestImportPositions(t *testing.T) {
	src := "<?php\n$machinestates = [\n    2 => [\n\t'name' => 'a', 'type' => 'game',\n        'transitions' => ['next' => 3]],\n  ST_X => ['name' => 'b', 'type' => 'game'],\n];\n"
	p, err := Import([]byte(src), "t.php")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.States[0].Pos; got != (graph.Pos{Line: 3, Column: 5}) {
		t.Errorf("state 2 at %v, want 3:5", got)
	}
	if got := p.States[0].Transitions[0].Pos; got != (graph.Pos{Line: 5, Column: 27}) {
		t.Errorf("transition at %v, want 5:27", got)
	}
	if got := p.States[1].Pos; got != (graph.Pos{Line: 6, Column: 3}) {
		t.Errorf("state ST_X at %v, want 6:3", got)
	}
	if p.Source != "t.php" || p.Format != graph.FormatVersion {
		t.Errorf("source %q format %d", p.Source, p.Format)
	}
}

func TestPackName(t *testing.T) {
	tests := []struct{ file, want string }{
		{"corpus/bga/thoun__azul__states.inc.php", "azul"},
		{"Cobra-Chicken-Games__1-DUCKSOUP__Hearts__states.inc.php", "Hearts"},
		{"/home/me/games/reversi/states.inc.php", "reversi"},
		{"states.inc.php", "states"},
		{"demo.inc.php", "demo"},
		{"other.php", "other"},
		{"noext", "noext"},
	}
	for _, tt := range tests {
		if got := PackName(tt.file); got != tt.want {
			t.Errorf("PackName(%q) = %q, want %q", tt.file, got, tt.want)
		}
	}
}

func TestWellKnownType(t *testing.T) {
	tests := []struct {
		name string
		want graph.StateType
	}{
		{"StateType::ACTIVE_PLAYER", graph.ActivePlayer},
		{`\Bga\GameFramework\StateType::MULTIPLE_ACTIVE_PLAYER`, graph.MultipleActivePlayer},
		{"StateType::PRIVATE->value", graph.Private},
		{"ACTIVE_PLAYER", graph.ActivePlayer},
		{"GAME_STATE_TYPE_ACTIVE_PLAYER", graph.ActivePlayer},
		{"STATE_TYPE_GAME", graph.Game},
		{"STATE_TYPE_MANAGER", graph.Manager},
		{"MULTI", graph.MultipleActivePlayer},
		{"MULTIACTIVE", graph.MultipleActivePlayer},
		{"GAME", graph.Game},
		{"ST_PLAYER_TURN", ""},
		{"STATE_TYPE_WHATEVER", ""},
	}
	for _, tt := range tests {
		got, ok := WellKnownType(tt.name)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("WellKnownType(%q) = %q, %v; want %q", tt.name, got, ok, tt.want)
		}
	}
}

// TestImportErrors checks the exact text of import errors and which are
// *NotDeclarativeError.
func TestImportErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
		notDecl         bool
	}{
		{"call in a foreach", "<?php\n$machinestates = [2 => []];\nforeach ($machinestates as $id => $s) {\n  $machinestates[$id]['action'] = $game->action($id);\n}\n",
			"t.php:4:35: not declarative: call to $game->action()", true},
		{"foreach over a string", "<?php\nforeach ('abc' as $c) {}\n", "t.php:2:10: foreach over a string", false},
		{"foreach by reference over a value", "<?php\nforeach ([1] as &$v) {}\n",
			"t.php:2:10: foreach by reference over something other than a variable is not supported", false},
		{"break outside a loop", "<?php\nbreak;\n", "t.php:2:1: break outside a loop", false},
		{"continue with a level", "<?php\nforeach ([1] as $v) { continue 2; }\n", "t.php:2:32: continue with a level is not supported", false},
		{"do-while", "<?php\ndo { } while (false);\n", "t.php:2:1: not declarative: do-while loop", true},
		{"for", "<?php\nfor ($i = 0; $i < 3; $i++) {}\n", "t.php:2:1: not declarative: for loop", true},
		{"while", "<?php\n  while (true) {}\n", "t.php:2:3: not declarative: while loop", true},
		{"function", "<?php\nfunction f() {}\n", "t.php:2:1: not declarative: function declaration", true},
		{"call to $this", "<?php\n$machinestates = [];\n$this->game->addStates($machinestates);\n",
			"t.php:3:1: not declarative: call to $this->game->addStates()", true},
		{"$this in a value", "<?php\n$machinestates = [2 => $this->states()];\n",
			"t.php:2:24: not declarative: call to $this->states()", true},
		{"call to a game function", "<?php\n$machinestates = [2 => ['name' => 'a', 'type' => 'game', 'transitions' => getTransitions()]];\n",
			"t.php:2:75: not declarative: call to getTransitions()", true},
		{"static call", "<?php\n$machinestates = Game::states();\n", "t.php:2:18: not declarative: call to Game::states()", true},
		{"method call on a variable", "<?php\n$game->init();\n", "t.php:2:1: not declarative: call to $game->init()", true},
		{"if on a run-time condition", "<?php\nif (SOME_FLAG) { define('A', 1); }\n",
			"t.php:2:1: not declarative: if on a run-time condition", true},
		{"computed key", "<?php\n$machinestates = [];\n$machinestates[[1]] = 2;\n",
			"t.php:3:15: not declarative: assignment to $machinestates with a computed key", true},
		{"increment", "<?php\n$i = 1;\n$i++;\n", "t.php:3:3: not declarative: computed assignment ++", true},
		{"undefined variable", "<?php\n$machinestates = [2 => $common];\n", "t.php:2:24: undefined variable $common", false},
		{"no machine", "<?php\n$states = [];\n", "t.php:3:1: no $machinestates array in the file", false},
		{"machine not an array", "<?php\n$machinestates = 'x';\n", "t.php:2:18: $machinestates must be an array, not a string", false},
		{"state not an array", "<?php\n$machinestates = [2 => 'x'];\n", "t.php:2:24: state 2 must be an array, not a string", false},
		{"bad state key", "<?php\n$machinestates = ['turn' => []];\n", "t.php:2:19: a state key must be a state id (an integer or a constant), not a string", false},
		{"bad target", "<?php\n$machinestates = [2 => ['transitions' => ['x' => 'next']]];\n",
			`t.php:2:50: state 2: transitions "x" must be a state id (an integer or a constant), not a string`, false},
		{"unknown type constant", "<?php\n$machinestates = [2 => ['name' => 'a', 'type' => ST_WEIRD]];\n",
			"t.php:2:50: state 2: type: unknown state type constant ST_WEIRD (not defined in this file and not a well-known name)", false},
		{"possibleactions not an array", "<?php\n$machinestates = [2 => ['possibleactions' => 'play']];\n",
			"t.php:2:46: state 2: possibleactions must be an array, not a string", false},
		{"missing comma", "<?php\n$machinestates = [2 => ['name' => 'a' 'type' => 'game']];\n",
			`t.php:2:39: unexpected string "type", expected "]" or ","`, false},
		{"missing semicolon", "<?php\n$machinestates = []\n$x = 1;\n", `t.php:3:1: unexpected $x, expected ";"`, false},
		{"unterminated string", "<?php\n$machinestates = ['name => 1];\n", "t.php:2:19: unterminated string", false},
		{"unterminated comment", "<?php\n/* no end\n$machinestates = [];\n", "t.php:2:1: unterminated comment", false},
		{"heredoc", "<?php\n$x = <<<EOT\nabc\nEOT;\n", "t.php:2:6: heredoc strings are not supported", false},
		{"unexpected character", "<?php\n$machinestates = [2 => \x01];\n", `t.php:2:24: unexpected character '\x01'`, false},
		{"unknown builder method", "<?php\n$machinestates = [2 => GameStateBuilder::create()->name('a')->colour('red')->build()];\n",
			"t.php:2:63: unknown GameStateBuilder method ->colour()", false},
		{"unknown builder start", "<?php\n$machinestates = [2 => GameStateBuilder::make()];\n",
			"t.php:2:42: unknown GameStateBuilder::make()", false},
		{"concatenating an array", "<?php\n$machinestates = [2 => ['name' => 'a' . []]];\n",
			"t.php:2:39: cannot concatenate a string and an array", false},
		{"require of a non-string", "<?php\nrequire_once [1];\n", "t.php:2:14: require_once path must be a string, not an array", false},
		{"exponential array", "<?php\n$a = [1];\n" + strings.Repeat("$a = [$a, $a];\n", 40), "t.php:20:7: the file builds values too large to import", false},
		{"exponential string", "<?php\n$a = 'ab';\n" + strings.Repeat("$a = $a . $a;\n", 40), "t.php:20:9: the file builds values too large to import", false},
		{"exponential symbolic string", "<?php\n$a = X;\n" + strings.Repeat("$a = $a . $a;\n", 40), "t.php:19:9: the file builds values too large to import", false},
		{"deep through variables", "<?php\n$a = 1;\n" + strings.Repeat("$a = [$a];\n", 300), "t.php:199:7: nesting too deep", false},
		{"same text as constant and string", "<?php\n$machinestates = [2 => ['name' => 'go', 'type' => 'game', 'transitions' => [go => 3]], 3 => ['name' => 'x', 'type' => 'game']];\n",
			`t.php:2:35: the string "go" is also written as a constant in this file; Rule Studio cannot keep the two apart`, false},
		{"transition written twice", "<?php\n$machinestates = [2 => ['transitions' => [e => 2, 'e' => 3]]];\n",
			`t.php:2:51: state 2: transitions: "e" is written twice (once as a constant)`, false},
		{"too deep", "<?php\n$machinestates = " + strings.Repeat("[", 300) + "\n", "t.php:2:117: nesting too deep", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Import([]byte(tt.src), "t.php")
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got: %s\nwant: %s", err, tt.want)
			}
			var nd *NotDeclarativeError
			if errors.As(err, &nd) != tt.notDecl {
				t.Errorf("NotDeclarativeError: %v, want %v (%T)", !tt.notDecl, tt.notDecl, err)
			}
			var pe *graph.PosError
			if !tt.notDecl && !errors.As(err, &pe) {
				t.Errorf("error is %T, want *graph.PosError", err)
			}
		})
	}
}

// TestExpressions evaluates small PHP expressions as a non-standard state key.
func TestExpressions(t *testing.T) {
	tests := []struct{ expr, want string }{
		{"0x1F + 010 + 0b11 + 1_000", "1042"},
		{"1.5e1 - .5", "14.5"},
		{"7 % 3 * 2 - -1", "3"},
		{"10 / 4", "2.5"},
		{"10 / 5", "2"},
		{"true ? 'y' : 'n'", `"y"`},
		{"0 ?: 'default'", `"default"`},
		{"null ?? 'x'", `"x"`},
		{"1 == '1'", "true"},
		{"1 === '1'", "false"},
		{"'a' != 'b' && !false", "true"},
		{"false || 0", "false"},
		{"(int) '42'", "42"},
		{"(string) 42 . '!'", `"42!"`},
		{"(bool) 'x'", "true"},
		{"(1 + 2) * 3", "9"},
		{"A::class", `"A"`},
		{"constant('ST_A')", "ST_A"},
		{"constant('OTHER')", "OTHER"},
		{"Foo::BAR", "Foo::BAR"},
		{"StateType::GAME->value", "StateType::GAME->value"},
		{"'a' . 1 . 2.5 . true . null", `"a12.51"`},
		{"'x' . OTHER . 'y'", `'x' . OTHER . 'y'`},
		{"[1, 'k' => [2], 3]", "[0 => 1, \"k\" => [2], 1 => 3]"},
		{"[3 => 'a', 'b']", "[3 => \"a\", 4 => \"b\"]"},
		{"['a', 'b'][1]", `"b"`},
		{"@ST_A", "ST_A"},
		{`"\x41\101\u{1F600}\q\$"`, `"AA😀\\q$"`},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			src := "<?php\ndefine('ST_A', 2);\n$machinestates = [2 => ['name' => 'a', 'type' => 'game', 'v' => " + tt.expr + "]];\n"
			p, err := Import([]byte(src), "t.php")
			if err != nil {
				t.Fatal(err)
			}
			if got := p.States[0].Extra[0].Value.String(); got != tt.want {
				t.Errorf("%s = %s, want %s", tt.expr, got, tt.want)
			}
		})
	}
}

// manyTransitions are states with a dozen transitions, written in each of the
// forms the corpus uses; want lists each one's transitions, built here beside
// the source.
type manyTransitions struct {
	name, src string
	want      []wantTransition
}

type wantTransition struct {
	name string
	to   graph.StateID
}

func manyTransitionSnippets() []manyTransitions {
	const n = 12
	var numbered, symbolic, listed []wantTransition
	var arrayLong, arrayShort, builder, constants, list []string
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("go%d", i)
		numbered = append(numbered, wantTransition{name, graph.NumID(100 + i)})
		arrayLong = append(arrayLong, fmt.Sprintf(`"%s" => %d`, name, 100+i))
		arrayShort = append(arrayShort, fmt.Sprintf(`'%s'=>%d`, name, 100+i))
		builder = append(builder, fmt.Sprintf("'%s' => %d,\n", name, 100+i))
		symbolic = append(symbolic, wantTransition{fmt.Sprintf("T_%d", i), graph.ConstID(fmt.Sprintf("ST_%d", i))})
		constants = append(constants, fmt.Sprintf("T_%d => ST_%d", i, i))
		listed = append(listed, wantTransition{fmt.Sprint(i - 1), graph.NumID(100 + n + 1 - i)})
		list = append(list, fmt.Sprint(100+n+1-i))
	}
	return []manyTransitions{
		{"long arrays", `<?php $machinestates = array(2 => array("name" => "s", "type" => "game",
			"transitions" => array(` + strings.Join(arrayLong, ", ") + `)));`, numbered},
		{"short arrays on one line", `<?php $machinestates = [2 => ['name' => 's', 'type' => 'game', 'transitions' => [` +
			strings.Join(arrayShort, ",") + `]]];`, numbered},
		{"GameStateBuilder", `<?php
use Bga\GameFramework\GameStateBuilder;
use Bga\GameFramework\StateType;
$machinestates = [2 => GameStateBuilder::create()->name('s')->type(StateType::GAME)->transitions([
` + strings.Join(builder, "") + `])->build()];`, numbered},
		{"helper variable and array union", `<?php
$more = [` + strings.Join(arrayShort[n/2:], ", ") + `];
$machinestates = [2 => ['name' => 's', 'type' => 'game', 'transitions' => [` + strings.Join(arrayShort[:n/2], ", ") + `] + $more]];`, numbered},
		{"constants of an unseen file", `<?php require_once('modules/constants.inc.php');
$machinestates = [2 => ['name' => 's', 'type' => 'game', 'transitions' => [` + strings.Join(constants, ", ") + `]]];`, symbolic},
		{"a list", `<?php $machinestates = [2 => ['name' => 's', 'type' => 'game', 'transitions' => [` + strings.Join(list, ", ") + `]]];`, listed},
	}
}

// TestImportManyTransitions: every transition of a state with a dozen is
// kept, in order, with its name and target, and export keeps them all.
func TestImportManyTransitions(t *testing.T) {
	for _, c := range manyTransitionSnippets() {
		t.Run(c.name, func(t *testing.T) {
			p, err := Import([]byte(c.src), "t.php")
			if err != nil {
				t.Fatalf("import: %v\n%s", err, c.src)
			}
			if len(p.States) != 1 {
				t.Fatalf("%d states, want 1", len(p.States))
			}
			got := p.States[0].Transitions
			if len(got) != len(c.want) {
				t.Fatalf("%d transitions, want %d: %v", len(got), len(c.want), got)
			}
			for i, w := range c.want {
				if got[i].Name != w.name || got[i].To != w.to {
					t.Errorf("transition %d: %q => %s, want %q => %s", i, got[i].Name, got[i].To, w.name, w.to)
				}
			}
			php, err := Export(p)
			if err != nil {
				t.Fatal(err)
			}
			q, err := Import(php, "t.php")
			if err != nil {
				t.Fatalf("re-import: %v\n%s", err, php)
			}
			if back := q.States[0].Transitions; len(back) != len(c.want) {
				t.Errorf("after export and import: %d transitions, want %d\n%s", len(back), len(c.want), php)
			}
		})
	}
}
