-- A text search within one country is answered from the FTS5 index alone.
-- Each listed vessel's entry gets a second column, its country as one
-- trigram ('#' and the code), so that `search_text : "princess" AND
-- search_country : "#NL"` intersects two doclists inside the index, where
-- before every match was looked up in the vessels table to read its country:
-- some 11,000 lookups, three quarters of the time, for a broad fragment in
-- one country of a million vessels. The index becomes contentless (it never
-- handed out column values, only rowids), so the country column needs no
-- column of the table behind it; its entries are removed with the values
-- they were made from, as before.
DROP TRIGGER vessels_fts_insert;
DROP TRIGGER vessels_fts_delete;
DROP TRIGGER vessels_fts_update;
DROP TABLE vessels_fts;
CREATE VIRTUAL TABLE vessels_fts USING fts5(search_text, search_country, content = '', tokenize = 'trigram');
CREATE TRIGGER vessels_fts_insert AFTER INSERT ON vessels
WHEN new.status = 'active' AND new.public_visibility = 1 BEGIN
    INSERT INTO vessels_fts (rowid, search_text, search_country)
        VALUES (new.rowid, new.search_text, '#' || new.country_code);
END;
CREATE TRIGGER vessels_fts_delete AFTER DELETE ON vessels
WHEN old.status = 'active' AND old.public_visibility = 1 BEGIN
    INSERT INTO vessels_fts (vessels_fts, rowid, search_text, search_country)
        VALUES ('delete', old.rowid, old.search_text, '#' || old.country_code);
END;
CREATE TRIGGER vessels_fts_update AFTER UPDATE OF status, public_visibility, search_text, country_code ON vessels BEGIN
    INSERT INTO vessels_fts (vessels_fts, rowid, search_text, search_country)
        SELECT 'delete', old.rowid, old.search_text, '#' || old.country_code
         WHERE old.status = 'active' AND old.public_visibility = 1;
    INSERT INTO vessels_fts (rowid, search_text, search_country)
        SELECT new.rowid, new.search_text, '#' || new.country_code
         WHERE new.status = 'active' AND new.public_visibility = 1;
END;
INSERT INTO vessels_fts (rowid, search_text, search_country)
    SELECT rowid, search_text, '#' || country_code FROM vessels WHERE status = 'active' AND public_visibility = 1;
-- One segment: a bulk insert leaves many, and every list read walks each.
INSERT INTO vessels_fts (vessels_fts) VALUES ('optimize');

-- The table's other triggers are made again after the index's. SQLite runs
-- (and compiles) a table's triggers newest first, and an UPDATE whose first
-- trigger writes to an FTS5 table failed once ("no such table: vessels") on
-- each connection that reloaded the schema after another connection had
-- changed it (SQLite 3.46; a seeding's trigger drops did it in the tests).
-- With the index's triggers the oldest, as migrations 3 and 4 made them, it
-- does not.
DROP TRIGGER vessels_generation_insert;
DROP TRIGGER vessels_generation_update;
DROP TRIGGER vessels_generation_delete;
DROP TRIGGER listing_counts_delete;
DROP TRIGGER listing_counts_update;
DROP TRIGGER vessel_counts_delete;
DROP TRIGGER vessel_counts_update;
DROP TRIGGER listing_counts_insert;
DROP TRIGGER vessel_counts_insert;
CREATE TRIGGER vessels_generation_insert AFTER INSERT ON vessels
WHEN new.status = 'active' AND new.public_visibility = 1 BEGIN
    UPDATE search_generation SET value = value + 1 WHERE id = 1;
END;
CREATE TRIGGER vessels_generation_update
AFTER UPDATE OF status, public_visibility, search_text, country_code, build_year ON vessels
WHEN (old.status = 'active' AND old.public_visibility = 1) OR (new.status = 'active' AND new.public_visibility = 1) BEGIN
    UPDATE search_generation SET value = value + 1 WHERE id = 1;
END;
CREATE TRIGGER vessels_generation_delete AFTER DELETE ON vessels
WHEN old.status = 'active' AND old.public_visibility = 1 BEGIN
    UPDATE search_generation SET value = value + 1 WHERE id = 1;
END;
CREATE TRIGGER listing_counts_delete AFTER DELETE ON vessels
WHEN old.status = 'active' AND old.public_visibility = 1 BEGIN
    UPDATE listing_counts SET n = n - 1
        WHERE country_code = old.country_code AND build_year = COALESCE(old.build_year, 0);
END;
CREATE TRIGGER listing_counts_update AFTER UPDATE OF status, public_visibility, country_code, build_year ON vessels BEGIN
    UPDATE listing_counts SET n = n - 1
        WHERE old.status = 'active' AND old.public_visibility = 1
          AND country_code = old.country_code AND build_year = COALESCE(old.build_year, 0);
    INSERT INTO listing_counts (country_code, build_year, n)
        SELECT new.country_code, COALESCE(new.build_year, 0), 1 WHERE new.status = 'active' AND new.public_visibility = 1
        ON CONFLICT (country_code, build_year) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER vessel_counts_delete AFTER DELETE ON vessels BEGIN
    UPDATE vessel_counts SET n = n - 1 WHERE status = old.status;
END;
CREATE TRIGGER vessel_counts_update AFTER UPDATE OF status ON vessels WHEN new.status <> old.status BEGIN
    UPDATE vessel_counts SET n = n - 1 WHERE status = old.status;
    INSERT INTO vessel_counts (status, n) VALUES (new.status, 1)
        ON CONFLICT (status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER listing_counts_insert AFTER INSERT ON vessels
WHEN new.status = 'active' AND new.public_visibility = 1 BEGIN
    INSERT INTO listing_counts (country_code, build_year, n) VALUES (new.country_code, COALESCE(new.build_year, 0), 1)
        ON CONFLICT (country_code, build_year) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER vessel_counts_insert AFTER INSERT ON vessels BEGIN
    INSERT INTO vessel_counts (status, n) VALUES (new.status, 1)
        ON CONFLICT (status) DO UPDATE SET n = n + 1;
END;
