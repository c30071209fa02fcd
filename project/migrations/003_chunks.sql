-- Schema 3: documents are stored in chunks, so that an edit of one state of a
-- large states.yaml stores that state's text, not the whole document again.
--
-- A chunk is a piece of a document's YAML cut before each line that starts a
-- top-level key or a top-level list item (a state); its text is a row of blob,
-- by hash. A document of this schema is the concatenation of its chunks;
-- documents saved by schemas 1 and 2 keep their whole text in blob, under the
-- document's hash, and have no chunks.
--
-- document.hash stays the hash of the whole text (equal documents, equal
-- hashes), but no longer names a blob row: the table is rebuilt without that
-- foreign key.
CREATE TABLE document_new (
	revision INTEGER NOT NULL REFERENCES revision (id),
	seq      INTEGER NOT NULL,
	kind     TEXT NOT NULL,
	name     TEXT NOT NULL,
	path     TEXT NOT NULL,
	hash     TEXT NOT NULL,            -- lower-case hex SHA-256 of the whole text
	PRIMARY KEY (revision, seq),
	UNIQUE (revision, path)
);
INSERT INTO document_new SELECT revision, seq, kind, name, path, hash FROM document;
DROP TABLE document;
ALTER TABLE document_new RENAME TO document;
CREATE INDEX document_hash ON document (hash);

CREATE TABLE chunk (
	revision INTEGER NOT NULL,
	seq      INTEGER NOT NULL,         -- the document
	n        INTEGER NOT NULL,         -- the chunk's place in the document
	hash     TEXT NOT NULL REFERENCES blob (hash),
	PRIMARY KEY (revision, seq, n),
	FOREIGN KEY (revision, seq) REFERENCES document (revision, seq)
);
