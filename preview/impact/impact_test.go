package impact_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview/impact"
)

// The rule changes the tests make to the bundled tic-tac-toe, as text
// replaced in its YAML.
const (
	line = "            active_player.score = 1\n"
	// misere: three in a row loses (the other player scores). The bots
	// choose among the same empty cells, so every match plays the same
	// moves and only its winner changes: the first seat wins exactly the
	// matches the second seat won before.
	misere = "            players[2 - active_player.no].score = 1\n"
	def    = "def stNextPlayer(active_player):"
	defPl  = "def stNextPlayer(active_player, players):"
	// fullBoard: a line no longer ends the match; every match fills the
	// board (9 marks) and is a draw.
	lineEnds = "        if board.line(3):\n"
	noLine   = "        if False:\n"
)

// ticTacToe is the bundled pack with each pair of texts (old, new)
// replaced in its YAML.
func ticTacToe(t *testing.T, pairs ...string) *graph.Pack {
	t.Helper()
	data, ok := assets.Pack("tictactoe")
	if !ok {
		t.Fatal("no bundled pack tictactoe")
	}
	text := string(data)
	for i := 0; i+1 < len(pairs); i += 2 {
		if !strings.Contains(text, pairs[i]) {
			t.Fatalf("tictactoe.yaml has no %q", pairs[i])
		}
		text = strings.Replace(text, pairs[i], pairs[i+1], 1)
	}
	p, err := graph.Parse([]byte(text), "tictactoe.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// marks is a record of tic-tac-toe seed 1 with the cells marked in turn,
// X first.
func marks(cells ...string) graph.Record {
	rec := graph.Record{Format: graph.RecordFormat, Pack: "tictactoe", Seed: 1, Seats: make([]graph.Seat, 2)}
	for i, c := range cells {
		rec.Moves = append(rec.Moves, graph.Move{Player: i%2 + 1, Action: "mark", Args: json.RawMessage(`{"cell":[` + c + `]}`)})
	}
	return rec
}

// xWins: X takes the column 0,0 1,0 2,0 with its third mark, the fifth move.
var xWins = impact.Recorded{ID: 1, Name: "x wins", Record: marks("0,0", "0,1", "1,0", "1,1", "2,0")}

// aDraw: XOX / XOO / OXX, no line at any move.
var aDraw = impact.Recorded{ID: 2, Name: "a draw", Record: marks("0,0", "1,1", "0,2", "0,1", "2,1", "1,2", "1,0", "2,0", "2,2")}

func threeInARow(t *testing.T) impact.Scenario {
	t.Helper()
	for _, s := range assets.Scenarios("tictactoe") {
		if s.Name == "three-in-a-row.yaml" {
			return impact.Scenario{Name: "three-in-a-row", Path: "three-in-a-row.yaml", YAML: s.Data}
		}
	}
	t.Fatal("no bundled scenario three-in-a-row")
	return impact.Scenario{}
}

// TestImpactMisere: with three in a row losing, the recorded win differs
// first at step 26 (the debugger's: its events are numbered 25, the steps
// taken before), after the fifth move, where the score goes to the other
// player; the draw plays the same; the scenario expecting the first
// player's point now fails; and 200 matches of random bots on the same
// seeds play the same moves with the winners swapped: the first seat's
// wins after are the second seat's before, every length is the same, no
// state or clause changes its rate, and McNemar's test finds the change.
func TestImpactMisere(t *testing.T) {
	r, err := impact.Run(impact.Config{Before: ticTacToe(t), After: ticTacToe(t, line, misere, def, defPl),
		BeforeName: "revision 1", AfterName: "revision 2",
		Recorded: []impact.Recorded{xWins, aDraw}, Scenarios: []impact.Scenario{threeInARow(t)},
		Matches: 200, Seed: 1, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	win := r.Matches[0]
	if win.Outcome != impact.Differs || win.Step != 26 || win.Move != 5 {
		t.Errorf("x wins: %s, step %d, move %d; want differs at step 26 after move 5", win.Outcome, win.Step, win.Move)
	}
	if !contains(win.Before, "25 variable_changed [nextPlayer] p1 score 1") || !contains(win.After, "25 variable_changed [nextPlayer] p2 score 1") {
		t.Errorf("x wins: step 26 before %q, after %q; want p1's score before, p2's after", win.Before, win.After)
	}
	if d := r.Matches[1]; d.Outcome != impact.Same {
		t.Errorf("a draw: %s; want same", d.Summary())
	}
	s := r.Scenarios[0]
	if s.Outcome != impact.Differs || s.Step != 26 || s.Move != 5 || s.FailedBefore != "" || !strings.Contains(s.FailedAfter, "step 8: expect") {
		t.Errorf("scenario: %s, step %d, failed before %q, after %q; want differs at 26 after move 5, passing before, failing at its step 8 (the expect) after",
			s.Outcome, s.Step, s.FailedBefore, s.FailedAfter)
	}
	c := r.Play
	if c.After.Wins[0] != c.Before.Wins[1] || c.After.Wins[1] != c.Before.Wins[0] || c.After.Draws != c.Before.Draws {
		t.Errorf("wins before %v draws %d, after %v draws %d: want the seats' wins swapped", c.Before.Wins, c.Before.Draws, c.After.Wins, c.After.Draws)
	}
	if c.WonBefore != int(c.Before.Wins[0]) || c.WonAfter != int(c.After.Wins[0]) {
		t.Errorf("switched %d before only, %d after only; want every win of each side (%v, %v)", c.WonBefore, c.WonAfter, c.Before.Wins, c.After.Wins)
	}
	if c.SameLength != 200 || len(c.States) != 0 || len(c.Clauses) != 0 {
		t.Errorf("same length %d of 200, states %v, clauses %v; want all as long, nothing changed", c.SameLength, c.States, c.Clauses)
	}
	if c.Before.FirstSeat <= c.After.FirstSeat || c.PValue >= 0.001 || c.After.High >= c.Before.Low {
		t.Errorf("first seat %.3f %v -> %.3f %v, p %.3g; want a lower rate, disjoint intervals, p < 0.001",
			c.Before.FirstSeat, [2]float64{c.Before.Low, c.Before.High}, c.After.FirstSeat, [2]float64{c.After.Low, c.After.High}, c.PValue)
	}
	if want := impact.McNemar(c.WonBefore, c.WonAfter); c.PValue != want {
		t.Errorf("p %g, want McNemar's %g", c.PValue, want)
	}
}

// TestImpactFullBoard: with lines no longer ending the match, every match
// lasts 9 actions and is a draw, the states of a turn are entered most
// more often (9 times a match), and the recorded win differs at step 26,
// where no point is scored.
func TestImpactFullBoard(t *testing.T) {
	r, err := impact.Run(impact.Config{Before: ticTacToe(t), After: ticTacToe(t, lineEnds, noLine),
		Recorded: []impact.Recorded{xWins}, Matches: 100, Seed: 7, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if m := r.Matches[0]; m.Outcome != impact.Differs || m.Step != 26 || !contains(m.Before, "p1 score 1") || contains(m.After, "score") {
		t.Errorf("x wins: %s at step %d, before %q, after %q; want differs at 26, no point scored", m.Outcome, m.Step, m.Before, m.After)
	}
	c := r.Play
	if len(c.After.Lengths) != 1 || c.After.Lengths[9] != 100 || c.After.Draws != 100 || c.After.FirstSeat != 0 {
		t.Errorf("after: lengths %v, draws %d, first seat %g; want 100 matches of 9, all draws", c.After.Lengths, c.After.Draws, c.After.FirstSeat)
	}
	if c.After.Median != 9 || c.Before.Min < 5 || c.Before.Median >= 9 {
		t.Errorf("medians %g -> %g, min before %d; want a median under 9 before (random tic-tac-toe ends early), 9 after", c.Before.Median, c.After.Median, c.Before.Min)
	}
	if len(c.States) != 2 || c.States[0].Key != "2" || c.States[0].Name != "playerTurn" || c.States[0].After != 9 || c.States[1].Key != "3" {
		t.Errorf("states changed: %+v; want playerTurn (2) and nextPlayer (3), 9 times a match after", c.States)
	}
	if c.SameLength == 100 || c.SameLength != int(c.Before.Lengths[9]) {
		t.Errorf("as long on both: %d; want the matches of 9 before (%d)", c.SameLength, c.Before.Lengths[9])
	}
}

// TestImpactNotLoaded: rules that do not compile after the change are
// reported for each record and scenario, with the compile error's place.
func TestImpactNotLoaded(t *testing.T) {
	r, err := impact.Run(impact.Config{Before: ticTacToe(t), After: ticTacToe(t, lineEnds, "        if board.line(3:\n"),
		Recorded: []impact.Recorded{aDraw}, Scenarios: []impact.Scenario{threeInARow(t)}})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []impact.Replayed{r.Matches[0], r.Scenarios[0].Replayed} {
		if m.Outcome != impact.NotLoaded || !strings.Contains(m.Reason, "main") {
			t.Errorf("%s: %s; want does not load, naming the script", m.Name, m.Summary())
		}
	}
}

// TestImpactRefused: a rule that bars the centre refuses the draw's second
// move (O in the centre).
func TestImpactRefused(t *testing.T) {
	r, err := impact.Run(impact.Config{Before: ticTacToe(t),
		After:    ticTacToe(t, "domain: board.empty()", "domain: '[c for c in board.empty() if c != (1, 1)]'"),
		Recorded: []impact.Recorded{aDraw, xWins}})
	if err != nil {
		t.Fatal(err)
	}
	if m := r.Matches[0]; m.Outcome != impact.Refused || !strings.HasPrefix(m.Reason, "move 2 ") {
		t.Errorf("a draw: %s; want move 2 refused", m.Summary())
	}
	if m := r.Matches[1]; m.Outcome != impact.Refused || !strings.HasPrefix(m.Reason, "move 4 ") {
		t.Errorf("x wins: %s; want move 4 (O in the centre) refused", m.Summary())
	}
}

// TestImpactNotBefore: a record the rules before refuse (recorded on
// another revision: its second move marks a taken cell) is reported so,
// with the move, whatever the rules after do.
func TestImpactNotBefore(t *testing.T) {
	taken := impact.Recorded{ID: 3, Name: "taken cell", Record: marks("0,0", "0,0")}
	r, err := impact.Run(impact.Config{Before: ticTacToe(t), After: ticTacToe(t, line, misere, def, defPl), Recorded: []impact.Recorded{taken}})
	if err != nil {
		t.Fatal(err)
	}
	if m := r.Matches[0]; m.Outcome != impact.NotBefore || !strings.Contains(m.Reason, "on the rules before, move 2 ") ||
		!strings.HasSuffix(m.Reason, "; the move before it plays the same after") {
		t.Errorf("taken cell: %s; want it not playing before, at move 2", m.Summary())
	}
}

// TestMcNemar: the exact test's p-value on small counts worked by hand:
// 10 discordant pairs all one way is 2/1024; 1 and 9 is 2*11/1024; equal
// counts are 1; none is 1.
func TestMcNemar(t *testing.T) {
	for _, c := range []struct {
		b, c int
		want float64
	}{{0, 10, 2.0 / 1024}, {10, 0, 2.0 / 1024}, {1, 9, 22.0 / 1024}, {5, 5, 1}, {0, 0, 1}, {3, 4, 1}} {
		if got := impact.McNemar(c.b, c.c); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("McNemar(%d, %d) = %g, want %g", c.b, c.c, got, c.want)
		}
	}
}

func contains(lines []string, s string) bool {
	for _, l := range lines {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}
