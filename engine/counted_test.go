package engine

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"go.starlark.net/starlark"
)

// movesBot is a RandomBot that is not an IndexBot: Play lists every move
// for it and it chooses among them, as Play did for every bot before
// counted listings.
type movesBot struct{ b *RandomBot }

func (b movesBot) Choose(m *Match, moves []Move) Move { return b.b.Choose(m, moves) }

// TestComboSeqAsCombinations: the tuple of each number of a comboSeq is the
// tuple of that place in combinations()'s list, for every n up to 15 and
// every k from 0 to n, one by one and iterated.
func TestComboSeqAsCombinations(t *testing.T) {
	m := newMatch(t, bundled(t, "hearts"), 4, Options{Seed: 1})
	for n := 0; n <= 15; n++ {
		items := make([]starlark.Value, n)
		for i := range items {
			items[i] = starlark.MakeInt(i)
		}
		for k := 0; k <= n; k++ {
			want, err := m.Eval(fmt.Sprintf("combinations(range(%d), %d)", n, k))
			if err != nil {
				t.Fatal(err)
			}
			l := want.(*starlark.List)
			c, _ := binomial(n, k, maxCombinations)
			s := &comboSeq{items: items, k: k, n: c}
			if l.Len() != s.Len() {
				t.Fatalf("n %d k %d: %d tuples, want %d", n, k, s.Len(), l.Len())
			}
			for r := 0; r < l.Len(); r++ {
				if got := s.at(r); !tupleEqual(got, l.Index(r)) {
					t.Fatalf("n %d k %d: tuple %d is %s, want %s", n, k, r, got, l.Index(r))
				}
			}
			var got []string
			iter := s.Iterate()
			var v starlark.Value
			for iter.Next(&v) {
				got = append(got, v.String())
			}
			iter.Done()
			if g := "[" + strings.Join(got, ", ") + "]"; g != l.String() {
				t.Fatalf("n %d k %d: iterated %s, want %s", n, k, g, l)
			}
		}
	}
}

func tupleEqual(a starlark.Tuple, b starlark.Value) bool {
	ok, err := starlark.Equal(a, b)
	return ok && err == nil
}

// TestPlayCountsGiveCards: at Hearts' first decision every seat chooses 3
// of its 13 cards; listed for a RandomBot, each seat's 286 choices are one
// counted segment and no move is made, and the move the bot takes is the one
// it takes from the whole list.
func TestPlayCountsGiveCards(t *testing.T) {
	p := bundled(t, "hearts")
	for seed := uint64(1); seed <= 20; seed++ {
		m := newMatch(t, p, 4, Options{Seed: seed, NoHistory: true})
		mv, moves, err := m.chooseCounted(NewRandomBot(seed), nil)
		if err != nil || mv == nil {
			t.Fatalf("seed %d: %v, %v", seed, mv, err)
		}
		segs := m.plog.segs
		if len(moves) != 0 || len(segs) != 4 {
			t.Fatalf("seed %d: %d moves made and %d segments, want 0 and 4", seed, len(moves), len(segs))
		}
		for s, g := range segs {
			if g.seat != s || g.seq.n != 286 || g.at != 0 {
				t.Fatalf("seed %d: segment %d is seat %d, %d moves after %d, want seat %d, 286 after 0", seed, s, g.seat, g.seq.n, g.at, s)
			}
		}
		all, err := m.LegalAll()
		if err != nil {
			t.Fatal(err)
		}
		if want := NewRandomBot(seed).Choose(m, all); mv.String() != want.String() {
			t.Fatalf("seed %d: counted %s, listed %s", seed, mv, want)
		}
	}
}

// playCountedAndListed plays p's match with opts twice, bots seeded with
// its seed: with a RandomBot (counted listings) and with movesBot (every
// move made), and fails on any difference: plies, error, steps, scores
// and, with history, every event. It returns the plies and the error.
func playCountedAndListed(t *testing.T, p *Program, seats int, opts Options, maxPlies int) (int, error) {
	t.Helper()
	type result struct {
		plies, step int
		err         error
		scores      string
		log         []byte
	}
	play := func(bot Bot) result {
		m := newMatch(t, p, seats, opts)
		n, err := m.Play(bot, maxPlies)
		r := result{plies: n, step: m.Step(), err: err, scores: fmt.Sprint(m.Scores())}
		if !opts.NoHistory {
			var b bytes.Buffer
			if err := WriteEvents(&b, m.Events()); err != nil {
				t.Fatal(err)
			}
			r.log = b.Bytes()
		}
		return r
	}
	counted, listed := play(NewRandomBot(opts.Seed)), play(movesBot{NewRandomBot(opts.Seed)})
	if counted.plies != listed.plies || counted.step != listed.step || fmt.Sprint(counted.err) != fmt.Sprint(listed.err) || counted.scores != listed.scores {
		t.Fatalf("%+v: counted %d plies, step %d, %s, scores %s; listed %d plies, step %d, %s, scores %s",
			opts, counted.plies, counted.step, counted.err, counted.scores, listed.plies, listed.step, listed.err, listed.scores)
	}
	if !bytes.Equal(counted.log, listed.log) {
		t.Fatalf("%+v: the event logs differ", opts)
	}
	return counted.plies, counted.err
}

// TestPlayCountedAsListed: every bundled pack, Hearts interpreted too, and
// Hearts with a precondition on giveCards (not counted: it asks about each
// tuple) play the same with a RandomBot as with a bot Play lists every move
// for.
func TestPlayCountedAsListed(t *testing.T) {
	for _, pack := range assets.Packs() {
		p := bundled(t, pack)
		seats := 2
		if p.Pack.Players != nil && p.Pack.Players.Min > 0 {
			seats = p.Pack.Players.Min
		}
		matches := 4
		if pack == "hearts" {
			matches = 2
		}
		for seed := uint64(1); seed <= uint64(matches); seed++ {
			for _, history := range []bool{false, true} {
				if _, err := playCountedAndListed(t, p, seats, Options{Seed: seed, NoHistory: !history}, 0); err != nil {
					t.Errorf("%s seed %d: %v", pack, seed, err)
				}
			}
		}
	}
	if _, err := playCountedAndListed(t, bundled(t, "hearts"), 4, Options{Seed: 3, Interpret: true}, 0); err != nil {
		t.Error(err)
	}
	data, _ := assets.Pack("hearts")
	src := strings.Replace(string(data), "    who: is_multiactive(player)\n", "    who: is_multiactive(player)\n    precondition: cards[0].type != 2\n", 1)
	p, err := Parse([]byte(src), "hearts.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := playCountedAndListed(t, p, 4, Options{Seed: 1}, 200); err != nil {
		t.Error(err)
	}
}

// pairPack's action pick takes an int n from range(%N%) and then a pair: a
// combinations() of the 5 items of HAND, taken %K% at a time, as a %TYPE%;
// first and last, each of %F% moves listed before and after pick's, end
// the match too.
const pairPack = `format: 1
pack: pairs
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: pick
    possibleactions: [first, pick, last]
    transitions: {picked: 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  first:
    params:
      x: {type: int, domain: "range(%F%)"}
    body: next_state("picked")
  last:
    params:
      x: {type: int, domain: "range(%F%)"}
    body: next_state("picked")
  pick:
    params:
      n: {type: int, domain: "range(%N%)"}
      pair: {type: %TYPE%, domain: "combinations(HAND, %K%)"}
    body: |
      notify("picked ${n} ${pair}", n=n, pair=str(pair))
      next_state("picked")
scripts:
  main: |
    HAND = [1, 2, 3, 4, 5]
`

// TestPlayCountedErrorsAsListed: a counted domain fails as the listed one
// does: too many choices (each value of n is a choice and has 10 pairs:
// the limit passed by a pair or, just after the pairs reached it, by n), a tuple of the wrong type or length
// for the parameter, no pair at all (a dead end); and picks the same move
// where nothing fails.
func TestPlayCountedErrorsAsListed(t *testing.T) {
	for _, c := range []struct {
		typ   string
		n, k  int
		limit uint64
		err   string
		at    string // the domain the error is at, if not "", n's or the pair's
		none  bool   // first and last have no move
	}{
		{typ: "tuple", n: 50, k: 2, limit: 300 * choiceBytes, err: "more than 300 choices", at: "pair"},
		{typ: "tuple", n: 28, k: 2, limit: 302 * choiceBytes, err: "more than 302 choices", at: "pair"}, // 2 + 27 * 11 = 299 pass
		{typ: "tuple", n: 27, k: 2, limit: 302 * choiceBytes},
		{typ: "tuple", n: 3, k: 2, limit: 800, err: "more than 800 bytes", at: "pair"}, // the tuples charged, not made
		{typ: "tuple", n: 28, k: 2, limit: 299 * choiceBytes, err: "more than 299 choices", at: "n"},
		{typ: "tuple", n: 3, k: 0},
		{typ: "list", n: 3, k: 5},
		{typ: "cell", n: 3, k: 2},
		{typ: "cell", n: 3, k: 3, err: "lists (1, 2, 3), a tuple, where pair is a cell", at: "pair"},
		{typ: "card", n: 3, k: 2, err: "lists (1, 2), a tuple, where pair is a card", at: "pair"},
		{typ: "card", n: 3, k: 6},
		{typ: "card", n: 3, k: 6, none: true, err: "no choice of its arguments"}, // k > 5: no pair, a dead end
		{typ: "int", n: 0, k: 2, none: true, err: "the domain of n is empty"},
	} {
		f := 2
		if c.none {
			f = 0
		}
		src := strings.NewReplacer("%TYPE%", c.typ, "%N%", fmt.Sprint(c.n), "%K%", fmt.Sprint(c.k), "%F%", fmt.Sprint(f)).Replace(pairPack)
		p, err := Parse([]byte(src), "pairs.yaml")
		if err != nil {
			t.Fatal(err)
		}
		if !p.actions["pick"].domains[1].lendsCombos {
			t.Fatal("the pair's domain is not counted: the test would test nothing")
		}
		for seed := uint64(1); seed <= 8; seed++ {
			for _, history := range []bool{false, true} {
				plies, err := playCountedAndListed(t, p, 2, Options{Seed: seed, NoHistory: !history, AllocLimit: c.limit}, 0)
				switch {
				case c.err == "" && (err != nil || plies != 1):
					t.Fatalf("%+v: %d plies, %v", c, plies, err)
				case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
					t.Fatalf("%+v: %v, want %q", c, err, c.err)
				}
				var re *RunError
				if k := map[string]int{"n": 0, "pair": 1}[c.at]; c.at != "" && (!errors.As(err, &re) || re.What != p.actions["pick"].domains[k].what) {
					t.Fatalf("%+v: %v, not at %s's domain", c, err, c.at)
				}
			}
		}
	}
}
