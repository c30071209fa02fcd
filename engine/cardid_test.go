package engine

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// hiddenIDs returns the ids seat knows the cards it does not see by, by
// real id.
func hiddenIDs(m *Match, seat int) map[int]int {
	out := map[int]int{}
	for i := range m.st.decks[0].cards {
		if !m.SeesCard(seat, "cards", i+1) {
			out[i+1] = m.SeatCardID(seat, "cards", i+1)
		}
	}
	return out
}

// TestOpaqueCardIDs: a card a seat does not see is known to it by an id
// that is no card's real id, that differs between two matches dealt in the
// same order (the pack without its shuffle), and that is drawn again when
// the card goes out of the seat's sight; a card it sees keeps its real id.
func TestOpaqueCardIDs(t *testing.T) {
	src := strings.Replace(priestPack, "      cards.shuffle()\n", "", 1)
	p, err := Parse([]byte(src), "priest.yaml")
	if err != nil {
		t.Fatal(err)
	}
	a, b := newMatch(t, p, 2, Options{Seed: 1}), newMatch(t, p, 2, Options{Seed: 2})
	ha, hb := hiddenIDs(a, 0), hiddenIDs(b, 0)
	if len(ha) != 7 || len(hb) != 7 {
		t.Fatalf("seat 1 does not see %d and %d cards, want 7 (all but its own)", len(ha), len(hb))
	}
	n := len(a.st.decks[0].cards)
	seen := map[int]bool{}
	for id, oa := range ha {
		if oa >= 1 && oa <= n || oa == id {
			t.Errorf("hidden card %d is known to seat 1 by %d, a real id", id, oa)
		}
		if hb[id] == oa {
			t.Errorf("hidden card %d has the id %d in two matches dealt alike", id, oa)
		}
		if seen[oa] {
			t.Errorf("two hidden cards share the id %d", oa)
		}
		seen[oa] = true
	}
	_, own := handOf(t, a, 1)
	if got := a.SeatCardID(0, "cards", own); got != own {
		t.Errorf("seat 1's own card %d is known to it as %d", own, got)
	}
	if a.SeatCardID(0, "nodeck", 1) != 0 || a.SeatCardID(0, "cards", n+1) != 0 {
		t.Error("SeatCardID of no card is not 0")
	}
	_, theirs := handOf(t, a, 2)
	first := a.SeatCardID(0, "cards", theirs)
	if again := a.SeatCardID(0, "cards", theirs); again != first {
		t.Errorf("the id of an unmoved card changed: %d then %d", first, again)
	}
	act(t, a, "discard")
	if got := a.SeatCardID(0, "cards", theirs); got != theirs {
		t.Errorf("the card face up on the discard pile is known as %d, not %d", got, theirs)
	}
	act(t, a, "take_back")
	if got := a.SeatCardID(0, "cards", theirs); got == first || got == theirs {
		t.Errorf("card %d went out of sight again: id %d, was %d before it was seen", theirs, got, first)
	}
}

// TestLegalMoveByOpaqueID: a seat's view lists a move naming a card it
// does not see (drawing blind from another hand) by the card's opaque id,
// not by its real id; that move, read back, plays; the designer's text of
// the same move keeps the real id.
func TestLegalMoveByOpaqueID(t *testing.T) {
	m := priestMatch(t, 2, 5)
	_, theirs := handOf(t, m, 2)
	v, err := m.View(0)
	if err != nil {
		t.Fatal(err)
	}
	opaque := m.SeatCardID(0, "cards", theirs)
	if opaque == theirs {
		t.Fatalf("seat 1 knows card %d, which it does not see, by its real id", theirs)
	}
	var steal []string
	for _, gm := range v.Legal {
		if gm.Action == "steal" {
			steal = append(steal, string(gm.Args))
		}
	}
	want := `{"card":{"deck":"cards","card":` + itoa(opaque) + `}}`
	if len(steal) != 1 || steal[0] != want {
		t.Fatalf("seat 1's view lists steal as %v, want [%s]", steal, want)
	}
	mv, err := m.DecodeMove(v.Legal[slices.IndexFunc(v.Legal, func(gm graph.Move) bool { return gm.Action == "steal" })])
	if err != nil {
		t.Fatal(err)
	}
	designer, err := m.EncodeMove(mv)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(designer.Args); got != `{"card":{"deck":"cards","card":`+itoa(theirs)+`}}` {
		t.Errorf("the designer's text of the move is %s, want the real id %d", got, theirs)
	}
	if err := m.Apply(mv); err != nil {
		t.Fatal(err)
	}
	if faces, _ := handOf(t, m, 1); len(faces) != 2 {
		t.Errorf("player 1 holds %v after stealing", faces)
	}
}

// TestViewArgsHideCardFaces: a card in a state's args is shown to a seat
// that does not see it by its opaque id, without its face, in the args and
// in the description.
func TestViewArgsHideCardFaces(t *testing.T) {
	src := strings.Replace(priestPack, "    descriptionmyturn: ${you} act\n",
		"    descriptionmyturn: ${you} act on ${target}\n    args: '{\"target\": cards.cards(\"hand\", 2)[0]}'\n", 1)
	p, err := Parse([]byte(src), "priest.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{Seed: 6})
	faces, id := handOf(t, m, 2)
	v, err := m.View(0)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(v)
	if strings.Contains(string(data), faces[0]) {
		t.Errorf("seat 1's view shows the face %s of a card it does not see: %s", faces[0], data)
	}
	if want := "card(" + itoa(m.SeatCardID(0, "cards", id)) + ")"; v.Args["target"] != want || !strings.Contains(v.Description, want) {
		t.Errorf("seat 1 sees the target as %v in %q, want %s", v.Args["target"], v.Description, want)
	}
	v2, _ := m.View(1)
	if want := eval(t, m, `str(cards.cards("hand", 2)[0])`); v2.Args["target"] != want {
		t.Errorf("seat 2 sees its own card as %v, want %s", v2.Args["target"], want)
	}
}

// TestHiddenMovesOrderTellsNothing: a seat's view lists the moves naming
// cards it does not see in the order of their text, not in the real ids'
// order the domain gives: over twenty deals, some list player 2's four
// cards out of their id order; and each listed move reads back to a
// different card of that hand.
func TestHiddenMovesOrderTellsNothing(t *testing.T) {
	shuffled := 0
	for seed := uint64(1); seed <= 20; seed++ {
		m := priestMatch(t, 2, seed)
		for i := 0; i < 3; i++ {
			act(t, m, "draw")
		}
		v, err := m.View(0)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int
		var texts []string
		for _, gm := range v.Legal {
			if gm.Action != "steal" {
				continue
			}
			texts = append(texts, string(gm.Args))
			mv, err := m.DecodeMove(gm)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, mv.Args[0].(*cardValue).id)
		}
		if len(ids) != 4 || !slices.IsSorted(texts) {
			t.Fatalf("seed %d: seat 1's steal moves %v (cards %v), want four, sorted", seed, texts, ids)
		}
		if len(slices.Compact(slices.Sorted(slices.Values(ids)))) != 4 {
			t.Fatalf("seed %d: the moves read back to cards %v, not four cards", seed, ids)
		}
		if !slices.IsSorted(ids) {
			shuffled++
		}
	}
	if shuffled == 0 {
		t.Error("in twenty deals seat 1's moves always listed player 2's cards in real id order")
	}
}

// TestDeckSizeLimit: a deck refuses more cards than opaque ids have room
// for, saying how many it holds at most.
func TestDeckSizeLimit(t *testing.T) {
	m := priestMatch(t, 2, 1)
	err := m.Exec(`cards.create([{"type": "Guard", "nbr": 4194303 - 7}])`)
	if err == nil || !strings.Contains(err.Error(), "cards.create: a deck holds at most 4194303 cards") {
		t.Fatalf("got %v, want the deck's limit", err)
	}
	if got := eval(t, m, `cards.count()`); got != "8" {
		t.Errorf("the refused create left %s cards, want 8", got)
	}
}

// TestShuffleDrawsIDsAgain: a shuffle draws again the opaque id of every
// card of its location, so a seat cannot follow a card through it, even
// one whose place the shuffle left as it was; cards elsewhere keep theirs.
func TestShuffleDrawsIDsAgain(t *testing.T) {
	m := priestMatch(t, 2, 8)
	before := hiddenIDs(m, 0)
	if err := m.Exec(`cards.shuffle()`); err != nil {
		t.Fatal(err)
	}
	after := hiddenIDs(m, 0)
	_, theirs := handOf(t, m, 2)
	for id, o := range before {
		inDeck := m.st.decks[0].cards[id-1].loc == "deck"
		if inDeck == (after[id] == o) {
			t.Errorf("card %d (in the deck: %v) was known as %d, after the shuffle %d", id, inDeck, o, after[id])
		}
	}
	if after[theirs] != before[theirs] {
		t.Errorf("player 2's card %d changed id in a shuffle of the deck", theirs)
	}
}
