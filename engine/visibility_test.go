package engine

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// secretsPack: six distinct cards; setup puts one aside face down and out of
// sight ("removed", declared nobody), one face up on the discard pile
// (declared everyone), deals one to each hand and leaves two in the deck.
// Each player has a private variable "secret" and a public one "tokens";
// player 1 controls a token whose variable "plan" and tag "marked" are
// private, and the game has a private variable "answer".
const secretsPack = `format: 1
pack: secrets
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      cards.create([{"type": t, "type_arg": i + 1, "nbr": 1} for i, t in enumerate(["Guard", "Priest", "Baron", "Handmaid", "Prince", "King"])])
      cards.shuffle()
      cards.pick_for_location(1, "deck", "removed")
      cards.pick_for_location(1, "deck", "discard")
      for p in game.players:
          cards.pick(1, p)
          p.secret = p.id * 10
          p.tokens = 1
      create("token", tags=["marked"], controller=game.players[0], plan=3, power=2)
      game.answer = 42
      game.round = 1
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: ${actplayer} may pass
    descriptionmyturn: ${you} may pass
    possibleactions: [pass]
    transitions: {pass: 99}
    updateGameProgression: true
  - id: 99
    name: gameEnd
    type: manager
actions:
  pass:
    body: next_state("pass")
object_types:
  token:
    variables:
      controller: {type: player}
      plan: {type: int}
      power: {type: int}
    tags: [marked, shiny]
decks: [cards]
visibility:
  locations: {removed: nobody, discard: everyone}
  variables: {secret: private, plan: private, answer: private}
  tags: {marked: private}
`

func secretsMatch(t *testing.T, seed uint64) *Match {
	t.Helper()
	p, err := Parse([]byte(secretsPack), "secrets.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return newMatch(t, p, 2, Options{Seed: seed})
}

// cardAt returns "type/type_arg" of the only card in loc.
func cardAt(t *testing.T, m *Match, loc string) string {
	t.Helper()
	got := eval(t, m, `["%s/%d" % (c.type, c.type_arg) for c in cards.cards("`+loc+`")]`)
	var faces []string
	if err := json.Unmarshal([]byte(got), &faces); err != nil || len(faces) != 1 {
		t.Fatalf("%s holds %s, want one card", loc, got)
	}
	return faces[0]
}

// TestViewHidesNobodyLocation: the card a pack declares "removed: nobody" is
// in no seat's view, neither its face nor its count, and determinization
// deals it again (to the removed pile or into a hidden place).
func TestViewHidesNobodyLocation(t *testing.T) {
	m := secretsMatch(t, 1)
	removed := cardAt(t, m, "removed")
	for seat := 0; seat < 2; seat++ {
		v, err := m.View(seat)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(v)
		if strings.Contains(string(data), removed) || strings.Contains(string(data), `"removed`) {
			t.Errorf("seat %d's view shows the removed card %s or its place: %s", seat+1, removed, data)
		}
	}
	changed := 0
	for seed := uint64(0); seed < 20; seed++ {
		f := m.Determinize(0, seed)
		if cardAt(t, f, "removed") != removed {
			changed++
		}
		if got := eval(t, f, `len(cards.cards("removed"))`); got != "1" {
			t.Fatalf("a re-deal left %s cards removed, want 1", got)
		}
	}
	if changed == 0 {
		t.Error("20 re-deals for seat 1 all kept the removed card: it is not dealt again")
	}
}

// TestViewListsFaceUpCards: the cards of a location the pack declares
// "discard: everyone" are listed face up in every seat's view, and
// determinization never moves them.
func TestViewListsFaceUpCards(t *testing.T) {
	m := secretsMatch(t, 1)
	discard := cardAt(t, m, "discard")
	for seat := 0; seat < 2; seat++ {
		v, err := m.View(seat)
		if err != nil {
			t.Fatal(err)
		}
		if got := v.Decks["cards"].Cards["discard"]; !slices.Equal(got, []string{discard}) {
			t.Errorf("seat %d sees discard %v, want [%s]", seat+1, got, discard)
		}
		if got := v.Decks["cards"].Counts["discard"]; got != 1 {
			t.Errorf("seat %d counts %d discarded cards, want 1", seat+1, got)
		}
		for place := range v.Decks["cards"].Cards {
			if place != "discard" {
				t.Errorf("seat %d sees the faces of %s", seat+1, place)
			}
		}
	}
	for seed := uint64(0); seed < 10; seed++ {
		if got := cardAt(t, m.Determinize(1, seed), "discard"); got != discard {
			t.Fatalf("a re-deal put %s on the discard pile, not %s", got, discard)
		}
	}
}

// TestViewKeepsPrivateVariables: a seat's view holds every player's public
// variables and its own private ones, never another's; an object's private
// variables and tags only in its controller's view; a private game variable
// in none.
func TestViewKeepsPrivateVariables(t *testing.T) {
	m := secretsMatch(t, 1)
	for seat := 0; seat < 2; seat++ {
		v, err := m.View(seat)
		if err != nil {
			t.Fatal(err)
		}
		if len(v.Players) != 2 {
			t.Fatalf("seat %d's view has variables of %d players, want 2", seat+1, len(v.Players))
		}
		for p, vars := range v.Players {
			if vars["tokens"] != int64(1) {
				t.Errorf("seat %d does not see player %d's public tokens: %v", seat+1, p+1, vars)
			}
			_, has := vars["secret"]
			if has != (p == seat) {
				t.Errorf("seat %d sees player %d's private secret: %v, want %v", seat+1, p+1, has, p == seat)
			}
		}
		if _, has := v.Variables["answer"]; has || v.Variables["round"] != int64(1) {
			t.Errorf("seat %d's game variables: %v, want round and not the private answer", seat+1, v.Variables)
		}
		ob := v.Objects[0]
		_, plan := ob.Variables["plan"]
		marked := slices.Contains(ob.Tags, "marked")
		owner := seat == 0
		if plan != owner || marked != owner || ob.Variables["power"] != int64(2) || !slices.Contains(ob.Tags, "shiny") {
			t.Errorf("seat %d sees the token as %+v; its controller's private plan and mark should show to seat 1 only", seat+1, ob)
		}
	}
}

// TestDocsHiddenExample: the worked example of docs/model.md ("Hidden
// information") does what the text after it says: the removed card's pile
// is in no view, the cards aside are in every view, best only in the
// deciding seat's; after a Priest the player who played it sees the other's
// card, and only it, its re-deals keep it, and the other player's next
// draw stays hidden.
func TestDocsHiddenExample(t *testing.T) {
	p, err := Parse([]byte(docExample(t, "hidden")), "hidden.yaml")
	if err != nil {
		t.Fatal(err)
	}
	priests := 0
	for seed := uint64(1); seed <= 20; seed++ {
		m := newMatch(t, p, 2, Options{Seed: seed})
		aside := eval(t, m, `["%s/%d" % (c.type, c.type_arg) for c in cards.cards("aside")]`)
		bot := NewRandomBot(seed)
		for !m.Over() {
			for seat := 0; seat < 2; seat++ {
				v, err := m.View(seat)
				if err != nil {
					t.Fatal(err)
				}
				d := v.Decks["cards"]
				got, _ := json.Marshal(d.Cards["aside"])
				if _, ok := d.Counts["removed"]; ok || string(got) != strings.ReplaceAll(aside, " ", "") {
					t.Fatalf("seed %d: seat %d sees the deck as %+v; aside is %s", seed, seat+1, d, aside)
				}
				if _, ok := v.PrivateArgs["best"]; ok != (seat == m.Active()) || v.Args["left"] == nil {
					t.Fatalf("seed %d: seat %d's args %v, private args %v", seed, seat+1, v.Args, v.PrivateArgs)
				}
			}
			ms, err := m.Legal(m.Active())
			if err != nil || len(ms) == 0 {
				t.Fatalf("seed %d: no move: %v", seed, err)
			}
			mv := bot.Choose(m, ms)
			priest := mv.Args[0].(*cardValue).get().typ.String() == `"Priest"`
			me, other := mv.Seat, 1-mv.Seat
			place := "hand/" + itoa(other+1)
			hand := `["%s/%d" % (c.type, c.type_arg) for c in cards.cards("hand", ` + itoa(other+1) + `)]`
			shown := strings.ReplaceAll(eval(t, m, hand), " ", "") // the other's one card, before it draws
			if err := m.Apply(mv); err != nil {
				t.Fatal(err)
			}
			if !priest || m.Over() {
				continue
			}
			priests++
			// The other player has drawn since: it holds the card shown and
			// one the Priest's player must not see.
			v, _ := m.View(me)
			if got, _ := json.Marshal(v.Decks["cards"].Cards[place]); string(got) != shown || eval(t, m, `len(cards.cards("hand", `+itoa(other+1)+`))`) != "2" {
				t.Fatalf("seed %d: after the Priest and a draw seat %d sees %s as %s; it was shown %s", seed, me+1, place, got, shown)
			}
			for s := uint64(0); s < 5; s++ {
				if got := strings.ReplaceAll(eval(t, m.Determinize(me, s), hand), " ", ""); !strings.Contains(got, strings.Trim(shown, "[]")) {
					t.Fatalf("seed %d: a re-deal for seat %d gave %s %s; it was shown %s", seed, me+1, place, got, shown)
				}
			}
		}
	}
	if priests == 0 {
		t.Error("no Priest was played in 20 matches")
	}
}

// heartsMidTrick plays a seeded random Hearts match until a trick is under
// way (two cards on the table) after at least one trick was taken.
func heartsMidTrick(tb testing.TB) *Match {
	tb.Helper()
	m := newMatch(tb, bundled(tb, "hearts"), 4, Options{Seed: 7})
	bot := NewRandomBot(7)
	for i := 0; i < 1000; i++ {
		if onTable, won := countIn(m, "cardsontable"), countIn(m, "cardswon"); onTable == 2 && won > 0 {
			return m
		}
		ms, err := m.LegalAll()
		if err != nil || len(ms) == 0 {
			tb.Fatalf("no move: %v", err)
		}
		if err := m.Apply(bot.Choose(m, ms)); err != nil {
			tb.Fatal(err)
		}
	}
	tb.Fatal("no trick under way after 1000 moves")
	return nil
}

// countIn counts the cards of Hearts' deck in loc.
func countIn(m *Match, loc string) int {
	n := 0
	for _, c := range m.st.decks[0].cards {
		if c.loc == loc {
			n++
		}
	}
	return n
}

// TestHeartsViewShowsTheTable: with the default visibility, every seat of a
// Hearts match sees the trick on the table and the tricks taken, face up,
// and none sees another's hand.
func TestHeartsViewShowsTheTable(t *testing.T) {
	m := heartsMidTrick(t)
	for seat := 0; seat < 4; seat++ {
		v, err := m.View(seat)
		if err != nil {
			t.Fatal(err)
		}
		d := v.Decks["deck"]
		onTable, won, hands := 0, 0, 0
		for place, faces := range d.Cards {
			switch {
			case strings.HasPrefix(place, "cardsontable/"):
				onTable += len(faces)
			case strings.HasPrefix(place, "cardswon/"):
				won += len(faces)
			case strings.HasPrefix(place, "hand/"):
				hands++
			}
			if len(faces) != d.Counts[place] {
				t.Errorf("seat %d: %s lists %d faces of %d cards", seat+1, place, len(faces), d.Counts[place])
			}
		}
		if onTable != 2 || won != countIn(m, "cardswon") || hands != 0 {
			t.Errorf("seat %d sees %d cards on the table, %d taken, %d other hands; want 2, %d, 0", seat+1, onTable, won, hands, countIn(m, "cardswon"))
		}
	}
}

// BenchmarkViewHearts: one seat's view of a Hearts position in mid-trick
// (counts, hand, the table and the tricks taken, legal moves).
func BenchmarkViewHearts(b *testing.B) {
	m := heartsMidTrick(b)
	for b.Loop() {
		if _, err := m.View(m.Active()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDeterminizeHearts: one re-deal of a Hearts position in mid-trick
// for the active seat.
func BenchmarkDeterminizeHearts(b *testing.B) {
	m := heartsMidTrick(b)
	seed := uint64(0)
	for b.Loop() {
		seed++
		m.Determinize(m.Active(), seed)
	}
}

// TestVisibilityTypoRefused: a pack whose visibility has a word the engine
// does not know does not compile (a typo of "nobody" would otherwise show the
// cards face up), the error at the word.
func TestVisibilityTypoRefused(t *testing.T) {
	src := strings.Replace(secretsPack, "removed: nobody", "removed: nobdy", 1)
	_, err := Parse([]byte(src), "secrets.yaml")
	if err == nil || !strings.Contains(err.Error(), `secrets.yaml:44:24: visibility.locations.removed: "nobdy" is not a visibility`) {
		t.Fatalf("got %v, want an error at the word", err)
	}
}

// TestOwnerLocation: a location declared "owner" (a tableau of face-down
// cards each player may look at) shows its cards to the seat in
// location_arg only; the others count them, by seat, and determinization
// deals the other seat's cards again but never the seat's own.
func TestOwnerLocation(t *testing.T) {
	src := strings.Replace(secretsPack, "removed: nobody", "removed: owner", 1)
	p, err := Parse([]byte(src), "secrets.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{Seed: 2})
	if err := m.Exec(`cards.move(cards.cards("deck")[0], "removed", 2)`); err != nil {
		t.Fatal(err)
	}
	mine := eval(t, m, `["%s/%d" % (c.type, c.type_arg) for c in cards.cards("removed", 2)]`)
	for seat := 0; seat < 2; seat++ {
		v, _ := m.View(seat)
		d := v.Decks["cards"]
		faces := d.Cards["removed/2"]
		if d.Counts["removed/2"] != 1 || (len(faces) == 1) != (seat == 1) {
			t.Errorf("seat %d sees removed/2 as %d cards, faces %v (own: %s)", seat+1, d.Counts["removed/2"], faces, mine)
		}
	}
	var id int
	if err := json.Unmarshal([]byte(eval(t, m, `cards.cards("removed", 2)[0].id`)), &id); err != nil {
		t.Fatal(err)
	}
	if !m.SeesCard(1, "cards", id) || m.SeesCard(0, "cards", id) || m.SeesCard(1, "nodeck", id) || m.SeesCard(1, "cards", 99) {
		t.Errorf("SeesCard of removed/2's card %d: seat 2 %v, seat 1 %v, in no deck %v, card 99 %v; want true, false, false, false",
			id, m.SeesCard(1, "cards", id), m.SeesCard(0, "cards", id), m.SeesCard(1, "nodeck", id), m.SeesCard(1, "cards", 99))
	}
	for seed := uint64(0); seed < 10; seed++ {
		if got := eval(t, m.Determinize(1, seed), `["%s/%d" % (c.type, c.type_arg) for c in cards.cards("removed", 2)]`); got != mine {
			t.Fatalf("a re-deal for seat 2 changed its own removed/2 card: %s, was %s", got, mine)
		}
	}
}
