package preview

import "github.com/rulestudio/studio/graph"

// drawn returns the state of a bots' source seeded with seed when a bot has
// drawn from it (for graph.Record.BotsSource), nil while it is where the
// seed put it: a record of a match no bot drew in has no bots_source.
func drawn(state, seed uint64) *uint64 {
	if state == newSplitmix(seed).state {
		return nil
	}
	return &state
}

// restoreBots puts the current line's bots' source where the record says
// it was after its last move, once every move of the record was taken
// again (a replay asks no bot, so the source is still at the seed's state):
// bots that go on choose as they did in the match recorded.
func (s *Session) restoreBots(rec graph.Record) {
	if rec.BotsSource != nil && len(s.cur.taken) == len(rec.Moves) {
		s.cur.src.state = *rec.BotsSource
	}
}
