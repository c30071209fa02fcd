-- Schema 6: a recorded match keeps the bots' random source as it was after
-- its last move (graph.Record.BotsSource), so bots that go on after a replay
-- choose as they did.

-- The SplitMix64 state's 64 bits as a signed integer, as seed is; NULL when
-- no bot drew (and in every match recorded before schema 6).
ALTER TABLE match ADD COLUMN bots_source INTEGER;
