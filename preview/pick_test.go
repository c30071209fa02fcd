package preview

import (
	"strings"
	"testing"
	"time"

	"go.starlark.net/starlark"

	"github.com/rulestudio/studio/engine"
)

// heartsAt returns a four-person Hearts session run to its first decision
// (everyone gives three cards) and the first seat's actions there.
func heartsAt(t testing.TB) (*Session, []ActionMoves) {
	t.Helper()
	s := newSession(t, bundled(t, "hearts"), Config{Seats: seats(4, ""), Seed: 11})
	if st := must(t)(s.Continue()); st.Reason != NeedsPerson {
		t.Fatalf("stopped: %s", st.Reason)
	}
	moves, err := s.Moves(0)
	if err != nil {
		t.Fatal(err)
	}
	return s, GroupMoves(s.Pack(), moves)
}

func labels(opts []Option, keep func(Option) bool) []string {
	var out []string
	for _, o := range opts {
		if keep(o) {
			out = append(out, o.Label)
		}
	}
	return out
}

func open(o Option) bool   { return o.Open && !o.Chosen }
func chosen(o Option) bool { return o.Chosen }
func all(Option) bool      { return true }

// TestPickHeartsGiveCards: giveCards' 286 legal moves are one action with a
// choose-3 parameter; the 13 cards of the hand are offered, after two picks
// the 11 others still are, after three the picks name exactly one legal
// move (whatever the order they were picked in), no fourth card is open,
// and unpicking one opens the others again. The move found is taken.
func TestPickHeartsGiveCards(t *testing.T) {
	s, acts := heartsAt(t)
	if len(acts) != 1 || acts[0].Action != "giveCards" || len(acts[0].Moves) != 286 {
		t.Fatalf("actions %+v", acts)
	}
	if ps := acts[0].Params; len(ps) != 1 || ps[0].Name != "cards" || ps[0].Choose != 3 {
		t.Fatalf("params %+v", ps)
	}
	p := NewPick(acts[0])
	opts := p.Options(0)
	if got := labels(opts, open); len(got) != 13 {
		t.Fatalf("%d cards open at first: %v", len(got), got)
	}
	pick := func(o Option) {
		t.Helper()
		if err := p.Choose(0, o.Value); err != nil {
			t.Fatal(err)
		}
	}
	pick(opts[7]) // out of the hand's order: the match is by set
	pick(opts[2])
	if got := labels(p.Options(0), open); len(got) != 11 {
		t.Fatalf("after two picks %d others open: %v", len(got), got)
	}
	if _, ok := p.Move(); ok || p.Current() != 0 {
		t.Fatalf("complete after two picks (current %d)", p.Current())
	}
	pick(opts[11])
	mv, ok := p.Move()
	if !ok || p.Current() != 1 {
		t.Fatalf("not complete after three picks")
	}
	want := []string{opts[2].Label, opts[7].Label, opts[11].Label}
	if got := Label(mv.Args[0]); got != "("+strings.Join(want, ", ")+")" {
		t.Errorf("move %s, want the legal value of %v in hand order", got, want)
	}
	if got := labels(p.Options(0), open); len(got) != 0 {
		t.Errorf("a fourth card is open: %v", got)
	}
	if err := p.Choose(0, opts[0].Value); err == nil {
		t.Errorf("a fourth card was picked")
	}
	if got := labels(p.Options(0), chosen); len(got) != 3 {
		t.Errorf("chosen %v", got)
	}
	pick(opts[7]) // unpick
	if got := labels(p.Options(0), open); len(got) != 11 {
		t.Errorf("after unpicking %d open", len(got))
	}
	pick(opts[7])
	mv, _ = p.Move()
	if st := must(t)(s.Take(mv)); st.Reason == Failed {
		t.Fatal(st.Err)
	}
}

// TestPickHeartsFollowSuit: in the first trick, a seat that holds the suit
// led is offered exactly its cards of that suit for playCard.
func TestPickHeartsFollowSuit(t *testing.T) {
	s, _ := heartsAt(t)
	for seat := 0; seat < 4; seat++ { // everyone gives their first three
		moves, err := s.Moves(seat)
		if err != nil || len(moves) == 0 {
			t.Fatalf("seat %d: %v moves, %v", seat+1, len(moves), err)
		}
		must(t)(s.Take(moves[0]))
		must(t)(s.Continue())
	}
	for n := 0; n < 4; n++ {
		seats, err := s.Deciding()
		if err != nil || len(seats) != 1 {
			t.Fatalf("deciding %v, %v", seats, err)
		}
		seat := seats[0]
		moves, _ := s.Moves(seat)
		acts := GroupMoves(s.Pack(), moves)
		if len(acts) != 1 || acts[0].Action != "playCard" || acts[0].Params[0].Choose != 0 {
			t.Fatalf("actions %+v", acts)
		}
		offered := labels(NewPick(acts[0]).Options(0), all)
		v, err := s.Match().View(seat)
		if err != nil {
			t.Fatal(err)
		}
		hand := v.Decks["deck"].Hand
		if n > 0 && len(offered) < len(hand) { // following suit
			suit := strings.Split(offered[0], "/")[0] + "/"
			var want []string
			for _, c := range hand {
				if strings.HasPrefix(c, suit) {
					want = append(want, c)
				}
			}
			if strings.Join(offered, " ") != strings.Join(want, " ") {
				t.Fatalf("seat %d offered %v, holds %v of the suit led", seat+1, offered, want)
			}
			return
		}
		must(t)(s.Take(moves[0]))
		must(t)(s.Continue())
	}
	t.Skip("nobody had to follow suit in the first trick with this seed")
}

// TestPickTicTacToe: a cell (a tuple of two numbers) is one value, not a
// choose-2 set; the nine cells are offered and one pick completes the
// move; a cell already marked is not offered at the next step.
func TestPickTicTacToe(t *testing.T) {
	s := newSession(t, bundled(t, "tictactoe"), Config{Seats: seats(2, ""), Seed: 1})
	must(t)(s.Continue())
	moves, _ := s.Moves(0)
	acts := GroupMoves(s.Pack(), moves)
	if len(acts) != 1 || acts[0].Params[0].Name != "cell" || acts[0].Params[0].Choose != 0 {
		t.Fatalf("actions %+v", acts)
	}
	p := NewPick(acts[0])
	opts := p.Options(0)
	if len(opts) != 9 {
		t.Fatalf("%d cells", len(opts))
	}
	if err := p.Choose(0, opts[4].Value); err != nil {
		t.Fatal(err)
	}
	mv, ok := p.Move()
	if !ok || mv.String() != moves[4].String() {
		t.Fatalf("move %v %v, want %v", mv, ok, moves[4])
	}
	must(t)(s.Take(mv))
	must(t)(s.Continue())
	moves, _ = s.Moves(1)
	p = NewPick(GroupMoves(s.Pack(), moves)[0])
	if n := len(p.Options(0)); n != 8 {
		t.Errorf("%d cells offered after one mark", n)
	}
	if err := p.Choose(0, opts[4].Value); err == nil {
		t.Errorf("the marked cell %s was picked", opts[4].Label)
	}
}

// TestPickTwoParams: with two parameters, the second's values are those of
// the legal moves agreeing with the first's pick, and changing the first
// drops the second.
func TestPickTwoParams(t *testing.T) {
	i := starlark.MakeInt
	mv := func(a, b int) engine.Move {
		return engine.Move{Action: "jump", Args: []starlark.Value{i(a), i(b)}}
	}
	acts := GroupMoves(bundled(t, "tictactoe"), []engine.Move{mv(1, 2), mv(1, 3), mv(2, 3), {Action: "pass"}})
	if len(acts) != 2 || acts[0].Params[1].Name != "arg2" || acts[1].Action != "pass" {
		t.Fatalf("actions %+v", acts)
	}
	p := NewPick(acts[0])
	if got := labels(p.Options(0), all); strings.Join(got, " ") != "1 2" {
		t.Fatalf("first %v", got)
	}
	if p.Options(1) != nil {
		t.Errorf("the second parameter is offered before the first is picked")
	}
	_ = p.Choose(0, i(1))
	if got := labels(p.Options(1), all); strings.Join(got, " ") != "2 3" {
		t.Fatalf("second after 1: %v", got)
	}
	_ = p.Choose(1, i(3))
	if m, ok := p.Move(); !ok || m.String() != mv(1, 3).String() {
		t.Fatalf("move %v", m)
	}
	_ = p.Choose(0, i(2))
	if _, ok := p.Move(); ok || p.Current() != 1 {
		t.Errorf("changing the first pick kept the second")
	}
	if got := labels(p.Options(1), all); strings.Join(got, " ") != "3" {
		t.Errorf("second after 2: %v", got)
	}
	if len(NewPick(acts[1]).Params) != 0 {
		t.Errorf("pass has parameters")
	}
	if _, ok := NewPick(acts[1]).Move(); !ok {
		t.Errorf("pass is not complete at once")
	}
}

// TestCanBranch: in tic-tac-toe a line can branch at the step where a move
// was taken and at its newest step, not inside the move's step, and Branch
// agrees.
func TestCanBranch(t *testing.T) {
	s := newSession(t, bundled(t, "tictactoe"), Config{Seats: seats(2, ""), Seed: 1})
	must(t)(s.Continue())
	at := s.Head()
	moves, _ := s.Moves(0)
	must(t)(s.Take(moves[0]))
	must(t)(s.Continue())
	for step := 0; step <= s.Head(); step++ {
		want := step == at || step == s.Head()
		if got := s.CanBranch(step); got != want {
			t.Errorf("CanBranch(%d) = %v, want %v", step, got, want)
		}
	}
	if _, err := s.Branch(at+1, moves[1]); err == nil {
		t.Errorf("Branch inside the move's step")
	}
	if _, err := s.Branch(at, moves[1]); err != nil {
		t.Errorf("Branch at the decision: %v", err)
	}
}

// BenchmarkPickGiveCards: grouping Hearts' 286 giveCards moves and listing
// the cards offered after two picks, what the Play panel does per redraw.
func BenchmarkPickGiveCards(b *testing.B) {
	s := newSession(b, bundled(b, "hearts"), Config{Seats: seats(4, ""), Seed: 11})
	must(b)(s.Continue())
	moves, err := s.Moves(0)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := NewPick(GroupMoves(s.Pack(), moves)[0])
		opts := p.Options(0)
		_ = p.Choose(0, opts[0].Value)
		_ = p.Choose(0, opts[1].Value)
		if n := len(p.Options(0)); n != 13 {
			b.Fatalf("%d options", n)
		}
	}
}

// TestWaitShowsInMatch: time let pass at the newest step shows in the match
// at the cursor (Match does not keep a fork from before the wait).
func TestWaitShowsInMatch(t *testing.T) {
	s := newSession(t, bundled(t, "tictactoe"), Config{Seats: seats(2, ""), Seed: 1, Clock: 5 * time.Minute})
	must(t)(s.Continue())
	if got := s.Match().Clock(0); got != 5*time.Minute {
		t.Fatalf("clock %v at the start", got)
	}
	must(t)(s.Wait(10 * time.Second))
	if got := s.Match().Clock(0); got != 5*time.Minute-10*time.Second {
		t.Errorf("clock %v after waiting 10s", got)
	}
}
