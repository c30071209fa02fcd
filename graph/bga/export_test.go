package bga

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// TestExport checks the exact text Export writes for an imported file.
func TestExport(t *testing.T) {
	src := `<?php
namespace Bga\Games\Demo;
use Bga\GameFramework\StateType;
require_once 'modules/php/constants.inc.php';
if (!defined('ST_TURN')) {
    define('ST_TURN', 2);
    define('TYPE_ACTIVE', 'activeplayer');
}
$machinestates = [
    1 => ['name' => 'gameSetup', 'description' => '', 'type' => 'manager', 'action' => 'stGameSetup',
        'transitions' => ['' => ST_TURN]],
    ST_TURN => ['name' => 'playerTurn', 'type' => TYPE_ACTIVE,
        'description' => clienttranslate('${actplayer} can\'t wait'),
        'descriptionmyturn' => '${you} must play',
        'args' => 'argTurn', 'possibleactions' => ['play', 'act' . ACT_PASS],
        'transitions' => [ST_NEXT => ST_NEXT, 'end' => 99], 'updateGameProgression' => true,
        'descriptionskip' => '${you} may skip', 'phase' => PHASE_MAIN, 'data' => [1, 'a' => [true, null, 1.5]]],
    ST_NEXT => ['name' => 'next', 'type' => StateType::GAME, 'description' => '', 'action' => 'stNext',
        'transitions' => ['' => ST_TURN]],
    3 => ['name' => 'master', 'type' => 'multipleactiveplayer', 'initialprivate' => 4],
    4 => ['name' => 'private', 'type' => 'private', 'descriptionmyturn' => '${you} choose'],
    5 => ['name' => 'withExtra', 'type' => StateType::GAME, 'phase' => 2],
];
`
	p, err := Import([]byte(src), "demo.inc.php")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Export(p)
	if err != nil {
		t.Fatal(err)
	}
	want := `<?php
/**
 * states.inc.php
 *
 * demo game states description.
 *
 * Written by Rule Studio from the rule pack "demo".
 * !! It is not a good idea to modify this file when a game is running !!
 */

namespace Bga\Games\Demo;

use Bga\GameFramework\StateType;

require_once 'modules/php/constants.inc.php';

if (!defined('ST_TURN')) { // guard: this file is included several times
    define('ST_TURN', 2);
    define('TYPE_ACTIVE', 'activeplayer');
}

$machinestates = [
    1 => [
        'name' => 'gameSetup',
        'description' => '',
        'type' => 'manager',
        'action' => 'stGameSetup',
        'transitions' => ['' => ST_TURN],
    ],

    ST_TURN => [
        'name' => 'playerTurn',
        'description' => clienttranslate('${actplayer} can\'t wait'),
        'descriptionmyturn' => clienttranslate('${you} must play'),
        'type' => TYPE_ACTIVE,
        'args' => 'argTurn',
        'possibleactions' => ['play', 'act' . ACT_PASS],
        'transitions' => [ST_NEXT => ST_NEXT, 'end' => 99],
        'updateGameProgression' => true,
        'descriptionskip' => clienttranslate('${you} may skip'),
        'phase' => PHASE_MAIN,
        'data' => [0 => 1, 'a' => [true, null, 1.5]],
    ],

    ST_NEXT => \Bga\GameFramework\GameStateBuilder::create()
        ->name('next')
        ->description('')
        ->type(StateType::GAME)
        ->action('stNext')
        ->transitions(['' => ST_TURN])
        ->build(),

    3 => [
        'name' => 'master',
        'description' => '',
        'type' => 'multipleactiveplayer',
        'initialprivate' => 4,
    ],

    4 => [
        'name' => 'private',
        'descriptionmyturn' => clienttranslate('${you} choose'),
        'type' => 'private',
    ],

    5 => [
        'name' => 'withExtra',
        'description' => '',
        'type' => StateType::GAME->value,
        'phase' => 2,
    ],
];
`
	if string(got) != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestExportBuilder checks that a file in GameStateBuilder form exports in that
// form.
func TestExportBuilder(t *testing.T) {
	src := `<?php
use Bga\GameFramework\GameStateBuilder;
use Bga\GameFramework\StateType;
$machinestates = [
    1 => GameStateBuilder::gameSetup(ST_START)->build(),
    ST_START => GameStateBuilder::create()->name('start')->description(clienttranslate('${actplayer} starts'))
        ->descriptionMyTurn(clienttranslate('${you} start'))->type(StateType::ACTIVE_PLAYER)->args('argStart')
        ->possibleActions(['go'])->transitions(['go' => 98])->updateGameProgression(true)->build(),
    98 => GameStateBuilder::endScore()->build(),
];
`
	p, err := Import([]byte(src), "b/states.inc.php")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Export(p)
	if err != nil {
		t.Fatal(err)
	}
	want := `$machinestates = [
    1 => GameStateBuilder::gameSetup(ST_START)->build(),

    ST_START => GameStateBuilder::create()
        ->name('start')
        ->description(clienttranslate('${actplayer} starts'))
        ->descriptionmyturn(clienttranslate('${you} start'))
        ->type(StateType::ACTIVE_PLAYER)
        ->args('argStart')
        ->possibleactions(['go'])
        ->transitions(['go' => 98])
        ->updateGameProgression(true)
        ->build(),

    98 => GameStateBuilder::endScore()->build(),
];
`
	if i := strings.Index(string(got), "$machinestates"); i < 0 || string(got[i:]) != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestExportDesignerPack exports a pack written in YAML (not imported) and
// checks that importing the result keeps its BGA fields.
func TestExportDesignerPack(t *testing.T) {
	p, err := graph.Load(filepath.Join("..", "testdata", "sketch.yaml"))
	if err != nil {
		t.Skipf("no sketch pack: %v", err)
	}
	php, err := Export(p)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Import(php, "elves-demo/states.inc.php")
	if err != nil {
		t.Fatalf("%v\n%s", err, php)
	}
	if len(back.States) != len(p.States) {
		t.Fatalf("%d states, want %d", len(back.States), len(p.States))
	}
	for i, s := range p.States {
		b := back.States[i]
		if b.ID != s.ID || b.Name != s.Name || b.Type != s.Type || b.Description != s.Description ||
			len(b.Transitions) != len(s.Transitions) || len(b.Extra) != len(s.Extra) {
			t.Errorf("state %s changed: %+v", s.ID, b)
		}
	}
	if back.Name != "elves-demo" {
		t.Errorf("name %q", back.Name)
	}
}

// TestExportErrors checks what Export refuses.
func TestExportErrors(t *testing.T) {
	state := func(f func(s *graph.State)) *graph.Pack {
		s := &graph.State{ID: graph.NumID(2), Name: "a", Type: graph.Game}
		f(s)
		return &graph.Pack{Format: 1, Name: "x", States: []*graph.State{s}}
	}
	tests := []struct {
		name string
		p    *graph.Pack
		want string
	}{
		{"starlark action", state(func(s *graph.State) { s.Action = graph.Code{Src: "next_state('go')"} }),
			`export x: state 2: action: "next_state('go')" is Starlark code, not a PHP method name: to export the state, put the code in a function of scripts and give the function's name`},
		{"starlark args of lines", state(func(s *graph.State) { s.Args = graph.Code{Src: "{\"n\": 1,\n \"m\": 2}"} }),
			`export x: state 2: args: "{\"n\": 1,…" is Starlark code, not a PHP method name: to export the state, put the code in a function of scripts and give the function's name`},
		{"bad constant id", state(func(s *graph.State) { s.ID = graph.ConstID("ST_X; system('rm')") }),
			`export x: state ST_X; system('rm'): "ST_X; system('rm')" is not a PHP constant`},
		{"bad symbolic", func() *graph.Pack {
			p := state(func(s *graph.State) { s.Name = "f()" })
			p.Symbolic = graph.Names{"f()"}
			return p
		}(), `export x: state 2: name: "f()" is not a PHP constant`},
		{"bad const value", state(func(s *graph.State) {
			s.Extra = graph.Extra{{Key: "k", Value: graph.Value{Kind: graph.ConstValue, Str: "$x"}}}
		}), `export x: state 2: k: "$x" is not a PHP constant`},
		{"standard key in extra", state(func(s *graph.State) {
			s.Extra = graph.Extra{{Key: "name", Value: graph.Value{Kind: graph.StringValue, Str: "b"}}}
		}), `export x: state 2: extra key "name" is a standard field`},
		{"nil state", &graph.Pack{Name: "x", States: []*graph.State{nil}}, "export x: state 1 is missing"},
		{"nil pack", nil, "export: no pack"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Export(tt.p)
			if err == nil || err.Error() != tt.want {
				t.Errorf("error\n got: %v\nwant: %s", err, tt.want)
			}
		})
	}
}

// Example_roundTrip imports a states.inc.php text and writes it back.
func Example_roundTrip() {
	src := `<?php
$machinestates = array(
    2 => array("name" => "playerTurn", "type" => "activeplayer",
        "description" => clienttranslate('${actplayer} must play'),
        "descriptionmyturn" => clienttranslate('${you} must play'),
        "possibleactions" => array("play"), "transitions" => array("play" => 2)),
);`
	p, err := Import([]byte(src), "mygame/states.inc.php")
	if err != nil {
		panic(err)
	}
	out, err := Export(p)
	if err != nil {
		panic(err)
	}
	text := string(out)
	os.Stdout.WriteString(p.Name + "\n" + text[strings.Index(text, "$machinestates"):])
	// Output:
	// mygame
	// $machinestates = [
	//     2 => [
	//         'name' => 'playerTurn',
	//         'description' => clienttranslate('${actplayer} must play'),
	//         'descriptionmyturn' => clienttranslate('${you} must play'),
	//         'type' => 'activeplayer',
	//         'possibleactions' => ['play'],
	//         'transitions' => ['play' => 2],
	//     ],
	// ];
}
