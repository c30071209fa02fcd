package engine

import (
	"strings"
	"testing"
)

// TestUndefinedContextNameInScript: a script function reading game without
// declaring it as a parameter is told that game is a context name, also
// when Starlark's guess by spelling found a global of the script close to it
// (SAME for game), which hid the hint behind "(a builtin: end_game)".
func TestUndefinedContextNameInScript(t *testing.T) {
	src := `format: 1
pack: hint
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: f(game)
    transitions: {"": 99}
  - id: 99
    name: gameEnd
    type: manager
scripts:
  main: |
    SAME = 1

    def f(g):
        return game.x
`
	_, err := Parse([]byte(src), "hint.yaml")
	want := "hint.yaml:18:16: script main: undefined: game (a context name: a script function receives it as a parameter, def f(game):)"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
