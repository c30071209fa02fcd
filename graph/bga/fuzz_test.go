package bga

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/corpus"
)

// fuzzSeedFiles are corpus files that together use most constructs.
var fuzzSeedFiles = []string{
	"FlutesForHire__reversiflutes__states.inc.php", // declare, generated if (false) block
	"web-coder2__itArena__states.inc.php",          // closing ?>
	"thoun__akropolis__states.inc.php",
	"Harpwn__knucklebones__states.inc.php",     // GameStateBuilder, define guard, require_once
	"Harpwn__seaside__states.inc.php",          // named arguments
	"FroloXeres__lignee-heros__states.inc.php", // not declarative
}

// FuzzImport checks that Import never panics and that whatever it imports
// exports and re-imports to the same model.
func FuzzImport(f *testing.F) {
	for _, name := range fuzzSeedFiles {
		if src, err := os.ReadFile(filepath.Join(corpusDir, name)); err == nil {
			f.Add(src)
		}
	}
	for _, s := range []string{
		"<?php\n$machinestates = array(1 => array('name' => 'gameSetup', 'type' => 'manager', 'transitions' => array('' => 2)));",
		"<?php if (!defined('A')) { define('A', 2); } $machinestates = [A => ['name' => \"x\", 'type' => GAME, 'p' => [1, 2.5, null]]];",
		"<?php $b = ['t' => ST_X]; $machinestates = [2 => ['transitions' => $b + ['u' => 3], 'description' => 'a' . 'b']] + [3 => []];",
		"<?php $machinestates = [2 => GameStateBuilder::create()->name('a')->type(StateType::GAME)->build(), 1 => GameStateBuilder::gameSetup(2)->build()];",
		"<?php $machinestates = []; $machinestates[2]['transitions'][] = 3; ?> tail",
		"<?php foreach ($a as $b) {}",
		"<?php $machinestates = [2 => ['name' => 'a']]; foreach ($machinestates as $k => &$s) { if (isset($s['x']) || !in_array('a', [$s['name']])) continue; $s['transitions'][$s['name'] ?? 'n'] = $k; }",
		"<?php $t = ['a' => 3]; $machinestates = [2 => ['transitions' => [...$t, ...['b' => 4]]]]; foreach ([2] as $i) { foreach ($t as $n => $v) { if (count($t) > 0) break; } }",
		"<?php /* unterminated",
		"<?php $machinestates = ['x' => \"\\x41\\101\\u{41}\"];",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Import(src, "f.php")
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatalf("import recovered from a panic: %v", err)
			}
			return
		}
		y, err := graph.Marshal(p)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		php, err := Export(p)
		if err != nil {
			t.Fatalf("export of an imported pack: %v", err)
		}
		p2, err := Import(php, "f.php")
		if err != nil {
			t.Fatalf("re-import: %v\n%s", err, php)
		}
		y2, err := graph.Marshal(p2)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		if !bytes.Equal(y, y2) {
			t.Fatalf("export → import changed the model:\n%s\n---\n%s", y, y2)
		}
	})
}

// classFuzzSeeds are State-class corpus files that together use most of what
// the State-class reader reads.
var classFuzzSeeds = []string{
	"elaskavaia__bga-heartsla/modules/php/States/PlayerTurn.php",
	"elaskavaia__bga-fate/modules/php/States/MultiPlayerMaster.php",  // transitions:, initialPrivate:
	"jaysachs__bga-zooloretto/modules/php/States/AbstractState.php",  // abstract base forwarding $id
	"marcuda__bga-saintpetersburg/modules/php/StateId.php",           // backed enum
	"MaximZolotukhin__ITArenaGame/modules/php/States/NextPlayer.php", // returned transition names, match
	"thoun__seasaltpaper/modules/php/States/PlayCards.php",           // name:, conditional returns
	"Syarwin__bga-trickerion/modules/php/Framework/Engine/ActionState.php",
}

// FuzzImportStates checks that the State-class reader never panics, and that
// whatever it imports exports as State classes and imports back the same.
func FuzzImportStates(f *testing.F) {
	for _, name := range classFuzzSeeds {
		if src, err := os.ReadFile(filepath.Join(corpus.ClassesDir(), filepath.FromSlash(name))); err == nil {
			f.Add(src)
		}
	}
	for _, s := range []string{
		stateClass("A", "id: 2, type: StateType::GAME, transitions: ['x' => A::class]", "function onEnteringState() { return $c ? 99 : match ($d) { 1 => A::class, default => ST_X }; }"),
		stateClass("B", "type: StateType::ACTIVE_PLAYER, id: self::ID, name: null", "const ID = 5;\n#[PossibleAction] function actGo() { $f = fn() => 1; return $this->next(); } function next() { return 'x'; }"),
		"<?php namespace Bga\\Games\\T\\States; abstract class Base extends \\Bga\\GameFramework\\States\\GameState { function __construct($g, int $id) { parent::__construct($g, id: $id, type: StateType::GAME); } } class C extends Base { function __construct($g) { parent::__construct($g, 3); } }",
		"<?php class D extends GameState { function __construct() { parent::__construct(...$a); } }",
		"<?php enum E: int { case A = 1; } trait T { #[PossibleAction] function x() { return <<<EOT\nhi\nEOT; } }",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		fsys := fstest.MapFS{"modules/php/States/S.php": &fstest.MapFile{Data: src}}
		p, _, err := ImportStates(fsys, "f", "modules/php/States")
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatalf("import recovered from a panic: %v", err)
			}
			return
		}
		files, err := ExportClasses(p)
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatalf("export recovered from a panic: %v", err)
			}
			return
		}
		out := fstest.MapFS{}
		for _, file := range files {
			out[file.Path] = &fstest.MapFile{Data: file.Data}
		}
		p2, _, err := ImportStates(out, "f", "modules/php/States")
		if err != nil {
			t.Fatalf("import of the export: %v", err)
		}
		if a, b := canonicalClasses(p), canonicalClasses(p2); a != b {
			t.Fatalf("export → import changed the states:\n%s\n---\n%s", a, b)
		}
	})
}
