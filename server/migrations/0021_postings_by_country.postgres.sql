-- Posting lists keyed by country, each entry carrying the vessel's folded
-- text. A search checked every posting of a longer fragment against the
-- whole fragment with a probe into `vessels_seq` (three index pages a
-- match: 1.6 to 2.9 ms for a thousand matches), and a search with a country
-- passed over the postings of the ten other countries. Now the check reads
-- the entry it is on, a country's list is a key range of its own, and a
-- search without a country merges the eleven lists newest first (0.3 to
-- 0.6 ms for the same thousand; docs/ARCHITECTURE.md, "Search totals and
-- plans"). The price is space: the text in every entry.
LOCK TABLE vessels IN SHARE ROW EXCLUSIVE MODE;
-- In the order a search reads them (counts, then postings), so that a search
-- of another server process and this migration never wait in a circle.
LOCK TABLE trigram_counts, vessel_trigrams IN ACCESS EXCLUSIVE MODE;

DROP TABLE vessel_trigrams;
DROP TABLE trigram_counts;
CREATE TABLE vessel_trigrams (
    trigram TEXT NOT NULL,
    country_code TEXT NOT NULL,
    seq BIGINT NOT NULL,
    build_year BIGINT,
    search_text TEXT NOT NULL,
    CONSTRAINT vessel_trigrams_pkey PRIMARY KEY (trigram, country_code, seq) INCLUDE (build_year, search_text)
);
-- How many listed vessels of each country contain each trigram: which list
-- is the shortest to walk in each country, and which countries have one.
CREATE TABLE trigram_counts (
    trigram TEXT NOT NULL,
    country_code TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (trigram, country_code)
);

-- As migration 20's, for the new keys.
CREATE OR REPLACE FUNCTION rebuild_vessel_trigrams() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    LOCK TABLE vessels IN SHARE ROW EXCLUSIVE MODE;
    LOCK TABLE trigram_counts, vessel_trigrams IN ACCESS EXCLUSIVE MODE;
    ALTER TABLE vessel_trigrams DROP CONSTRAINT vessel_trigrams_pkey;
    TRUNCATE vessel_trigrams, trigram_counts;
    INSERT INTO vessel_trigrams (trigram, country_code, seq, build_year, search_text)
        SELECT t, v.country_code, v.seq, v.build_year, v.search_text FROM vessels v, search_trigrams(v.search_text) t
        WHERE v.status = 'active' AND v.public_visibility = 1;
    ALTER TABLE vessel_trigrams ADD CONSTRAINT vessel_trigrams_pkey
        PRIMARY KEY (trigram, country_code, seq) INCLUDE (build_year, search_text);
    INSERT INTO trigram_counts (trigram, country_code, n)
        SELECT trigram, country_code, COUNT(*) FROM vessel_trigrams GROUP BY trigram, country_code;
END
$$;
SELECT rebuild_vessel_trigrams();

-- As migration 20's: the net change of a statement, removals first.
CREATE OR REPLACE FUNCTION vessel_trigrams_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        WITH gone AS (
            DELETE FROM vessel_trigrams p
            USING (SELECT seq, search_text, country_code, build_year FROM old_rows
                   WHERE status = 'active' AND public_visibility = 1
                   EXCEPT SELECT seq, search_text, country_code, build_year FROM new_rows
                   WHERE status = 'active' AND public_visibility = 1) r,
                  search_trigrams(r.search_text) t
            WHERE p.trigram = t AND p.country_code = r.country_code AND p.seq = r.seq
            RETURNING p.trigram, p.country_code)
        UPDATE trigram_counts c SET n = c.n - g.n
        FROM (SELECT trigram, country_code, COUNT(*) AS n FROM gone GROUP BY trigram, country_code) g
        WHERE c.trigram = g.trigram AND c.country_code = g.country_code;
        WITH came AS (
            INSERT INTO vessel_trigrams (trigram, country_code, seq, build_year, search_text)
            SELECT t, a.country_code, a.seq, a.build_year, a.search_text
            FROM (SELECT seq, search_text, country_code, build_year FROM new_rows
                  WHERE status = 'active' AND public_visibility = 1
                  EXCEPT SELECT seq, search_text, country_code, build_year FROM old_rows
                  WHERE status = 'active' AND public_visibility = 1) a,
                 search_trigrams(a.search_text) t
            RETURNING trigram, country_code)
        INSERT INTO trigram_counts (trigram, country_code, n)
        SELECT trigram, country_code, COUNT(*) FROM came GROUP BY trigram, country_code ORDER BY trigram, country_code
        ON CONFLICT (trigram, country_code) DO UPDATE SET n = trigram_counts.n + EXCLUDED.n;
    ELSIF TG_OP = 'DELETE' THEN
        WITH gone AS (
            DELETE FROM vessel_trigrams p
            USING (SELECT seq, search_text, country_code FROM old_rows
                   WHERE status = 'active' AND public_visibility = 1) r,
                  search_trigrams(r.search_text) t
            WHERE p.trigram = t AND p.country_code = r.country_code AND p.seq = r.seq
            RETURNING p.trigram, p.country_code)
        UPDATE trigram_counts c SET n = c.n - g.n
        FROM (SELECT trigram, country_code, COUNT(*) AS n FROM gone GROUP BY trigram, country_code) g
        WHERE c.trigram = g.trigram AND c.country_code = g.country_code;
    ELSE
        WITH came AS (
            INSERT INTO vessel_trigrams (trigram, country_code, seq, build_year, search_text)
            SELECT t, a.country_code, a.seq, a.build_year, a.search_text
            FROM new_rows a, search_trigrams(a.search_text) t
            WHERE a.status = 'active' AND a.public_visibility = 1
            RETURNING trigram, country_code)
        INSERT INTO trigram_counts (trigram, country_code, n)
        SELECT trigram, country_code, COUNT(*) FROM came GROUP BY trigram, country_code ORDER BY trigram, country_code
        ON CONFLICT (trigram, country_code) DO UPDATE SET n = trigram_counts.n + EXCLUDED.n;
    END IF;
    RETURN NULL;
END
$$;

-- The text is no longer checked here; the page still joins on `seq`.
DROP INDEX vessels_seq;
CREATE UNIQUE INDEX vessels_seq ON vessels (seq);
