-- Schema 5: scenario tests (package preview/scenario) kept in the project.
--
-- A scenario's YAML, and its expected event transcript when it has one, are
-- rows of blob by hash, stored once however many versions hold them. Rows of
-- scenario are never updated or deleted: putting a scenario adds a row, and so
-- does deleting one (hash NULL), so each scenario keeps its history. The
-- project's scenarios are the newest row of each name, unless it is a deletion.
CREATE TABLE scenario (
	id     INTEGER PRIMARY KEY,
	name   TEXT NOT NULL,
	hash   TEXT REFERENCES blob (hash), -- the YAML as written; NULL: deleted
	events TEXT REFERENCES blob (hash), -- the expected transcript; NULL: none
	time   TEXT NOT NULL                -- RFC 3339, UTC
);
CREATE INDEX scenario_name ON scenario (name, id);
