package engine

import (
	"errors"
	"testing"

	"github.com/rulestudio/studio/assets"
)

// The console's errors name the line and column of what the designer typed,
// counted from 1:1, in compile errors and run errors alike; an error in the
// pack's code called from the console keeps its place in the pack.
func TestConsoleErrorPositions(t *testing.T) {
	src, _ := assets.Pack("tictactoe")
	p, err := Parse(src, "tictactoe.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{})
	for _, c := range []struct {
		src  string
		exec bool
		want string
	}{
		{src: "undefined_name", want: "<console>:1:1: console: undefined: undefined_name"},
		{src: "1 + nope", want: "<console>:1:5: console: undefined: nope"},
		{src: "1 // 0", want: "<console>:1:3: console: floored division by zero"},
		{src: "x = 1\ny = x // 0", exec: true, want: "<console>:2:7: console: floored division by zero"},
	} {
		if c.exec {
			err = m.Exec(c.src)
		} else {
			_, err = m.Eval(c.src)
		}
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: error %v, want %s", c.src, err, c.want)
		}
	}
	if _, err = m.Eval("1 +"); err == nil || err.Error() != "<console>:1:4: console: got end of file, want primary expression" {
		t.Errorf(`"1 +": %v, want a compile error at the end of the console's line 1`, err)
	}
	// An error in the pack's code called from the console keeps its place
	// in the pack (the script calls next_state with a name it lacks).
	err = m.Exec(`stNextPlayer(None)`)
	var re *RunError
	if !errors.As(err, &re) || re.File != "tictactoe.yaml" || re.Pos.Line < 42 {
		t.Errorf("a script's error from the console: %v, want it placed in tictactoe.yaml's scripts", err)
	}
}
