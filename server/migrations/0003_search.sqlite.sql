-- Substring search over vessels.search_text: FTS5 with the trigram tokenizer,
-- kept in step with the table by triggers (external content).
CREATE VIRTUAL TABLE vessels_fts USING fts5(
    search_text, content = 'vessels', content_rowid = 'rowid', tokenize = 'trigram'
);
CREATE TRIGGER vessels_fts_insert AFTER INSERT ON vessels BEGIN
    INSERT INTO vessels_fts (rowid, search_text) VALUES (new.rowid, new.search_text);
END;
CREATE TRIGGER vessels_fts_delete AFTER DELETE ON vessels BEGIN
    INSERT INTO vessels_fts (vessels_fts, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
END;
CREATE TRIGGER vessels_fts_update AFTER UPDATE OF search_text ON vessels BEGIN
    INSERT INTO vessels_fts (vessels_fts, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
    INSERT INTO vessels_fts (rowid, search_text) VALUES (new.rowid, new.search_text);
END;
