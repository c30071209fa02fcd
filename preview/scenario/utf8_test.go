package scenario

import "testing"

// TestNonUTF8ScenarioSaysWhere: a scenario with a byte that is not UTF-8 is
// refused at its line and column.
func TestNonUTF8ScenarioSaysWhere(t *testing.T) {
	_, err := Parse([]byte("pack: tictactoe\nsteps:\n  - expect: \"\xe9\"\n"), "s.yaml")
	want := "s.yaml:3:14: the byte 0xE9 is not UTF-8: the studio reads text as UTF-8 (save the file as UTF-8)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
