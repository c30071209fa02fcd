-- Schema 8: the image files the pack's display hints name (an SVG or PNG by
-- pack-relative path), so that a project moved alone to another machine keeps
-- its pictures. An image is not part of a revision's documents: it is kept by
-- path, the newest bytes put under that path, with the revision that was
-- latest when they came in. graph.CheckImage vets each one before it is put.
CREATE TABLE image (
	path     TEXT PRIMARY KEY,                 -- slash-separated, e.g. img/suit-1.svg
	revision INTEGER REFERENCES revision (id), -- latest when put; NULL before the first
	hash     TEXT NOT NULL,                    -- lower-case hex SHA-256 of data
	data     BLOB NOT NULL                     -- the file's bytes, at most graph.MaxImage
);
