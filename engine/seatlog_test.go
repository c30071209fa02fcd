package engine

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// heartsAfterFirstTrick plays a seeded random Hearts match, with its full
// log, until the first trick is taken: the deal, the passes and the
// takes, four cards played and the trick won.
func heartsAfterFirstTrick(t *testing.T) *Match {
	t.Helper()
	m := newMatch(t, bundled(t, "hearts"), 4, Options{Seed: 5})
	bot := NewRandomBot(5)
	for i := 0; i < 200 && countIn(m, "cardswon") == 0; i++ {
		ms, err := m.LegalAll()
		if err != nil || len(ms) == 0 {
			t.Fatalf("no move: %v", err)
		}
		if err := m.Apply(bot.Choose(m, ms)); err != nil {
			t.Fatal(err)
		}
	}
	if countIn(m, "cardswon") != 4 {
		t.Fatal("no trick taken in 200 moves")
	}
	return m
}

// details returns the details of the events of kind in es, in order.
func details(es []Event, kind string, player int) []string {
	var out []string
	for _, e := range es {
		if e.Kind == kind && (player == 0 || e.Player == player) {
			out = append(out, e.Detail)
		}
	}
	return out
}

var (
	// realID is how the designer's log names a card: card(21: 2/9), or
	// "card 21 to" in a move.
	realID = regexp.MustCompile(`card\(\d+:|card \d+ to`)
	// ownFace is a seat's rendering of a card it sees: "card 2/9".
	ownFace = regexp.MustCompile(`^card \d/\d+$`)
)

// TestSeatLogHidesOthersCards: in Hearts, seat 2's log shows the other
// hands' deals and passes as moves of cards without faces, its own with
// their faces, the cards played face up with theirs, and never a card's
// real id (which tells its face: ids follow the order of creation). The
// designer's log is untouched.
func TestSeatLogHidesOthersCards(t *testing.T) {
	m := heartsAfterFirstTrick(t)
	full := m.Events()
	seat2 := m.EventsFor(1)
	if len(seat2) == 0 {
		t.Fatal("seat 2 sees no event")
	}
	for _, e := range seat2 {
		if realID.MatchString(e.Name + " " + e.Detail) {
			t.Errorf("seat 2's log names a card by its id: %s", e)
		}
	}
	deals := details(seat2, EvObject, 0)
	if !slices.Contains(deals, "13 cards from deck to hand 1") || !slices.Contains(deals, "13 cards from deck to hand 3") {
		t.Errorf("seat 2 does not see the other hands dealt face down: %q", deals[:min(len(deals), 6)])
	}
	var own []string
	for _, d := range deals {
		if f, ok := strings.CutPrefix(d, "13 cards from deck to hand 2: "); ok {
			own = strings.Split(f, ", ")
		}
	}
	if len(own) != 13 || len(slices.Compact(slices.Sorted(slices.Values(own)))) != 13 {
		t.Fatalf("seat 2's own deal shows %q, want its 13 faces", own)
	}
	// Seat 1 passes to seat 2 (the first hand passes left), face down:
	// seat 2 sees the three cards go, not which, until they reach its hand.
	if got := details(seat2, EvAction, 1); len(got) != 2 || got[0] != "cards=(a card, a card, a card)" {
		t.Errorf("seat 1's pass as seat 2 sees it: %q", got)
	}
	mine := details(seat2, EvAction, 2)
	if len(mine) != 2 || !strings.HasPrefix(mine[0], "cards=(card ") {
		t.Fatalf("seat 2's own pass as it sees it: %q", mine)
	}
	for _, f := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(mine[0], "cards=("), ")"), ", ") {
		if !ownFace.MatchString(f) || !slices.Contains(own, strings.TrimPrefix(f, "card ")) {
			t.Errorf("seat 2 passed %q, not a face of its deal %q", f, own)
		}
	}
	if n := strings.Count(strings.Join(deals, "\n"), "a card from hand 1 to given 2"); n != 3 {
		t.Errorf("seat 2 sees %d face-down moves from hand 1 to given 2, want 3:\n%s", n, strings.Join(deals, "\n"))
	}
	// The three cards seat 1 gave are seen by seat 1 going and by seat 2
	// arriving in its hand, by nobody else.
	given := map[int][]string{}
	for seat := 0; seat < 4; seat++ {
		for _, d := range details(m.EventsFor(seat), EvObject, 0) {
			if strings.HasSuffix(d, " from hand 1 to given 2") || strings.HasSuffix(d, " from given 2 to hand 2") {
				given[seat] = append(given[seat], d)
			}
		}
	}
	for seat, ds := range given {
		faces := 0
		for _, d := range ds {
			if !strings.HasPrefix(d, "a card ") {
				faces++
			}
		}
		if want := map[int]int{0: 3, 1: 3}[seat]; faces != want || len(ds) != 6 {
			t.Errorf("seat %d sees the pass from 1 to 2 as %q: %d faces, want %d of 6", seat+1, ds, faces, want)
		}
	}
	// Cards played go face up: every seat sees their faces, in the move
	// and in the notification.
	for seat := 0; seat < 4; seat++ {
		log := m.EventsFor(seat)
		played := 0
		for _, d := range details(log, EvObject, 0) {
			if f, ok := strings.CutSuffix(d, " to cardsontable "+d[len(d)-1:]); ok && ownFace.MatchString(strings.Split(f, " from ")[0]) {
				played++
			}
		}
		notes := slices.DeleteFunc(details(log, EvNotify, 0), func(d string) bool { return !strings.HasPrefix(d, "card=card ") })
		if played != 4 || len(notes) != 4 {
			t.Errorf("seat %d sees %d of 4 cards played face up; notifications %q", seat+1, played, notes)
		}
	}
	if !slices.ContainsFunc(full, func(e Event) bool { return realID.MatchString(e.Detail) }) {
		t.Error("the designer's log no longer names cards by id")
	}
	for _, e := range full {
		if e.To.Everyone() != true {
			t.Errorf("a Hearts event is not for everyone: %s", e)
		}
	}
}

// notifyPack: an action that tells its player a secret, everyone a
// message, and another player something else; with a private variable of
// each player, a private game variable, and an object whose private
// variable and tag belong to its controller.
const notifyPack = `format: 1
pack: whispers
players: {min: 3, max: 3}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      create("token", controller=game.players[0], plan=1)
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: ${actplayer} may whisper
    descriptionmyturn: ${you} may whisper
    possibleactions: [whisper]
    transitions: {whisper: 99}
    updateGameProgression: true
  - id: 99
    name: gameEnd
    type: manager
actions:
  whisper:
    body: |
      notify("only you: ${n}", n=7, to=player)
      notify("seat 3 hears ${who}", who=player, to=player_no(3))
      notify("everyone hears ${who}", who=player)
      player.secret = 5
      player.tokens = 2
      game.answer = 42
      game.round = 2
      t = objects(type="token")[0]
      t.plan = 9
      t.add_tag("marked")
      next_state("whisper")
object_types:
  token:
    variables:
      controller: {type: player}
      plan: {type: int}
    tags: [marked]
visibility:
  variables: {secret: private, plan: private, answer: private}
  tags: {marked: private}
`

// TestPrivateNotifyAndVariables: notify(..., to=player) reaches its
// recipient's log only; a private variable's or tag's change reaches its
// owner's only (a private game variable's, no seat's); the rest reaches
// everyone. The designer's log has all of it.
func TestPrivateNotifyAndVariables(t *testing.T) {
	p, err := Parse([]byte(notifyPack), "whispers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 3, Options{Seed: 1})
	if err := m.Apply(Move{Seat: 0, Action: "whisper"}); err != nil {
		t.Fatal(err)
	}
	says := func(es []Event) []string {
		var out []string
		for _, e := range es {
			switch e.Kind {
			case EvNotify:
				out = append(out, e.Name)
			case EvVariable:
				out = append(out, e.Name+"="+e.Detail)
			case EvObject:
				if e.Field != "" {
					out = append(out, e.Detail)
				}
			}
		}
		return out
	}
	public := []string{"everyone hears Player 1", "tokens=2", "game.round=2"}
	want := [][]string{
		{"only you: 7", "everyone hears Player 1", "secret=5", "tokens=2", "game.round=2", "token#1.plan=9", "add_tag marked"},
		public,
		{"seat 3 hears Player 1", "everyone hears Player 1", "tokens=2", "game.round=2"},
	}
	full := says(afterAction(m.Events()))
	if len(full) != 9 || full[0] != "only you: 7" {
		t.Errorf("the designer's log of the action: %q", full)
	}
	for seat, w := range want {
		got := says(afterAction(m.EventsFor(seat)))
		if !slices.Equal(got, w) {
			t.Errorf("seat %d's log ends %q, want %q", seat+1, got, w)
		}
	}
	for _, e := range m.Events() {
		if e.Kind == EvNotify && e.Name == "only you: 7" {
			if e.To.Everyone() || !e.To.Sees(0) || e.To.Sees(1) || e.Detail != "n=7, to=player1" {
				t.Errorf("the private notification: %s, to %+v", e, e.To)
			}
		}
	}
}

// afterAction returns the events after the first action_taken of es.
func afterAction(es []Event) []Event {
	for i, e := range es {
		if e.Kind == EvAction {
			return es[i+1:]
		}
	}
	return nil
}

// TestNotifyToRefusesNonPlayer: to= names a player; anything else fails
// where the call is, with or without a log.
func TestNotifyToRefusesNonPlayer(t *testing.T) {
	src := strings.Replace(notifyPack, "to=player)", "to=3)", 1)
	p, err := Parse([]byte(src), "whispers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []Options{{Seed: 1}, {Seed: 1, NoHistory: true}} {
		m := newMatch(t, p, 3, opts)
		err := m.Apply(Move{Seat: 0, Action: "whisper"})
		if err == nil || !strings.Contains(err.Error(), "notify: to= is a player, not int") {
			t.Errorf("notify(to=3) with %+v: %v", opts, err)
		}
	}
}

// TestSeatLogOfForks: a match forked at a step sees its events as the
// match it came from saw them up to there, and each goes on with its own
// (the notes the seats' texts are written from are shared, never
// overwritten); StepEventsFor is EventsFor step by step.
func TestSeatLogOfForks(t *testing.T) {
	m := heartsAfterFirstTrick(t)
	before := m.EventsFor(1)
	k := m.History() / 2
	f, err := m.At(k)
	if err != nil {
		t.Fatal(err)
	}
	forked := f.EventsFor(1)
	if len(forked) == 0 || !slices.Equal(forked, before[:len(forked)]) {
		t.Fatalf("the fork at step %d sees %d events, not the first of its parent's %d", k, len(forked), len(before))
	}
	bot := NewRandomBot(99)
	for i := 0; i < 20; i++ {
		ms, err := f.LegalAll()
		if err != nil || len(ms) == 0 {
			break
		}
		if err := f.Apply(bot.Choose(f, ms)); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(m.EventsFor(1), before) {
		t.Error("playing on the fork changed its parent's seat log")
	}
	var steps []Event
	for s := 0; s <= m.History()+1; s++ {
		steps = append(steps, m.StepEventsFor(s, 1)...)
	}
	if !slices.Equal(steps, before) {
		t.Errorf("StepEventsFor step by step gives %d events, EventsFor %d", len(steps), len(before))
	}
	if m.EventsFor(4) != nil || m.EventsFor(-1) != nil {
		t.Error("a seat the match does not have sees events")
	}
}

// TestSeatLogVariableHoldingACard: a public variable set to a card drawn
// into a hand names it, in the other seat's log, as "a card" (the leak is
// the designer's to find; the log never adds one), and by its face in the
// owner's.
func TestSeatLogVariableHoldingACard(t *testing.T) {
	src := `format: 1
pack: drawn
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      cards.create([{"type": "Guard", "type_arg": 1, "nbr": 1}])
      game.players[0].drawn = cards.pick(1, game.players[0])[0]
    transitions: {"": 99}
  - id: 99
    name: gameEnd
    type: manager
decks: [cards]
`
	p, err := Parse([]byte(src), "drawn.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{Seed: 1})
	for seat, want := range []string{"card Guard/1", "a card"} {
		got := details(m.EventsFor(seat), EvVariable, 1)
		if len(got) != 1 || got[0] != want {
			t.Errorf("seat %d reads the drawn variable as %q, want %q", seat+1, got, want)
		}
	}
	if got := details(m.Events(), EvVariable, 1); len(got) != 1 || got[0] != "card(1: \"Guard\"/1)" {
		t.Errorf("the designer's log: %q", got)
	}
}
