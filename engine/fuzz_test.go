package engine

import (
	"strings"
	"testing"
)

// FuzzCode compiles and runs arbitrary code as an action's precondition (a
// pure place) and body: compile errors and run errors are fine, panics and
// hangs are not.
func FuzzCode(f *testing.F) {
	for _, s := range []string{"True", "player == active_player", "game.x", "board.get(0, 0)", "[x for x in range(3)]", "next_state('go')", "while True: pass", "1 // 0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		if strings.ContainsAny(code, "\n\r\t\"\\") || strings.HasPrefix(strings.TrimSpace(code), "#") {
			return // keep the YAML scalar plain
		}
		src := strings.NewReplacer("%WHO%", "True", "%BODY%", "pass").Replace(miniPack)
		src = strings.Replace(src, "    who: True", "    precondition: \""+code+"\"", 1)
		p, err := Parse([]byte(src), "fuzz.yaml")
		if err != nil {
			return
		}
		m, err := p.NewMatch(1, Options{Budget: 10000})
		if err != nil {
			return
		}
		moves, err := m.Legal(0)
		if err != nil || len(moves) == 0 {
			return
		}
		_ = m.Apply(moves[0])
	})
}
