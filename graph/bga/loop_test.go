package bga

import (
	"strings"
	"testing"
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
