-- SQLite's text index in leaf pages of about 1,000 bytes instead of FTS5's
-- 4,050. A phrase is matched by seeking each of its trigrams to the rowids
-- of the first, and a text within a country seeks the country's list the
-- same way; a seek finds its page through the doclist index but then reads
-- that page from its start. The lists of common trigrams and of a country
-- run to hundreds of thousands of entries at 6.5 million vessels, so the
-- seeks dominated a rare fragment's search: with pages a quarter the size,
-- a fragment of one match went from 7.2 to 5.4 ms and a rare fragment in a
-- country from 5.8 to 3.1 ms, and the uncached text mix at 32 clients from
-- 905 to 1,029 requests a second (docs/PERFORMANCE.md). The setting applies
-- to pages written from now on, so the index is written again (the rows of
-- the vessels table are its source, as in the seeder) and merged into one
-- segment.
INSERT INTO vessels_fts (vessels_fts, rank) VALUES ('pgsz', 1000);
INSERT INTO vessels_fts (vessels_fts) VALUES ('delete-all');
INSERT INTO vessels_fts (rowid, search_text, search_country)
    SELECT rowid, search_text, '#' || country_code FROM vessels WHERE status = 'active' AND public_visibility = 1;
INSERT INTO vessels_fts (vessels_fts) VALUES ('optimize');
