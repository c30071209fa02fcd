-- Schema 7: the debugger's watched expressions (its Watch tab), in the order
-- the designer added them. Like the breakpoints they are not part of the
-- pack's revisions; the editor writes the list at each change.
CREATE TABLE watch (
	seq  INTEGER PRIMARY KEY,  -- the expression's place in the list, from 0
	expr TEXT NOT NULL         -- a Starlark expression, as typed (trimmed)
);
