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

CREATE TRIGGER listing_counts_insert AFTER INSERT ON vessels
WHEN new.status = 'active' AND new.public_visibility = 1 BEGIN
    INSERT INTO listing_counts (country_code, build_year, n) VALUES (new.country_code, COALESCE(new.build_year, 0), 1)
        ON CONFLICT (country_code, build_year) DO UPDATE SET n = n + 1;
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

-- Walking the listed vessels newest first, within a country or across all,
-- with the build year in the index so a year filter reads no table rows.
-- The search picks this walk or the (country, year, id) index from the
-- exact totals above (server/src/vessels/search.rs).
CREATE INDEX vessels_listed_country_recent ON vessels (country_code, id, build_year)
    WHERE status = 'active' AND public_visibility = 1;
CREATE INDEX vessels_listed_recent ON vessels (id, country_code, build_year)
    WHERE status = 'active' AND public_visibility = 1;
DROP INDEX vessels_public_recent;
