-- Exact totals for searches without text: how many listed vessels (active
-- and public) each country has per build year, kept in step with the vessels
-- table by triggers in the writing transaction. `build_year` 0 stands for
-- "not known" (build years are validated to 1900 and later).
CREATE TABLE listing_counts (
    country_code TEXT NOT NULL,
    build_year BIGINT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (country_code, build_year)
);
INSERT INTO listing_counts (country_code, build_year, n)
    SELECT country_code, COALESCE(build_year, 0), COUNT(*) FROM vessels
    WHERE status = 'active' AND public_visibility = 1
    GROUP BY country_code, COALESCE(build_year, 0);

-- Once per statement over its transition tables, so a bulk insert adds one
-- aggregated change per bucket. Vessel writers already queue on the search
-- generation's row (migration 5), so bucket rows are never taken in two
-- orders at once.
CREATE FUNCTION listing_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE listing_counts c SET n = c.n - d.n
        FROM (SELECT country_code, COALESCE(build_year, 0) AS build_year, COUNT(*) AS n FROM old_rows
              WHERE status = 'active' AND public_visibility = 1 GROUP BY 1, 2) d
        WHERE c.country_code = d.country_code AND c.build_year = d.build_year;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO listing_counts (country_code, build_year, n)
            SELECT country_code, COALESCE(build_year, 0), COUNT(*) FROM new_rows
            WHERE status = 'active' AND public_visibility = 1 GROUP BY 1, 2
        ON CONFLICT (country_code, build_year) DO UPDATE SET n = listing_counts.n + EXCLUDED.n;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER listing_counts_insert AFTER INSERT ON vessels
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_apply();
CREATE TRIGGER listing_counts_update AFTER UPDATE ON vessels
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_apply();
CREATE TRIGGER listing_counts_delete AFTER DELETE ON vessels
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_apply();

-- Walking the listed vessels newest first, within a country or across all,
-- index-only: the build year (and for the text search its folded text) is
-- in the index. The search picks a walk or a collect-and-sort plan itself
-- from the totals (server/src/vessels/search.rs).
CREATE INDEX vessels_listed_country_recent ON vessels (country_code, id) INCLUDE (build_year)
    WHERE status = 'active' AND public_visibility = 1;
CREATE INDEX vessels_listed_recent ON vessels (id) INCLUDE (country_code, build_year, search_text)
    WHERE status = 'active' AND public_visibility = 1;
DROP INDEX vessels_public_recent;
