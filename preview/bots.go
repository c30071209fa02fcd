package preview

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"sync"

	"github.com/rulestudio/studio/engine"
)

// Bot chooses a seat's action. Bots are made per match by their registry
// entry (see [RegisterBot]) and may keep state for it; one match's bots are
// used by one goroutine.
type Bot interface {
	// Choose returns the index in d.Moves of the move to take.
	Choose(d *Decision) int
}

// Decision is what a bot decides on: its seat, the seat's legal moves (the
// engine's stable order, never empty) and its own seeded random source,
// which never is the match's. View is what the seat sees.
type Decision struct {
	Seat  int
	Moves []engine.Move
	Rand  *rand.Rand

	m    *engine.Match
	view *engine.View
}

// View returns what the seat sees now (computed once per decision).
func (d *Decision) View() (*engine.View, error) {
	if d.view == nil {
		v, err := d.m.View(d.Seat)
		if err != nil {
			return nil, err
		}
		d.view = v
	}
	return d.view, nil
}

// Fork returns a copy of the match to search on (play moves ahead, roll
// out): it shares the match's state and history, and what is done on it
// changes nothing here. It shows the whole match, more than the seat sees; a
// bot that must not know other players' hands reads View instead.
func (d *Decision) Fork() *engine.Match { return d.m.Fork() }

// RandomBot chooses uniformly among the legal moves with its decision's
// source: with a source seeded s it takes the choices engine.RandomBot
// seeded s takes.
type RandomBot struct{}

// Choose picks a move uniformly at random.
func (RandomBot) Choose(d *Decision) int { return randomChoice(d.Rand, len(d.Moves)) }

// randomChoice is RandomBot's choice among n moves with source r.
func randomChoice(r *rand.Rand, n int) int { return int(r.Uint64() % uint64(n)) }

var (
	botsMu   sync.RWMutex
	registry = map[string]func() Bot{"random": func() Bot { return RandomBot{} }}
)

// RegisterBot adds a bot to the registry under name: make returns a new
// bot for one seat of one match. A name already registered panics (two
// packages claiming one name is a programming error).
func RegisterBot(name string, make func() Bot) {
	botsMu.Lock()
	defer botsMu.Unlock()
	if _, dup := registry[name]; dup || name == "" {
		panic(fmt.Sprintf("preview: bot %q registered twice (or without a name)", name))
	}
	registry[name] = make
}

// NewBot returns a new bot of the registered name, or of a search bot's
// spec with parameters ("mcts:200", see parseSearchBot).
func NewBot(name string) (Bot, error) {
	botsMu.RLock()
	make := registry[name]
	botsMu.RUnlock()
	if make == nil {
		if b, ok, err := parseSearchBot(name); ok {
			return b, err
		}
		return nil, fmt.Errorf("unknown bot %q (have: %v)", name, BotNames())
	}
	return make(), nil
}

// BotNames lists the registered bots by name.
func BotNames() []string {
	botsMu.RLock()
	defer botsMu.RUnlock()
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// splitmix is the bots' random source: SplitMix64, seeded as
// engine.RandomBot seeds it, so a RandomBot over it chooses as that one
// does. Its whole state is one word, which a session keeps per decision to
// branch with the source as it was.
type splitmix struct{ state uint64 }

func newSplitmix(seed uint64) *splitmix { return &splitmix{state: seed*0x2545F4914F6CDD1D + 1} }

// Uint64 returns the next number.
func (s *splitmix) Uint64() uint64 {
	s.state += 0x9E3779B97F4A7C15
	z := s.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// seatBots makes the bots of a match's seats by name ("" for a person: nil).
func seatBots(names []string) ([]Bot, error) {
	bots := make([]Bot, len(names))
	for i, n := range names {
		if n == "" {
			continue
		}
		b, err := NewBot(n)
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", i+1, err)
		}
		bots[i] = b
	}
	return bots, nil
}

// botTurn finds the bot that acts next among moves (every seat's legal
// moves, seat order): the lowest seat that has moves and a bot. It returns
// that seat and its moves, or -1 when only people can act.
func botTurn(bots []Bot, moves []engine.Move) (int, []engine.Move) {
	if n := len(moves); n > 0 && moves[0].Seat == moves[n-1].Seat { // one seat decides: most decisions
		if s := moves[0].Seat; s < len(bots) && bots[s] != nil {
			return s, moves
		}
		return -1, nil
	}
	for i := 0; i < len(moves); {
		j := i
		for j < len(moves) && moves[j].Seat == moves[i].Seat {
			j++
		}
		if s := moves[i].Seat; s < len(bots) && bots[s] != nil {
			return s, moves[i:j]
		}
		i = j
	}
	return -1, nil
}
