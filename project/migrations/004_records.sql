-- Schema 4: a recorded match is a whole match record (graph.Record): the
-- pack it was played on by name and content hash, each seat's bot, the
-- clocks, and its moves in the text form records, files and the command
-- line share. Breakpoints have kinds (graph.BreakKind) beyond entering a
-- state and a clause firing.

ALTER TABLE match ADD COLUMN pack TEXT NOT NULL DEFAULT '';      -- the pack's name
ALTER TABLE match ADD COLUMN pack_hash TEXT NOT NULL DEFAULT ''; -- graph.PackHash of the rules it was played on
ALTER TABLE match ADD COLUMN bots TEXT NOT NULL DEFAULT '[]';    -- JSON array, one bot name per seat ('' for a person)
ALTER TABLE match ADD COLUMN clock INTEGER NOT NULL DEFAULT 0;   -- each player's time bank, milliseconds (0: no clocks)
-- How log holds the moves: 1, schemas 1 to 3: {"seat": 0-based, "action",
-- "args"}; 2: graph.Move, {"player": from 1, "action", "args", "wait_ms"}.
ALTER TABLE match ADD COLUMN log_form INTEGER NOT NULL DEFAULT 1;

ALTER TABLE breakpoint ADD COLUMN kind TEXT NOT NULL DEFAULT '';   -- graph.BreakKind
ALTER TABLE breakpoint ADD COLUMN target TEXT NOT NULL DEFAULT ''; -- a variable or property (variable, property)
ALTER TABLE breakpoint ADD COLUMN n INTEGER NOT NULL DEFAULT 0;    -- frames (depth) or milliseconds (clock)
UPDATE breakpoint SET kind = CASE WHEN clause != '' THEN 'clause' ELSE 'enter' END;
