-- How many vessels are in each status, kept in step with the vessels table
-- by triggers in the writing transaction, so the landing page's figure and
-- the console's total are read, not counted (a million-row COUNT(*) on every
-- landing-page load).
-- No vessel may be written between the fill below and the triggers: a
-- change another server process committed in between would never be counted.
LOCK TABLE vessels IN SHARE ROW EXCLUSIVE MODE;
CREATE TABLE vessel_counts (
    status TEXT PRIMARY KEY,
    n BIGINT NOT NULL
);
INSERT INTO vessel_counts (status, n) SELECT status, COUNT(*) FROM vessels GROUP BY status;

-- Once per statement over its transition tables, like listing_counts
-- (migration 18). An update adds each status's net change, so one that
-- changes no vessel's status writes no count row.
CREATE FUNCTION vessel_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO vessel_counts (status, n)
            SELECT status, COUNT(*) FROM new_rows GROUP BY status ORDER BY status
        ON CONFLICT (status) DO UPDATE SET n = vessel_counts.n + EXCLUDED.n;
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE vessel_counts c SET n = c.n - d.n
        FROM (SELECT status, COUNT(*) AS n FROM old_rows GROUP BY status) d
        WHERE c.status = d.status;
    ELSE
        INSERT INTO vessel_counts (status, n)
            SELECT status, SUM(d) FROM (SELECT status, 1 AS d FROM new_rows
                                        UNION ALL SELECT status, -1 FROM old_rows) x
            GROUP BY status HAVING SUM(d) <> 0 ORDER BY status
        ON CONFLICT (status) DO UPDATE SET n = vessel_counts.n + EXCLUDED.n;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER vessel_counts_insert AFTER INSERT ON vessels
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vessel_counts_apply();
CREATE TRIGGER vessel_counts_update AFTER UPDATE ON vessels
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vessel_counts_apply();
CREATE TRIGGER vessel_counts_delete AFTER DELETE ON vessels
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vessel_counts_apply();
