-- The search index holds only listed vessels (active and public), so that a
-- text search counts and pages from the FTS5 index alone. One update trigger
-- removes the old entry before adding the new one, in that order.
DROP TRIGGER vessels_fts_insert;
DROP TRIGGER vessels_fts_delete;
DROP TRIGGER vessels_fts_update;
CREATE TRIGGER vessels_fts_insert AFTER INSERT ON vessels
WHEN new.status = 'active' AND new.public_visibility = 1 BEGIN
    INSERT INTO vessels_fts (rowid, search_text) VALUES (new.rowid, new.search_text);
END;
CREATE TRIGGER vessels_fts_delete AFTER DELETE ON vessels
WHEN old.status = 'active' AND old.public_visibility = 1 BEGIN
    INSERT INTO vessels_fts (vessels_fts, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
END;
CREATE TRIGGER vessels_fts_update AFTER UPDATE OF status, public_visibility, search_text ON vessels BEGIN
    INSERT INTO vessels_fts (vessels_fts, rowid, search_text)
        SELECT 'delete', old.rowid, old.search_text WHERE old.status = 'active' AND old.public_visibility = 1;
    INSERT INTO vessels_fts (rowid, search_text)
        SELECT new.rowid, new.search_text WHERE new.status = 'active' AND new.public_visibility = 1;
END;
INSERT INTO vessels_fts (vessels_fts) VALUES ('delete-all');
INSERT INTO vessels_fts (rowid, search_text)
    SELECT rowid, search_text FROM vessels WHERE status = 'active' AND public_visibility = 1;
