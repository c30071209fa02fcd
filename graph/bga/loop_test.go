package bga

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// TestForeach checks machines that a loop finishes after the array, against
// what PHP gives for the same code (worked out by hand from PHP's rules).
func TestForeach(t *testing.T) {
	const machine = `<?php
$machinestates = [
    1 => ['name' => 'gameSetup', 'type' => 'manager', 'transitions' => ['' => 2]],
    2 => ['name' => 'playerTurn', 'type' => 'activeplayer', 'possibleactions' => ['actPlay'], 'transitions' => ['next' => 3]],
    3 => ['name' => 'nextPlayer', 'type' => 'game', 'transitions' => ['turn' => 2, 'end' => 99]],
    4 => ['name' => 'discard', 'type' => 'multipleactiveplayer', 'possibleactions' => ['actDiscard', 'actUndo']],
    99 => ['name' => 'gameEnd', 'type' => 'manager'],
];
`
	tests := []struct {
		name, loop string
		want       []string // "state field: value" lines, compared in order
	}{
		{"transition to every state",
			`foreach ($machinestates as $id => $state) { $machinestates[3]['transitions'][$state['name']] = $id; }`,
			[]string{"3 transitions: turn=2 end=99 gameSetup=1 playerTurn=2 nextPlayer=3 discard=4 gameEnd=99"}},
		{"if on the type, append an action",
			`foreach ($machinestates as $id => $state) {
                if ($state['type'] == 'activeplayer' || $state['type'] == 'multipleactiveplayer') {
                    if (!in_array('actUndo', $state['possibleactions'] ?? [])) { $machinestates[$id]['possibleactions'][] = 'actUndo'; }
                    $machinestates[$id]['transitions']['zombiePass'] = 3;
                }
            }`,
			[]string{"2 possibleactions: actPlay actUndo", "2 transitions: next=3 zombiePass=3",
				"4 possibleactions: actDiscard actUndo", "4 transitions: zombiePass=3"}},
		{"by reference, array_key_exists, continue",
			`foreach ($machinestates as $id => &$s) {
                if ($id == 1 || $id == 99) continue;
                if (!array_key_exists('transitions', $s)) { $s['transitions'] = []; }
                $s['transitions'] += ['undo' => $id];
            }`,
			[]string{"1 transitions: =2", "2 transitions: next=3 undo=2", "3 transitions: turn=2 end=99 undo=3", "4 transitions: undo=4", "99 transitions:"}},
		{"spread, isset, break, nested loops",
			`$extra = ['pass' => 3, 'quit' => 99];
            foreach ([2, 4] as $id) {
                foreach ($extra as $name => $to) {
                    if (isset($machinestates[$id]['transitions'][$name])) break;
                    $machinestates[$id]['transitions'] = [...($machinestates[$id]['transitions'] ?? []), ...[$name => $to]];
                }
            }`,
			[]string{"2 transitions: next=3 pass=3 quit=99", "4 transitions: pass=3 quit=99"}},
		{"count and comparisons",
			`foreach ($machinestates as $id => $state) {
                if (count($state['possibleactions'] ?? []) > 1 && $id >= 4 && !empty($state['possibleactions'])) { $machinestates[$id]['action'] = 'stMany'; }
            }`,
			[]string{"2 action:", "4 action: stMany"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Import([]byte(machine+tt.loop+"\n"), "t.php")
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				id, rest, _ := strings.Cut(w, " ")
				field, _, _ := strings.Cut(rest, ":")
				var s = p.States[0]
				for _, st := range p.States {
					if st.ID.String() == id {
						s = st
					}
				}
				var got string
				switch field {
				case "transitions":
					var parts []string
					for _, tr := range s.Transitions {
						parts = append(parts, tr.Name+"="+tr.To.String())
					}
					got = strings.TrimSpace(id + " transitions: " + strings.Join(parts, " "))
				case "possibleactions":
					got = id + " possibleactions: " + strings.Join(s.PossibleActions, " ")
				case "action":
					got = strings.TrimSpace(id + " action: " + s.Action.Src)
				}
				if got != strings.TrimSpace(w) {
					t.Errorf("got  %s\nwant %s", got, w)
				}
			}
		})
	}
}

// TestForeachOverBuiltStates: a loop by reference over states that
// GameStateBuilder built changes them through the built object's
// properties, as PHP does (issue 19, item 27: "not declarative: call to
// $state->possibleActions"); a state whose possibleActions is not set reads
// null there.
func TestForeachOverBuiltStates(t *testing.T) {
	src := `<?php
use Bga\GameFramework\GameStateBuilder;
use Bga\GameFramework\StateType;
$machinestates = [
    1 => GameStateBuilder::gameSetup(2)->build(),
    2 => GameStateBuilder::create()->name('pick')->type(StateType::ACTIVE_PLAYER)
        ->possibleactions(['actPick'])->transitions(['next' => 3])->build(),
    3 => GameStateBuilder::create()->name('next')->type(StateType::GAME)->action('stNext')
        ->transitions(['pick' => 2, 'choose' => 4, 'end' => 99])->build(),
    4 => GameStateBuilder::create()->name('choose')->type(StateType::ACTIVE_PLAYER)
        ->possibleActions(['actChoose', 'actPass'])->transitions(['next' => 3])->build(),
];

foreach ($machinestates as $stateId => &$state) {
    if (!in_array($stateId, [4], true) && $state->possibleActions !== null) {
        $state->possibleActions[] = 'actUseBonus';
        $state->transitions['bonus'] = $stateId;
    }
    if ($state->name === 'choose') {
        $state->updateGameProgression = true;
    }
}
unset($state);
`
	p, err := Import([]byte(src), "t.php")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range p.States {
		var tr []string
		for _, x := range s.Transitions {
			tr = append(tr, x.Name+"="+x.To.String())
		}
		got = append(got, fmt.Sprintf("%s [%s] {%s} %v", s.Name, strings.Join(s.PossibleActions, " "), strings.Join(tr, " "), s.UpdateGameProgression))
	}
	want := []string{
		"gameSetup [] {=2} false",
		"pick [actPick actUseBonus] {next=3 bonus=2} false",
		"next [] {pick=2 choose=4 end=99} false",
		"choose [actChoose actPass] {next=3} true",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("states:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// arrayState finds a state written as an array ('name' => ...), which a
// loop reading $state->possibleActions cannot be run over in PHP.
var arrayState = regexp.MustCompile(`["']name["']\s*=>`)

// propertyLoop is the loop games write after a machine GameStateBuilder
// built, to add an action to every state that has possible actions.
const propertyLoop = "\nforeach ($machinestates as $stateId => &$state) {\n    if ($state->possibleActions !== null) {\n        $state->possibleActions[] = 'actLoopAdded';\n    }\n}\nunset($state);\n"

// builtCorpus returns, for every corpus file that builds all its states with
// GameStateBuilder and imports, its path and its text followed by
// propertyLoop.
func builtCorpus(t *testing.T) (paths []string, looped [][]byte) {
	t.Helper()
	for _, f := range corpusFiles(t) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte("GameStateBuilder::")) || arrayState.Match(src) {
			continue // the loop reads properties: in PHP, of objects only
		}
		if _, err := Import(src, f); err != nil {
			continue // refused for another reason: the corpus tests say which
		}
		body := bytes.TrimSuffix(bytes.TrimSpace(src), []byte("?>"))
		paths = append(paths, f)
		looped = append(looped, append(append([]byte{}, body...), propertyLoop...))
	}
	if len(paths) == 0 {
		t.Skip("no corpus file builds all its states with GameStateBuilder")
	}
	return paths, looped
}

// TestBuiltStatesLoopOnCorpus: every corpus states.inc.php that builds all
// its states with GameStateBuilder, followed by propertyLoop, imports with
// that action added to exactly the states that have possible actions and
// nothing else changed.
func TestBuiltStatesLoopOnCorpus(t *testing.T) {
	paths, looped := builtCorpus(t)
	for i, f := range paths {
		plain, _ := ImportFile(f)
		got, err := Import(looped[i], f)
		if err != nil {
			t.Errorf("%s with the loop: %v", filepath.Base(f), err)
			continue
		}
		for j, s := range plain.States {
			want := s.PossibleActions
			if want != nil {
				want = append(append(graph.Names{}, want...), "actLoopAdded")
			}
			g := got.States[j]
			if fmt.Sprint(g.PossibleActions) != fmt.Sprint(want) || g.Name != s.Name || len(g.Transitions) != len(s.Transitions) {
				t.Errorf("%s state %s: possible actions %v, want %v", filepath.Base(f), s.ID, g.PossibleActions, want)
			}
		}
	}
	t.Logf("%d corpus files built with GameStateBuilder followed the loop", len(paths))
}

// TestOracleBuiltStatesLoop: PHP, with built states as objects whose
// properties are their fields, gives the importer's model for the same
// files and loop.
func TestOracleBuiltStatesLoop(t *testing.T) {
	php := findPHP(t)
	paths, looped := builtCorpus(t)
	dir := t.TempDir()
	var files []string
	for i, f := range paths {
		path := filepath.Join(dir, filepath.Base(f))
		if err := os.WriteFile(path, looped[i], 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	t.Setenv("ORACLE_BUILT_OBJECTS", "1")
	results := runOracle(t, php, files)
	allows := map[string]int{}
	for i, path := range files {
		if results[i].Error != "" {
			t.Errorf("%s: PHP: %s", filepath.Base(path), results[i].Error)
			continue
		}
		p, err := ImportFile(path)
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(path), err)
			continue
		}
		if diffs := compare(p, results[i], allows); len(diffs) > 0 {
			t.Errorf("%s: the importer's model differs from PHP's:\n  %s", filepath.Base(path), strings.Join(diffs, "\n  "))
		}
	}
	t.Logf("%d files equal to PHP's, allowances %v", len(files), allows)
}
