package engine

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"go.starlark.net/starlark"
)

const privPack = `format: 1
pack: priv
players: {min: 2, max: 2}
progression: "40"
states:
  - id: 1
    name: gameSetup
    type: manager
    transitions: {"": 2}
  - id: 2
    name: plan
    type: multipleactiveplayer
    description: Everyone plans
    descriptionmyturn: ${you} must plan, and so must ${otherplayer} (${round})
    action: set_all_multiactive()
    args: "{'round': 1, '_private': {'active': {'secret': 42}}}"
    initialprivate: 10
    possibleactions: [changeMind]
    transitions: {done: 3}
    updateGameProgression: true
  - id: 10
    name: chooseFirst
    type: private
    action: player.first = -1
    possibleactions: [pickFirst]
    transitions: {toSecond: 11}
  - id: 11
    name: chooseSecond
    type: private
    possibleactions: [pickSecond]
    transitions: {back: 10}
  - id: 3
    name: spin
    type: game
    action: next_state("again" if game.spins < 3 else "stop")
    transitions: {again: 3, stop: 99}
    endaction: game.spins += 1
  - id: 99
    name: gameEnd
    type: manager
actions:
  pickFirst:
    params:
      x: {type: int, domain: range(2)}
    body: |
      player.first = x
      next_state("toSecond")
  pickSecond:
    params:
      y: {type: int, domain: "[0, 1]"}
    body: |
      player.score = player.first * 10 + y
      deactivate(player, "done")
  changeMind:
    who: "False"
scripts:
  main: |
    def unused():
        pass
`

func TestPrivateStates(t *testing.T) {
	p, err := Parse([]byte(strings.Replace(privPack, "possibleactions: [changeMind]", "possibleactions: [changeMind]\n    endaction: game.spins = 0", 1)), "priv.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{})
	v, err := m.View(0)
	if err != nil {
		t.Fatal(err)
	}
	if v.State != "plan" || v.Private != "chooseFirst" || v.Description != "You must plan, and so must Player 2 (1)" ||
		v.PrivateArgs["secret"] != int64(42) || v.Progression != 40 || eval(t, m, "players[1].first") != "-1" {
		t.Fatalf("view %+v", v)
	}
	moves, _ := m.Legal(0)
	if len(moves) != 2 || moves[1].String() != "p1 pickFirst(1)" {
		t.Fatalf("moves %v", moves)
	}
	if err := m.Apply(moves[1]); err != nil {
		t.Fatal(err)
	}
	if v, _ := m.View(0); v.Private != "chooseSecond" {
		t.Errorf("player 1 in %q", v.Private)
	}
	if v, _ := m.View(1); v.Private != "chooseFirst" {
		t.Errorf("player 2 in %q", v.Private)
	}
	mv := Move{Seat: 0, Action: "pickSecond", Args: []starlark.Value{starlark.MakeInt(1)}}
	if err := m.Apply(mv); err != nil {
		t.Fatal(err)
	}
	if ms, _ := m.Legal(0); len(ms) != 0 || m.Scores()[0] != 11 {
		t.Errorf("after deactivation: moves %v scores %v", ms, m.Scores())
	}
	if v, _ := m.View(0); v.PrivateArgs != nil || v.Description != "Everyone plans" {
		t.Errorf("inactive player sees %q %v", v.Description, v.PrivateArgs)
	}
	for _, x := range []int{0, 1} {
		a := "pickFirst"
		if x == 1 {
			a = "pickSecond"
		}
		if err := m.Apply(Move{Seat: 1, Action: a, Args: []starlark.Value{starlark.MakeInt(0)}}); err != nil {
			t.Fatal(err)
		}
	}
	if !m.Over() || m.Scores()[1] != 0 || eval(t, m, "game.spins") != "4" {
		t.Errorf("over %v scores %v spins %s stack %v", m.Over(), m.Scores(), eval(t, m, "game.spins"), m.Stack())
	}
}

func TestTriggerLoop(t *testing.T) {
	src := strings.Replace(privPack, `game.spins < 3`, `True`, 1)
	src = strings.Replace(src, "possibleactions: [changeMind]", "possibleactions: [changeMind]\n    endaction: game.spins = 0", 1)
	p, err := Parse([]byte(src), "priv.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{StepLimit: 50})
	for _, mv := range []Move{
		{Seat: 0, Action: "pickFirst", Args: []starlark.Value{starlark.MakeInt(0)}},
		{Seat: 0, Action: "pickSecond", Args: []starlark.Value{starlark.MakeInt(0)}},
		{Seat: 1, Action: "pickFirst", Args: []starlark.Value{starlark.MakeInt(0)}},
	} {
		if err := m.Apply(mv); err != nil {
			t.Fatal(err)
		}
	}
	err = m.Apply(Move{Seat: 1, Action: "pickSecond", Args: []starlark.Value{starlark.MakeInt(0)}})
	want := `priv.yaml:36:13: trigger loop: more than 50 steps without a player action; in its last steps these kept running: state 3 (spin) action (25 times, at 36:13), state 3 (spin) endaction (25 times, at 38:16), transition "again" of state 3 (spin) (25 times, at 33:5),`
	if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "state_entered [spin] again") {
		t.Fatalf("got %v", err)
	}
	if m.StateName() != "plan" {
		t.Errorf("the failed action was not undone: %s", m.StateName())
	}
}

func TestClockTimeout(t *testing.T) {
	p := bundled(t, "tictactoe")
	m := newMatch(t, p, 2, Options{Clock: 10 * time.Second})
	if err := m.Tick(4 * time.Second); err != nil {
		t.Fatal(err)
	}
	if m.Clock(0) != 6*time.Second || m.Clock(1) != 10*time.Second {
		t.Fatalf("clocks %v %v", m.Clock(0), m.Clock(1))
	}
	if err := m.Tick(7 * time.Second); err != nil {
		t.Fatal(err)
	}
	// Player 1 timed out: the zombie turn played their first legal action.
	if m.Active() != 1 || eval(t, m, "board.get(0, 0)") != "1" || m.Clock(1) != 10*time.Second {
		t.Errorf("after timeout: active %d, board %s, clock 2 %v", m.Active(), eval(t, m, "board.get(0, 0)"), m.Clock(1))
	}
	var kinds []string
	for _, e := range m.Events() {
		if strings.HasPrefix(e.Kind, "clock") {
			kinds = append(kinds, e.Kind+" p"+itoa(e.Player))
		}
	}
	if strings.Join(kinds, ",") != "clock_started p1,clock_timeout p1,clock_stopped p1,clock_started p2" {
		t.Errorf("clock events %v", kinds)
	}
	// Each event is numbered as the step whose events hold it (docs/records.md:
	// the steps taken before the event's step), clock events too.
	for k := 1; k <= m.History(); k++ {
		for _, e := range m.StepEvents(k) {
			if e.Step != k-1 {
				t.Errorf("%s p%d among step %d's events is numbered %d, want %d", e.Kind, e.Player, k, e.Step, k-1)
			}
		}
	}
}

func TestRunErrorUndoesAction(t *testing.T) {
	err := runMini(t, "True", "x = 1 // 0")
	var re *RunError
	if !errors.As(err, &re) || re.Pos.Line != 22 || !strings.Contains(re.Msg, "division by zero") {
		t.Errorf("got %v", err)
	}
}

func TestEndingCondition(t *testing.T) {
	src := `format: 1
pack: ending
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    transitions: {"": 2}
  - id: 2
    name: collect
    type: multipleactiveplayer
    description: Everyone collects two points
    ending: player.score >= 2
    possibleactions: [inc]
    transitions: {"": 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  inc:
    body: player.score += 1
`
	p, err := Parse([]byte(src), "ending.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{})
	inc := func(seat int) {
		t.Helper()
		if err := m.Apply(Move{Seat: seat, Action: "inc"}); err != nil {
			t.Fatal(err)
		}
	}
	inc(0)
	inc(1)
	inc(0)
	if ms, _ := m.Legal(0); len(ms) != 0 || m.Over() {
		t.Fatalf("player 1 done: legal %v, over %v", ms, m.Over())
	}
	if v, _ := m.View(0); len(v.Active) != 1 || v.Active[0] != 1 {
		t.Errorf("deciding %v, want [1]", v.Active)
	}
	inc(1)
	if !m.Over() {
		t.Errorf("not over once every ending condition holds: %v", m.Stack())
	}
}

// TestEndTurn: the ending statement ends the player's turn; with every ending
// condition met, the state takes its lone transition.
func TestEndTurn(t *testing.T) {
	p, err := Parse([]byte(mini("True", "end_turn()")), "mini.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 1, Options{})
	if err := m.Apply(Move{Seat: 0, Action: "go"}); err != nil {
		t.Fatal(err)
	}
	if !m.Over() {
		t.Errorf("stack %v after end_turn", m.Stack())
	}
}

// A timeout rule that fails is undone whole: the match stays where the clock
// ran out, and the events the rule emitted before failing are gone (the
// timeout itself stays: the clock did run out).
func TestClockTimeoutRuleFails(t *testing.T) {
	data, _ := assets.Pack("tictactoe")
	data = append(data, []byte("timeout: |\n  notify(\"too slow\")\n  x = 1 // 0\n")...)
	p, err := Parse(data, "tictactoe.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{Clock: 10 * time.Second})
	before := len(m.Events())
	if err := m.Tick(11 * time.Second); err == nil || !strings.Contains(err.Error(), "division by zero") {
		t.Fatalf("Tick: %v, want the timeout rule's error", err)
	}
	var kinds []string
	for _, e := range m.Events()[before:] {
		kinds = append(kinds, e.Kind)
	}
	if strings.Join(kinds, ",") != "clock_timeout" {
		t.Errorf("events after the failed timeout rule: %v, want only clock_timeout", kinds)
	}
	if m.Active() != 0 || m.StateName() != "playerTurn" {
		t.Errorf("after the failed timeout rule: active %d in %s, want player 1 still to play", m.Active(), m.StateName())
	}
}

// TestTriggerEventSaysBefore: a clause_fired event names what before()
// answered while its condition held. Tic-tac-toe with a whenever clause on
// playerTurn that fires when the board has fewer empty cells than at the
// start of the step before (the mark's): before a match's k-th mark (from 0)
// 9-k cells were empty.
func TestTriggerEventSaysBefore(t *testing.T) {
	data, _ := assets.Pack("tictactoe")
	clause := "    possibleactions: [mark]\n    clauses: {whenever: [{name: marked, condition: 'len(board.empty()) < before(lambda: len(board.empty()))', body: 'pass'}]}\n"
	src := strings.Replace(string(data), "    possibleactions: [mark]\n", clause, 1)
	p, err := Parse([]byte(src), "tictactoe.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{})
	for k := 0; k < 4; k++ {
		moves, err := m.Legal(m.Active())
		if err != nil || len(moves) == 0 {
			t.Fatalf("move %d: %v %v", k, moves, err)
		}
		n := len(m.Events())
		if err := m.Apply(moves[0]); err != nil {
			t.Fatal(err)
		}
		var fired []string
		for _, e := range m.Events()[n:] {
			if e.Kind == EvClauseFired {
				fired = append(fired, e.Before)
			}
		}
		if want := strconv.Itoa(9 - k); len(fired) != 1 || fired[0] != want {
			t.Errorf("mark %d: the clause fired with before %q, want once with %s", k, fired, want)
		}
	}
}

// TestClockTimeoutAtZero: a clock that reaches exactly zero has run out.
func TestClockTimeoutAtZero(t *testing.T) {
	m := newMatch(t, bundled(t, "tictactoe"), 2, Options{Clock: 10 * time.Second})
	if err := m.Tick(10 * time.Second); err != nil {
		t.Fatal(err)
	}
	if m.Active() != 1 || m.Clock(0) != 0 {
		t.Errorf("after exactly 10 s of a 10 s clock: active seat %d, clock 1 %v; want player 1 timed out", m.Active(), m.Clock(0))
	}
}

// TestClockTimeoutEveryone: when all four players of Hearts' giveCards run
// out of time in one tick, each of them times out (a zombie turn gives
// their cards), and the match moves on.
func TestClockTimeoutEveryone(t *testing.T) {
	m := newMatch(t, bundled(t, "hearts"), 4, Options{Clock: 10 * time.Second})
	if m.StateName() != "giveCards" {
		t.Fatalf("the match starts in %s, want giveCards", m.StateName())
	}
	n := len(m.Events())
	if err := m.Tick(11 * time.Second); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range m.Events()[n:] {
		if e.Kind == EvTimeout {
			out = append(out, "p"+strconv.Itoa(e.Player))
		}
	}
	if strings.Join(out, ",") != "p1,p2,p3,p4" || m.StateName() == "giveCards" {
		t.Errorf("timeouts %v, then in %s; want all four players timed out and the match past giveCards", out, m.StateName())
	}
}

// TestPrivateMoveEvents: each seat entering its first private state is told
// (a state_entered of the seat's, marked private), and a seat's move between
// private states is a state_left of the state it leaves (naming the
// transition) then a state_entered of the one it enters: what the canvas and
// the playtest's counts read as visits and a transition taken.
func TestPrivateMoveEvents(t *testing.T) {
	p, err := Parse([]byte(privPack), "priv.yaml")
	if err != nil {
		t.Fatal(err)
	}
	states := func(es []Event) []string {
		var out []string
		for _, e := range es {
			if (e.Kind == EvStateLeft || e.Kind == EvStateEntered) && e.Detail == "private" {
				out = append(out, fmt.Sprintf("%s %s/%s p%d %s", e.Kind, e.State, e.StateID, e.Player, e.Name))
			}
		}
		return out
	}
	m := newMatch(t, p, 2, Options{})
	want := []string{"state_entered chooseFirst/10 p1 ", "state_entered chooseFirst/10 p2 "}
	if got := states(m.Events()); !reflect.DeepEqual(got, want) {
		t.Errorf("the seats entering their private state:\n%q\nwant\n%q", got, want)
	}
	from := len(m.Events())
	if err := m.Apply(Move{Seat: 1, Action: "pickFirst", Args: []starlark.Value{starlark.MakeInt(1)}}); err != nil {
		t.Fatal(err)
	}
	want = []string{"state_left chooseFirst/10 p2 toSecond", "state_entered chooseSecond/11 p2 toSecond"}
	if got := states(m.Events()[from:]); !reflect.DeepEqual(got, want) {
		t.Errorf("events of the private move:\n%q\nwant\n%q", got, want)
	}
}

// TestBeforeReadsVariableBornSince: inside before(), a game or player
// variable first assigned since the start of the previous step reads as it is
// now, as an object created since does (issue 19, item 21: a clause of an
// object created in set-up, reading a variable set-up assigns, stopped the
// match at its first step although validate found nothing). Tic-tac-toe with
// a counter whose clause fires when the turn count grows.
func TestBeforeReadsVariableBornSince(t *testing.T) {
	data, _ := assets.Pack("tictactoe")
	src := strings.Replace(string(data), "    description: \"\"\n    transitions:\n      \"\": 2\n",
		"    description: \"\"\n    action: \"game.turns = 0; player_no(1).bonus = 0; create('counter')\"\n    transitions:\n      \"\": 2\n", 1)
	src = strings.Replace(src, "def stNextPlayer(active_player):", "def stNextPlayer(active_player, game):", 1)
	src = strings.Replace(src, "        else:\n", "        else:\n            game.turns += 1\n", 1)
	src += "object_types:\n  counter:\n    whenever: [{name: counted, condition: 'game.turns + player_no(1).bonus > before(lambda: game.turns + player_no(1).bonus)', body: 'pass'}]\n"
	gp, err := graph.Parse([]byte(src), "counter.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if d := append(graph.Check(gp), Check(gp)...); len(d) != 0 {
		t.Fatalf("validate: %v", d)
	}
	p, err := Parse([]byte(src), "counter.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{})
	fired := 0
	for k := 0; k < 4; k++ {
		moves, err := m.Legal(m.Active())
		if err != nil || len(moves) == 0 {
			t.Fatalf("move %d: %v %v", k, moves, err)
		}
		n := len(m.Events())
		if err := m.Apply(moves[0]); err != nil {
			t.Fatalf("move %d: %v", k, err)
		}
		for _, e := range m.Events()[n:] {
			if e.Kind == EvClauseFired {
				fired++
			}
		}
	}
	if fired != 4 {
		t.Errorf("the counter fired %d times in 4 turns, want 4", fired)
	}
}

// TestViewCardTypeText: a hand in a view names a card of a string type as
// the designer wrote it (Baron/3), not as Starlark quotes it ("Baron"/3;
// issue 19, item 25).
func TestViewCardTypeText(t *testing.T) {
	src := `format: 1
pack: court
players: {min: 2, max: 2}
decks: [court]
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      court.create([{"type": "Baron", "type_arg": 3, "nbr": 1}, {"type": 7, "type_arg": 1, "nbr": 1}])
      court.pick(2, players[0])
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: go
    possibleactions: [go]
    transitions: {go: 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  go:
    body: next_state("go")
`
	p, err := Parse([]byte(src), "court.yaml")
	if err != nil {
		t.Fatal(err)
	}
	v, err := newMatch(t, p, 2, Options{}).View(0)
	if err != nil {
		t.Fatal(err)
	}
	hand := v.Decks["court"].Hand
	slices.Sort(hand)
	if got := strings.Join(hand, " "); got != "7/1 Baron/3" {
		t.Errorf("hand %q, want 7/1 Baron/3", got)
	}
}

// TestClocksRunning: in tic-tac-toe the acting player's clock runs, the
// other's not; after a move, the other's; none without clocks.
func TestClocksRunning(t *testing.T) {
	p := bundled(t, "tictactoe")
	m := newMatch(t, p, 2, Options{Clock: 10 * time.Second})
	if got := m.ClocksRunning(); len(got) != 1 || got[0] != 0 {
		t.Fatalf("at the start %v, want [0]", got)
	}
	if err := m.Apply(Move{Seat: 0, Action: "mark", Args: []starlark.Value{starlark.Tuple{starlark.MakeInt(1), starlark.MakeInt(1)}}}); err != nil {
		t.Fatal(err)
	}
	if got := m.ClocksRunning(); len(got) != 1 || got[0] != 1 {
		t.Errorf("after a move %v, want [1]", got)
	}
	if got := newMatch(t, p, 2, Options{}).ClocksRunning(); got != nil {
		t.Errorf("without clocks %v", got)
	}
}
