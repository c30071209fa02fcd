package engine

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// priestPack: eight distinct cards, one removed unseen, one dealt to each
// player, the rest in the deck. Player 1 acts on every turn: look (the
// Priest: reveal the next player's card to the actor), show (reveal it to
// every seat), steal (take a card of the next player's hand, chosen blind),
// bury (put it back into the deck, shuffle, deal the next player a new
// one), discard (put it face up on the discard pile), take_back (from the
// discard pile into its owner's hand again), draw (the next player draws
// one more card) and pass.
const priestPack = `format: 1
pack: priest
players: {min: 2, max: 3}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      cards.create([{"type": t, "type_arg": i + 1, "nbr": 1} for i, t in enumerate(["Guard", "Priest", "Baron", "Handmaid", "Prince", "King", "Countess", "Princess"])])
      cards.shuffle()
      cards.pick_for_location(1, "deck", "removed")
      for p in game.players:
          cards.pick(1, p)
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: ${actplayer} acts
    descriptionmyturn: ${you} act
    possibleactions: [look, show, steal, bury, discard, take_back, draw, pass]
    transitions: {again: 2, pass: 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  look:
    body: |
      reveal(cards.cards("hand", player_after(player))[0], to=player)
      next_state("again")
  show:
    body: |
      reveal(cards.cards("hand", player_after(player))[0])
      next_state("again")
  steal:
    params:
      card: {type: card, domain: 'cards.cards("hand", player_after(player))'}
    body: |
      cards.move(card, "hand", player)
      next_state("again")
  bury:
    body: |
      other = player_after(player)
      cards.move(cards.cards("hand", other)[0], "deck")
      cards.shuffle()
      cards.pick(1, other)
      next_state("again")
  discard:
    body: |
      cards.move(cards.cards("hand", player_after(player))[0], "discard")
      next_state("again")
  take_back:
    body: |
      cards.move(cards.top("discard"), "hand", player_after(player))
      next_state("again")
  draw:
    body: |
      cards.pick(1, player_after(player))
      next_state("again")
  pass:
    body: next_state("pass")
decks: [cards]
visibility:
  locations: {removed: nobody, discard: everyone}
`

func priestMatch(t *testing.T, seats int, seed uint64) *Match {
	t.Helper()
	p, err := Parse([]byte(priestPack), "priest.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return newMatch(t, p, seats, Options{Seed: seed})
}

// act has player 1 take action name (no arguments).
func act(t *testing.T, m *Match, name string) {
	t.Helper()
	if err := m.Apply(Move{Seat: 0, Action: name}); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// handOf returns the faces of player n's hand and the id of its first card.
func handOf(t *testing.T, m *Match, n int) ([]string, int) {
	t.Helper()
	var faces []string
	var ids []int
	for i, c := range m.st.decks[0].cards {
		if c.loc == "hand" && c.arg == n {
			faces = append(faces, face(c))
			ids = append(ids, i+1)
		}
	}
	if len(ids) == 0 {
		t.Fatalf("player %d has no card", n)
	}
	return faces, ids[0]
}

// seenIn returns the faces seat's view lists at place (not its own hand).
func seenIn(t *testing.T, m *Match, seat int, place string) []string {
	t.Helper()
	v, err := m.View(seat)
	if err != nil {
		t.Fatal(err)
	}
	return v.Decks["cards"].Cards[place]
}

// TestRevealShowsCardToOneSeat: a Priest's look shows player 2's card in
// player 1's view and in no other seat's; player 1 sees it (SeesCard) until
// it leaves; the card was hidden from player 1 before.
func TestRevealShowsCardToOneSeat(t *testing.T) {
	m := priestMatch(t, 3, 1)
	faces, id := handOf(t, m, 2)
	if got := seenIn(t, m, 0, "hand/2"); got != nil || m.SeesCard(0, "cards", id) {
		t.Fatalf("before the look seat 1 sees hand/2 as %v", got)
	}
	act(t, m, "look")
	if got := seenIn(t, m, 0, "hand/2"); !slices.Equal(got, faces) || !m.SeesCard(0, "cards", id) {
		t.Errorf("after the look seat 1 sees hand/2 as %v (SeesCard %v), want %v", got, m.SeesCard(0, "cards", id), faces)
	}
	if got := seenIn(t, m, 2, "hand/2"); got != nil || m.SeesCard(2, "cards", id) {
		t.Errorf("seat 3 sees the card shown to seat 1: %v", got)
	}
	act(t, m, "draw") // another card joins hand 2: the one seen stays known
	if got := seenIn(t, m, 0, "hand/2"); !slices.Equal(got, faces) {
		t.Errorf("after player 2 drew, seat 1 sees hand/2 as %v, want %v only", got, faces)
	}
}

// TestRevealToEveryone: reveal without to shows the card to every seat.
func TestRevealToEveryone(t *testing.T) {
	m := priestMatch(t, 3, 1)
	faces, _ := handOf(t, m, 2)
	act(t, m, "show")
	for _, seat := range []int{0, 2} {
		if got := seenIn(t, m, seat, "hand/2"); !slices.Equal(got, faces) {
			t.Errorf("seat %d sees hand/2 as %v, want %v", seat+1, got, faces)
		}
	}
}

// TestRevealSurvivesForkAndAt: what a seat was shown is part of the match
// state: a fork, the match at the step of the look and a replay of the same
// moves keep it; the match at the step before does not have it.
func TestRevealSurvivesForkAndAt(t *testing.T) {
	m := priestMatch(t, 2, 4)
	faces, _ := handOf(t, m, 2)
	before := m.History()
	act(t, m, "look")
	after := m.History()
	act(t, m, "draw")
	at, err := m.At(after)
	if err != nil {
		t.Fatal(err)
	}
	earlier, err := m.At(before)
	if err != nil {
		t.Fatal(err)
	}
	replay := priestMatch(t, 2, 4)
	act(t, replay, "look")
	for name, f := range map[string]*Match{"Fork": m.Fork(), "At(look)": at, "replay": replay} {
		if got := seenIn(t, f, 0, "hand/2"); !slices.Equal(got, faces) {
			t.Errorf("%s: seat 1 sees hand/2 as %v, want %v", name, got, faces)
		}
	}
	if got := seenIn(t, earlier, 0, "hand/2"); got != nil {
		t.Errorf("At(before the look): seat 1 already sees hand/2 as %v", got)
	}
}

// TestRevealForgottenWhenCardMoves: a card shown to a seat is forgotten once
// it moves to a place the seat does not see (into the deck, shuffled), and
// not remembered when it comes back; one that went face up and then back
// into a hand is not known there either.
func TestRevealForgottenWhenCardMoves(t *testing.T) {
	m := priestMatch(t, 2, 2)
	_, id := handOf(t, m, 2)
	act(t, m, "look")
	act(t, m, "bury")
	if m.SeesCard(0, "cards", id) {
		t.Errorf("card %d, shown and then shuffled into the deck, is still seen by seat 1", id)
	}
	if got := seenIn(t, m, 0, "hand/2"); got != nil {
		t.Errorf("after the bury seat 1 sees hand/2 as %v", got)
	}
	if got := seenIn(t, m, 0, "deck"); got != nil {
		t.Errorf("after the bury seat 1 sees the deck as %v", got)
	}

	m = priestMatch(t, 2, 2)
	_, id = handOf(t, m, 2)
	act(t, m, "look")
	act(t, m, "discard")
	act(t, m, "take_back")
	if m.SeesCard(0, "cards", id) || seenIn(t, m, 0, "hand/2") != nil {
		t.Errorf("card %d went face up and back into hand 2: seat 1 still sees it there", id)
	}
}

// TestDeterminizeKeepsRevealedCard: the re-deals for the seat a card was
// shown to keep it where it is; before the look, the re-deals moved it.
func TestDeterminizeKeepsRevealedCard(t *testing.T) {
	m := priestMatch(t, 2, 3)
	faces, _ := handOf(t, m, 2)
	moved := 0
	for seed := uint64(0); seed < 20; seed++ {
		if got, _ := handOf(t, m.Determinize(0, seed), 2); !slices.Equal(got, faces) {
			moved++
		}
	}
	if moved == 0 {
		t.Fatal("before the look, 20 re-deals all kept player 2's card")
	}
	act(t, m, "look")
	for seed := uint64(0); seed < 20; seed++ {
		if got, _ := handOf(t, m.Determinize(0, seed), 2); !slices.Equal(got, faces) {
			t.Fatalf("re-deal %d for seat 1 gave player 2 %v; it was shown %v", seed, got, faces)
		}
	}
}

// TestDeterminizeMovesOthersKnowledge: in a re-deal for a third seat, what
// seat 1 was shown (player 2's card) goes with the place: seat 1 knows the
// card player 2 holds in the copy, whichever it is, and no card elsewhere.
func TestDeterminizeMovesOthersKnowledge(t *testing.T) {
	m := priestMatch(t, 3, 1)
	act(t, m, "look")
	for seed := uint64(0); seed < 10; seed++ {
		f := m.Determinize(2, seed)
		for i, c := range f.st.decks[0].cards {
			want := c.loc == "hand" && (c.arg == 1 || c.arg == 2)
			if got := f.SeesCard(0, "cards", i+1); got != want {
				t.Fatalf("re-deal %d for seat 3: seat 1 sees card %d at %s/%d: %v, want %v", seed, i+1, c.loc, c.arg, got, want)
			}
		}
	}
}

// TestRevealMistakes: reveal changes the match, so a pure place may not
// call it (Check says so at the call), it takes one card or list and to=;
// at run time a value that is no card is an error naming what it got.
func TestRevealMistakes(t *testing.T) {
	src := strings.Replace(priestPack, "  pass:\n    body: next_state(\"pass\")\n",
		"  pass:\n    precondition: reveal(cards.cards(\"hand\", 2)) == None\n    body: next_state(\"pass\")\n  shout:\n    body: reveal(cards.cards(\"hand\", 2), players[1], 3)\n", 1)
	p, err := graph.Parse([]byte(src), "priest.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range Check(p) {
		got = append(got, d.String())
	}
	joined := strings.Join(got, "\n")
	for _, want := range []string{"reveal", "pure", "reveal(card, to=None)"} {
		if !strings.Contains(joined, want) {
			t.Errorf("Check gave %q, want a mention of %q", joined, want)
		}
	}
	m := priestMatch(t, 2, 1)
	for code, want := range map[string]string{
		`reveal(3)`:                   "reveal: want a card or a list of cards, not int",
		`reveal([cards.card(1), 2])`:  "reveal: want a card or a list of cards, not a list holding a int",
		`reveal(cards.card(1), to=9)`: "reveal: want a player or a seat number from 1 to 2, got 9",
	} {
		if err := m.Exec(code); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", code, err, want)
		}
	}
}

// TestRevealEventHidesIDFromOtherSeats: a Priest's look is one event every
// seat's log has, but only the seat shown the card reads its face there;
// the other seats read "a card", never its id (ids follow creation, so an
// id names a face). The designer's log keeps the id. Found writing a Love
// Letter pack from the docs: seat 3 read "card 13 shown to Player 1".
func TestRevealEventHidesIDFromOtherSeats(t *testing.T) {
	m := priestMatch(t, 3, 1)
	faces, id := handOf(t, m, 2)
	act(t, m, "look")
	shown := func(es []Event) []string {
		var out []string
		for _, d := range details(es, EvObject, 0) {
			if strings.Contains(d, "shown to") {
				out = append(out, d)
			}
		}
		return out
	}
	want := map[int]string{
		0: "card " + faces[0] + " shown to Player 1",
		1: "card " + faces[0] + " shown to Player 1", // its own card
		2: "a card shown to Player 1",
	}
	for seat, w := range want {
		if got := shown(m.EventsFor(seat)); !slices.Equal(got, []string{w}) {
			t.Errorf("seat %d reads the look as %q, want %q", seat+1, got, w)
		}
	}
	if got := shown(m.Events()); len(got) != 1 || !strings.HasPrefix(got[0], "card "+strconv.Itoa(id)+" ") {
		t.Errorf("the designer reads the look as %q, want card %d by its id", got, id)
	}
	act(t, m, "show")
	if got := shown(m.EventsFor(2)); len(got) != 2 || got[1] != "card "+faces[0]+" shown to every player" {
		t.Errorf("seat 3 reads the showing to all as %q, want the face", got)
	}
}
