-- Schema 1: the rule pack's documents and their revisions, the editor's layout,
-- the autosaved state and recorded matches. Run in one transaction; the caller
-- sets PRAGMA application_id and user_version in the same transaction.

-- A document's canonical YAML, stored once however many revisions hold it.
CREATE TABLE blob (
	hash TEXT PRIMARY KEY,   -- lower-case hex SHA-256 of yaml
	yaml BLOB NOT NULL
);

-- One row per save (or restore). Rows are never updated or deleted.
CREATE TABLE revision (
	id      INTEGER PRIMARY KEY,
	time    TEXT NOT NULL,             -- RFC 3339, UTC
	message TEXT NOT NULL DEFAULT ''
);

-- The documents of each revision, in the pack's order (graph.Documents).
CREATE TABLE document (
	revision INTEGER NOT NULL REFERENCES revision (id),
	seq      INTEGER NOT NULL,         -- position in the pack
	kind     TEXT NOT NULL,            -- graph.DocumentKind
	name     TEXT NOT NULL,            -- object type or script name, or ''
	path     TEXT NOT NULL,            -- stable file name, e.g. object_types/creature.yaml
	hash     TEXT NOT NULL REFERENCES blob (hash),
	PRIMARY KEY (revision, seq),
	UNIQUE (revision, path)
);

-- Where the editor draws each state, by state id as written. Not revisioned.
CREATE TABLE layout (
	state TEXT PRIMARY KEY,
	x     REAL NOT NULL,
	y     REAL NOT NULL
);

-- The editor's open tabs, in order.
CREATE TABLE tab (
	seq  INTEGER PRIMARY KEY,
	name TEXT NOT NULL
);

-- The last autosaved state of an editing session (at most one row); a save
-- removes it, so a row found on open means the studio stopped before saving.
CREATE TABLE autosave (
	id   INTEGER PRIMARY KEY CHECK (id = 1),
	time TEXT NOT NULL,
	base INTEGER REFERENCES revision (id), -- the revision the edits started from
	yaml BLOB NOT NULL                     -- the whole pack, multi-document YAML
);

-- Recorded matches: enough to replay one (same pack, seed, seats and actions
-- give the same events).
CREATE TABLE match (
	id       INTEGER PRIMARY KEY,
	revision INTEGER NOT NULL REFERENCES revision (id),
	name     TEXT NOT NULL DEFAULT '',
	seed     INTEGER NOT NULL,
	seats    TEXT NOT NULL,            -- JSON array of player names, in seat order
	log      TEXT NOT NULL,            -- JSON array of moves
	time     TEXT NOT NULL
);
