package engine

import (
	"slices"
	"testing"
)

// TestSeenCardIDsNameTheViewsFaces: for the designer and every seat, the
// ids SeenCardIDs lists are the cards whose faces the view lists, place by
// place and in its order (the seat's own hand under "hand/N" as its Hand),
// and no card whose face the seat does not see; in the secrets pack, whose
// places are seen by everyone, their owner and nobody, and in Hearts
// after some moves.
func TestSeenCardIDsNameTheViewsFaces(t *testing.T) {
	hearts := heartsAfterFirstTrick(t)
	for _, m := range []*Match{secretsMatch(t, 1), hearts} {
		deck := m.p.decks[0]
		dk := m.st.decks[0]
		for seat := -1; seat < m.Seats(); seat++ {
			v, err := m.FullView()
			if seat >= 0 {
				v, err = m.View(seat)
			}
			if err != nil {
				t.Fatal(err)
			}
			want := map[string][]string{}
			for key, fs := range v.Decks[deck].Cards {
				want[key] = fs
			}
			if seat >= 0 && len(v.Decks[deck].Hand) > 0 {
				want["hand/"+itoa(seat+1)] = v.Decks[deck].Hand
			}
			got := m.SeenCardIDs(seat, deck)
			if len(got) != len(want) {
				t.Errorf("%d seats, seat %d: ids for %d places, the view lists %d", m.Seats(), seat, len(got), len(want))
			}
			for key, ids := range got {
				if fs := faces(dk, ids); !slices.Equal(fs, want[key]) {
					t.Errorf("%d seats, seat %d %s: ids %v read %v, the view lists %v", m.Seats(), seat, key, ids, fs, want[key])
				}
				for _, id := range ids {
					if seat >= 0 && !m.SeesCard(seat, deck, id) {
						t.Errorf("%d seats, seat %d: card %d listed, not seen", m.Seats(), seat, id)
					}
				}
			}
		}
	}
	if hearts.SeenCardIDs(4, "deck") != nil || hearts.SeenCardIDs(0, "nope") != nil {
		t.Error("ids for a seat or deck the match does not have")
	}
}
