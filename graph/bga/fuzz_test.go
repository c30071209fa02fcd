package bga

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
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
