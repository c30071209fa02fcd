-- Schema 2: the debugger's breakpoints.
CREATE TABLE breakpoint (
	id        INTEGER PRIMARY KEY,
	state     TEXT NOT NULL DEFAULT '',    -- state id as written; '' for any state
	clause    TEXT NOT NULL DEFAULT '',    -- e.g. "object_types/creature/whenever/lord"; '' for entering the state
	condition TEXT NOT NULL DEFAULT '',    -- pure Starlark expression; '' for always
	enabled   INTEGER NOT NULL DEFAULT 1
);
