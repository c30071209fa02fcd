package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"go.starlark.net/starlark"
)

// domainPack is a pack with one action, pick, whose one parameter has the
// type and domain a test fills in for %TYPE% and %DOMAIN%.
const domainPack = `format: 1
pack: domains
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
    possibleactions: [pick]
    transitions: {picked: 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  pick:
    params:
      x: {type: %TYPE%, domain: "%DOMAIN%"}
    body: next_state("picked")
`

func domainProgram(t *testing.T, typ, domain string) *Program {
	t.Helper()
	src := strings.NewReplacer("%TYPE%", typ, "%DOMAIN%", domain).Replace(domainPack)
	p, err := Parse([]byte(src), "domains.yaml")
	if err != nil {
		t.Fatalf("%s %s: %v", typ, domain, err)
	}
	return p
}

// TestDomainValueOfWrongType: a domain holding a value its parameter's type
// refuses (None for a player) is an error at the domain, for the legal moves
// and for a match bots play alike, instead of a move listed as legal and
// refused when taken (issue 19, item 22).
func TestDomainValueOfWrongType(t *testing.T) {
	p := domainProgram(t, "player", "[None] + list(players)")
	m := newMatch(t, p, 2, Options{})
	moves, err := m.Legal(m.Active())
	var re *RunError
	if !errors.As(err, &re) {
		t.Fatalf("Legal = %v, %v; want a RunError", moves, err)
	}
	if re.Pos.Line != 21 || re.Pos.Column != 34 || re.Source != "actions/pick/params/x/domain" || !strings.Contains(re.Msg, "None") || !strings.Contains(re.Msg, "player") {
		t.Errorf("Legal's error: %s (at %v in %s), want the domain at 21:34 naming None and player", re.Msg, re.Pos, re.Source)
	}
	played := newMatch(t, p, 2, Options{})
	if _, err := played.Play(NewRandomBot(1), 0); !errors.As(err, &re) {
		t.Errorf("Play = %v, want the domain's error", err)
	}
	checked := newMatch(t, p, 2, Options{})
	if err := checked.Apply(Move{Seat: checked.Active(), Action: "pick", Args: []starlark.Value{checked.pvals[0]}}); !errors.As(err, &re) {
		t.Errorf("Apply of a player the domain holds = %v, want the domain's error", err)
	}
}

// agreeOn checks that, in m's present position, the moves Legal lists for
// every seat are exactly those of cands (and the legal ones) that check
// accepts: each legal move is accepted, and an accepted candidate is legal.
func agreeOn(t *testing.T, where string, m *Match, cands []Move) int {
	t.Helper()
	legal, err := m.LegalAll()
	if err != nil {
		t.Fatalf("%s: LegalAll: %v", where, err)
	}
	listed := map[string]bool{}
	for _, mv := range legal {
		listed[mv.String()] = true
		if why, err := m.check(mv); why.Reason != "" || err != nil {
			t.Errorf("%s: %s is listed legal but refused: %q %v", where, mv, why.Reason, err)
		}
	}
	for _, mv := range cands {
		why, err := m.check(mv)
		if err != nil {
			t.Errorf("%s: checking %s: %v", where, mv, err)
		}
		if accepted := why.Reason == "" && err == nil; accepted != listed[mv.String()] {
			t.Errorf("%s: %s accepted %v (%q), listed %v", where, mv, accepted, why.Reason, listed[mv.String()])
		}
	}
	return len(legal) + len(cands)
}

// junk are argument values of every type and none, for candidate moves.
var junk = []starlark.Value{starlark.None, starlark.MakeInt(0), starlark.MakeInt(1), starlark.MakeInt(-1),
	starlark.String("x"), starlark.True, starlark.Tuple{starlark.MakeInt(0), starlark.MakeInt(0)}, starlark.Float(0.5)}

// mutants returns candidate moves near legal: each with one argument
// replaced by a value seen in a legal move or a junk one, with another seat,
// or with another action of the pack.
func mutants(rng *rand.Rand, m *Match, legal []Move, seen []starlark.Value) []Move {
	var out []Move
	pool := append(append([]starlark.Value{}, seen...), junk...)
	pool = append(pool, m.playersTuple...)
	for _, mv := range legal {
		for k := range mv.Args {
			args := append([]starlark.Value{}, mv.Args...)
			args[k] = pool[rng.IntN(len(pool))]
			out = append(out, Move{Seat: mv.Seat, Action: mv.Action, Args: args})
		}
		out = append(out, Move{Seat: (mv.Seat + 1) % m.seats, Action: mv.Action, Args: mv.Args})
	}
	for _, a := range m.p.Pack.Actions {
		args := make([]starlark.Value, len(a.Params))
		for k := range args {
			args[k] = pool[rng.IntN(len(pool))]
		}
		out = append(out, Move{Seat: rng.IntN(m.seats), Action: a.Name, Args: args})
	}
	return out
}

// TestLegalIsWhatApplyAccepts is a property test of the move checker against
// the legal moves, over every bundled pack: random matches, and in every
// position the legal moves and candidates near them (one argument changed,
// another seat, another action) must be accepted exactly when listed.
func TestLegalIsWhatApplyAccepts(t *testing.T) {
	matches, plies := 4, 60
	if testing.Short() {
		matches = 1
	}
	positions, moves := 0, 0
	for _, name := range assets.Packs() {
		p := bundled(t, name)
		seats := 2
		if pl := p.Pack.Players; pl != nil {
			seats = max(pl.Min, 2)
		}
		for i := range matches {
			rng := rand.New(rand.NewPCG(uint64(i), 22))
			m := newMatch(t, p, seats, Options{Seed: uint64(i)})
			var seen []starlark.Value
			for ply := 0; ply < plies && !m.Over(); ply++ {
				legal, err := m.LegalAll()
				if err != nil || len(legal) == 0 {
					t.Fatalf("%s match %d ply %d: %v %v", name, i, ply, legal, err)
				}
				for _, mv := range legal {
					seen = append(seen, mv.Args...)
				}
				if len(seen) > 64 {
					seen = seen[len(seen)-64:]
				}
				moves += agreeOn(t, fmt.Sprintf("%s match %d ply %d", name, i, ply), m, mutants(rng, m, legal, seen))
				positions++
				if err := m.Apply(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatalf("%s match %d ply %d: %v", name, i, ply, err)
				}
			}
		}
	}
	t.Logf("%d packs, %d positions, %d moves checked", len(assets.Packs()), positions, moves)
}

// domainLiterals are the elements generated domains are made of, with the
// parameter types each is a value of.
var domainLiterals = []struct{ src, types string }{
	{"None", ""}, {"0", "int float"}, {"2", "int float"}, {"-1", "int float"}, {"1.5", "float"},
	{"'a'", "string"}, {"''", "string"}, {"True", "bool"}, {"False", "bool"},
	{"(0, 1)", "cell list"}, {"(1, 2, 3)", "list"}, {"[1]", "list"}, {"{'k': 1}", "dict"},
	{"players[0]", "player"}, {"players[1]", "player"},
}

// TestGeneratedDomains: for random domains mixing values of every type, a
// parameter's legal moves are exactly the moves the checker accepts, and a
// domain holding a value its parameter's type refuses is an error of the
// domain, and no move is accepted then.
func TestGeneratedDomains(t *testing.T) {
	types := []string{"int", "float", "string", "bool", "cell", "list", "dict", "player"}
	rng := rand.New(rand.NewPCG(19, 22))
	runs := 300
	if testing.Short() {
		runs = 60
	}
	fitting := 0
	for run := range runs {
		typ := types[rng.IntN(len(types))]
		var elems []string
		fits := true
		for range rng.IntN(5) {
			lit := domainLiterals[rng.IntN(len(domainLiterals))]
			elems = append(elems, lit.src)
			fits = fits && strings.Contains(" "+lit.types+" ", " "+typ+" ")
		}
		domain := "[" + strings.Join(elems, ", ") + "]"
		m := newMatch(t, domainProgram(t, typ, domain), 2, Options{})
		where := fmt.Sprintf("run %d: %s in %s", run, typ, domain)
		var cands []Move
		for _, v := range append(append([]starlark.Value{}, junk...), m.playersTuple...) {
			cands = append(cands, Move{Seat: m.Active(), Action: "pick", Args: []starlark.Value{v}})
		}
		if fits {
			agreeOn(t, where, m, cands)
			fitting++
			continue
		}
		var re *RunError
		if _, err := m.Legal(m.Active()); !errors.As(err, &re) {
			t.Errorf("%s: Legal = %v, want the domain's error", where, err)
		}
		for _, mv := range cands {
			if why, err := m.check(mv); why.Reason == "" && err == nil {
				t.Errorf("%s: %s is accepted while Legal fails", where, mv)
			}
		}
	}
	t.Logf("%d generated domains, %d of one type, %d holding a value of another", runs, fitting, runs-fitting)
}
