-- Posting lists in blocks (issue 33). Migration 21 kept one B-tree entry
-- per (trigram, country, vessel), each carrying the vessel's whole folded
-- text so that a walk could check a longer fragment on the entry it was on:
-- 6.3 GB at a million vessels, 40 copies of every text. Now a list is a few
-- rows of blocks, each the postings of up to 128 vessels packed as bytes,
-- with each occurrence's position in the text, so that a fragment is proven
-- from the postings of its trigrams at consecutive positions (as SQLite's
-- FTS5 trigram index does) instead of from a copy of the text. The server
-- reads blocks newest first and matches them itself
-- (server/src/features/vessels/search/postings.rs); docs/ARCHITECTURE.md,
-- "Search totals and plans".
LOCK TABLE vessels IN SHARE ROW EXCLUSIVE MODE;
-- In the order a search reads them (counts, then postings), so that a search
-- of another server process and this migration never wait in a circle.
LOCK TABLE trigram_counts, vessel_trigrams IN ACCESS EXCLUSIVE MODE;

DO $$
BEGIN
    -- A posting holds the insertion number in four bytes.
    IF (SELECT COALESCE(MAX(seq), 0) FROM vessels) >= 2147483647 THEN
        RAISE EXCEPTION 'insertion numbers beyond four bytes';
    END IF;
END
$$;

DROP TABLE vessel_trigrams;

-- Every occurrence of a trigram in a folded text, with its position
-- (0-based, in characters, as substr counts them in a UTF8 database).
CREATE FUNCTION search_trigram_positions(s TEXT) RETURNS TABLE (trigram TEXT, pos INT)
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT substr(s, i, 3), i - 1 FROM generate_series(1, length(s) - 2) AS i
$$;

-- One posting, eight bytes big-endian: the vessel's insertion number (4),
-- its build year (2, 0 when unknown, so that a year filter reads no table)
-- and the position (2). Build years are 1900 to next year and a text is at
-- most a few hundred characters; a value beyond two bytes fails the cast.
CREATE FUNCTION trigram_posting(seq BIGINT, build_year BIGINT, pos INT) RETURNS BYTEA
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT int4send(CAST(seq AS INT)) || int2send(CAST(COALESCE(build_year, 0) AS SMALLINT))
        || int2send(CAST(pos AS SMALLINT))
$$;

-- A list's blocks partition its vessels by insertion number: a block holds
-- the postings of the vessels numbered above the previous block's `top` up
-- to its own, so every posting of a vessel is in the block with the
-- smallest `top` at or above its number. `bottom` is at most the lowest
-- number in the block (it is not raised when that vessel's postings go), so
-- a reader knows which blocks of another list a block's range meets. `n`
-- counts the block's vessels; only the newest block of a list grows with new
-- vessels, and only while it holds fewer than 128. A block whose vessels all
-- left stays, empty, and takes the next ones.
CREATE TABLE trigram_blocks (
    trigram TEXT NOT NULL,
    country_code TEXT NOT NULL,
    top BIGINT NOT NULL,
    bottom BIGINT NOT NULL,
    n INT NOT NULL,
    postings BYTEA NOT NULL,
    CONSTRAINT trigram_blocks_pkey PRIMARY KEY (trigram, country_code, top)
);

-- A block's postings without those of these vessels (their numbers as
-- four bytes, as a posting starts).
CREATE FUNCTION trigram_postings_without(p BYTEA, gone BYTEA[]) RETURNS BYTEA
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT COALESCE(string_agg(substr(p, i, 8), ''::bytea ORDER BY i), ''::bytea)
    FROM generate_series(1, length(p), 8) AS i
    WHERE NOT substr(p, i, 4) = ANY (gone)
$$;

-- A vessel's searchable text and what its postings carry.
CREATE TYPE listed_text AS (seq BIGINT, search_text TEXT, country_code TEXT, build_year BIGINT);

-- The postings and counts of vessels that stopped being listed, or whose
-- text, country or build year changed (their old values).
CREATE FUNCTION trigram_postings_remove(gone listed_text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    WITH placed AS (
        SELECT t AS trigram, g.country_code, g.seq,
               (SELECT MIN(b.top) FROM trigram_blocks b
                WHERE b.trigram = t AND b.country_code = g.country_code AND b.top >= g.seq) AS top
        FROM unnest(gone) g, search_trigrams(g.search_text) t),
    per_block AS (
        SELECT trigram, country_code, top, array_agg(int4send(CAST(seq AS INT))) AS keys, COUNT(*) AS n
        FROM placed GROUP BY trigram, country_code, top)
    UPDATE trigram_blocks b SET postings = trigram_postings_without(b.postings, p.keys), n = b.n - p.n
    FROM per_block p
    WHERE b.trigram = p.trigram AND b.country_code = p.country_code AND b.top = p.top;
    UPDATE trigram_counts c SET n = c.n - g.n
    FROM (SELECT t AS trigram, g.country_code, COUNT(*) AS n
          FROM unnest(gone) g, search_trigrams(g.search_text) t GROUP BY t, g.country_code) g
    WHERE c.trigram = g.trigram AND c.country_code = g.country_code;
END
$$;

-- The postings and counts of vessels that became listed, or whose text,
-- country or build year changed (their new values).
CREATE FUNCTION trigram_postings_add(came listed_text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    -- A vessel numbered within a block's range (one whose text changed, or
    -- one numbered before a vessel written first) goes into that block.
    WITH placed AS (
        SELECT p.trigram, c.country_code, c.seq, p.pos, trigram_posting(c.seq, c.build_year, p.pos) AS posting,
               (SELECT MIN(b.top) FROM trigram_blocks b
                WHERE b.trigram = p.trigram AND b.country_code = c.country_code AND b.top >= c.seq) AS top
        FROM unnest(came) c, search_trigram_positions(c.search_text) p),
    per_block AS (
        SELECT trigram, country_code, top, string_agg(posting, ''::bytea ORDER BY seq, pos) AS postings,
               COUNT(DISTINCT seq) AS n, MIN(seq) AS bottom
        FROM placed WHERE top IS NOT NULL GROUP BY trigram, country_code, top)
    UPDATE trigram_blocks b SET postings = b.postings || p.postings, n = b.n + p.n, bottom = LEAST(b.bottom, p.bottom)
    FROM per_block p
    WHERE b.trigram = p.trigram AND b.country_code = p.country_code AND b.top = p.top;
    -- Beyond every block of its list: onto the list's newest block while it
    -- has room, else into a new block.
    WITH beyond AS (
        SELECT p.trigram, c.country_code, string_agg(trigram_posting(c.seq, c.build_year, p.pos), ''::bytea
                   ORDER BY c.seq, p.pos) AS postings,
               COUNT(DISTINCT c.seq) AS n, MIN(c.seq) AS bottom, MAX(c.seq) AS top
        FROM unnest(came) c, search_trigram_positions(c.search_text) p
        WHERE NOT EXISTS (SELECT 1 FROM trigram_blocks b
                          WHERE b.trigram = p.trigram AND b.country_code = c.country_code AND b.top >= c.seq)
        GROUP BY p.trigram, c.country_code),
    appended AS (
        UPDATE trigram_blocks b SET postings = b.postings || l.postings, n = b.n + l.n, top = l.top
        FROM beyond l
        WHERE b.trigram = l.trigram AND b.country_code = l.country_code AND b.n < 128
          AND b.top = (SELECT MAX(x.top) FROM trigram_blocks x
                       WHERE x.trigram = l.trigram AND x.country_code = l.country_code)
        RETURNING b.trigram, b.country_code)
    INSERT INTO trigram_blocks (trigram, country_code, top, bottom, n, postings)
    SELECT l.trigram, l.country_code, l.top, l.bottom, l.n, l.postings FROM beyond l
    WHERE NOT EXISTS (SELECT 1 FROM appended a WHERE a.trigram = l.trigram AND a.country_code = l.country_code);
    INSERT INTO trigram_counts (trigram, country_code, n)
    SELECT t, c.country_code, COUNT(*) FROM unnest(came) c, search_trigrams(c.search_text) t
    GROUP BY t, c.country_code ORDER BY t, c.country_code
    ON CONFLICT (trigram, country_code) DO UPDATE SET n = trigram_counts.n + EXCLUDED.n;
END
$$;

-- As migration 21's: the net change of a statement, removals first, so a
-- changed vessel's postings come back in the same block. Blocks are read,
-- then written, so two writers appending to one list's newest block at once
-- could leave a block holding vessels numbered below another block's top.
-- Writers that list, unlist or change a vessel's text already queue on the
-- search generation's row before the statement (migration 5); this takes
-- that row too for any other change of a listed vessel's postings (its
-- insertion number), and each statement after it sees the writer before.
CREATE OR REPLACE FUNCTION vessel_trigrams_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    gone listed_text[];
    came listed_text[];
BEGIN
    IF TG_OP = 'UPDATE' THEN
        SELECT array_agg(ROW(r.seq, r.search_text, r.country_code, r.build_year)::listed_text) INTO gone
        FROM (SELECT seq, search_text, country_code, build_year FROM old_rows
              WHERE status = 'active' AND public_visibility = 1
              EXCEPT SELECT seq, search_text, country_code, build_year FROM new_rows
              WHERE status = 'active' AND public_visibility = 1) r;
        SELECT array_agg(ROW(a.seq, a.search_text, a.country_code, a.build_year)::listed_text) INTO came
        FROM (SELECT seq, search_text, country_code, build_year FROM new_rows
              WHERE status = 'active' AND public_visibility = 1
              EXCEPT SELECT seq, search_text, country_code, build_year FROM old_rows
              WHERE status = 'active' AND public_visibility = 1) a;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(ROW(r.seq, r.search_text, r.country_code, r.build_year)::listed_text) INTO gone
        FROM old_rows r WHERE r.status = 'active' AND r.public_visibility = 1;
    ELSE
        SELECT array_agg(ROW(a.seq, a.search_text, a.country_code, a.build_year)::listed_text) INTO came
        FROM new_rows a WHERE a.status = 'active' AND a.public_visibility = 1;
    END IF;
    IF gone IS NULL AND came IS NULL THEN
        RETURN NULL;
    END IF;
    PERFORM 1 FROM search_generation WHERE id = 1 FOR UPDATE;
    IF gone IS NOT NULL THEN
        PERFORM trigram_postings_remove(gone);
    END IF;
    IF came IS NOT NULL THEN
        PERFORM trigram_postings_add(came);
    END IF;
    RETURN NULL;
END
$$;

-- Filled from the vessels table: here, and by the seeder after a bulk load
-- (server/src/cli/seed_vessels.rs), which defers the postings of the rows it
-- loads. Blocks of 128 vessels, in insertion order, per list. Locks as
-- migration 20's did.
CREATE OR REPLACE FUNCTION rebuild_vessel_trigrams() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    LOCK TABLE vessels IN SHARE ROW EXCLUSIVE MODE;
    LOCK TABLE trigram_counts, trigram_blocks IN ACCESS EXCLUSIVE MODE;
    -- The postings of every listed vessel are sorted once, by list and number.
    PERFORM set_config('work_mem', '1GB', true);
    ALTER TABLE trigram_blocks DROP CONSTRAINT trigram_blocks_pkey;
    TRUNCATE trigram_blocks, trigram_counts;
    INSERT INTO trigram_blocks (trigram, country_code, top, bottom, n, postings)
    SELECT trigram, country_code, MAX(seq), MIN(seq), COUNT(DISTINCT seq),
           string_agg(posting, ''::bytea ORDER BY seq, pos)
    FROM (SELECT p.trigram, v.country_code, v.seq, p.pos, trigram_posting(v.seq, v.build_year, p.pos) AS posting,
                 (dense_rank() OVER (PARTITION BY p.trigram, v.country_code ORDER BY v.seq) - 1) / 128 AS block
          FROM vessels v, search_trigram_positions(v.search_text) p
          WHERE v.status = 'active' AND v.public_visibility = 1) e
    GROUP BY trigram, country_code, block;
    ALTER TABLE trigram_blocks ADD CONSTRAINT trigram_blocks_pkey PRIMARY KEY (trigram, country_code, top);
    INSERT INTO trigram_counts (trigram, country_code, n)
        SELECT t, v.country_code, COUNT(*) FROM vessels v, search_trigrams(v.search_text) t
        WHERE v.status = 'active' AND v.public_visibility = 1 GROUP BY t, v.country_code;
END
$$;
SELECT rebuild_vessel_trigrams();
